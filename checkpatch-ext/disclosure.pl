#!/usr/bin/env perl
# SPDX-License-Identifier: GPL-2.0
#
# disclosure.pl - check how a patch discloses tools and AI assistants
#
# A checkpatch-style checker for the disclosure rules of
# Documentation/process/coding-assistants.rst and generated-content.rst
# (and other projects' policies, see policies/).  Only the commit message
# is read: text in the diff or below the "---" is never a trailer.
#
# Usage: disclosure.pl [OPTION]... [FILE|-]...
#        disclosure.pl -g REV|RANGE...
# See --help and README.md.

use v5.36;
use Getopt::Long qw(:config no_ignore_case bundling_values);
use File::Basename qw(dirname basename);
use Cwd qw(abs_path);
use Fcntl qw(O_RDONLY O_NONBLOCK);
use lib dirname(abs_path($0)) . '/lib';
use DisclosureMime;
use DisclosureRules;

my $P = 'disclosure.pl';
my $D = dirname(abs_path($0));

my @TYPES = qw(AGENT_AUTHOR AGENT_SIGN_OFF AGENT_CO_DEVELOPED_BY AGENT_CO_AUTHOR
	ASSISTED_BY_FORMAT ASSISTED_BY_BASIC_TOOL GENERATED_BY_TAG
	MISSING_DISCLOSURE MISSING_HUMAN_SIGN_OFF AI_CONTENT_DECLINED
	AI_TRAILER_IN_COMMIT AGENT_ADVERT AGENT_IN_TRAILER);
my %FIXABLE = map { $_ => 1 } qw(AGENT_SIGN_OFF AGENT_CO_DEVELOPED_BY
	AGENT_CO_AUTHOR ASSISTED_BY_FORMAT ASSISTED_BY_BASIC_TOOL
	GENERATED_BY_TAG AGENT_ADVERT AGENT_IN_TRAILER);

sub usage_error($msg) {
	print STDERR "$P: $msg\n";
	print STDERR "Try '$P --help' for more information.\n";
	exit 2;
}

# Trimming that stays linear: s/\s+$// retries the whole run of spaces
# from each of its positions.
sub rtrim($s) { my $r = reverse $s; $r =~ s/^\s+//; return scalar reverse $r }
sub trim($s) { $s =~ s/^\s+//; return rtrim($s) }

sub help() {
	print <<"EOM";
Usage: $P [OPTION]... [FILE]...
Check how patches disclose tools and AI assistants (commit messages only).

FILE is a patch, an mbox of several patches, a bare commit message (as a
commit-msg hook gets it) or '-' for standard input (the default).

Options:
  -g, --git                  treat FILE as a git revision or range
                             (REV, REV1..REV2, REV-COUNT), like checkpatch
  -q, --quiet                only the reports and (if any) the totals
  --terse                    one line per report (implies --emacs)
  --emacs                    FILE:LINE: prefix on each report
  --show-types               show the message type in the output
  --types TYPE(,TYPE...)     show only these message types
  --ignore TYPE(,TYPE...)    ignore these message types (any name,
                             checkpatch's too)
  --strict, --subjective     show CHECKs as well
  --root=DIR                 the kernel tree the patch targets: its
                             Documentation/process/coding-assistants.rst
                             decides the Assisted-by form (default: the
                             tree of -g, or the current directory when it
                             is a kernel tree; without one, the current
                             mainline form 'Assisted-by: LLM [TOOL1]')
  --list-types               list the message types and exit
  --color[=WHEN]             always, never or auto (default)
  --policy NAME|FILE         kernel (default), kernel-2025, kernel-7.3,
                             qemu, llvm, fedora, gentoo, netbsd, zephyr,
                             gtk, kubernetes, asf, openinfra, curl, rust,
                             man-pages, bootc, openssl, ghostty, or a
                             policy file
  --agents FILE              more agent registry entries (repeatable)
  --no-config                do not read .disclosure.conf
  --no-signoff               do not ask for a human Signed-off-by
  --no-summary               no per-patch total line
  --mailback                 print nothing for a clean patch
  --json                     one JSON object a line per report (file,
                             patch, subject, line, level, type, message,
                             fix: the lines --fix would write or delete)
  --fix                      write FILE.EXPERIMENTAL-checkpatch-fixes with
                             the fixable problems corrected
  --fix-inplace              correct FILE itself
  -h, --help                 this help

checkpatch options that do not concern disclosure (--no-tree, -f,
--max-line-length=N, --codespell, --verbose, ...) are accepted and ignored.

Exit status: 1 if any ERROR or WARNING was reported, 2 on bad usage or
unreadable input, 0 otherwise.
EOM
	exit 0;
}

my %opt = (quiet => 0, color => 'auto', summary => 1, signoff => 1,
	   config => 1);
my (@ignore, @use, @agent_files);
my $ignored = sub { };	# checkpatch options that do not concern disclosure
for (@ARGV) { $_ = '--color=always' if $_ eq '--color' || $_ eq '-color' }
GetOptions(
	'g|git!'	=> \$opt{git},
	'q|quiet+'	=> \$opt{quiet},
	'terse!'	=> \$opt{terse},
	'emacs!'	=> \$opt{emacs},
	'show-types!'	=> \$opt{show_types},
	'types=s'	=> \@use,
	'ignore=s'	=> \@ignore,
	'list-types!'	=> \$opt{list_types},
	'strict|subjective!' => \$opt{strict},
	'root=s'	=> \$opt{root},
	'color=s'	=> \$opt{color},
	'no-color'	=> sub { $opt{color} = 'never' },
	'nocolor'	=> sub { $opt{color} = 'never' },
	'policy=s'	=> \$opt{policy},
	'agents=s'	=> \@agent_files,
	'config!'	=> \$opt{config},
	'signoff!'	=> \$opt{signoff},
	'summary!'	=> \$opt{summary},
	'fix!'		=> \$opt{fix},
	'fix-inplace!'	=> \$opt{fix_inplace},
	'mailback!'	=> \$opt{mailback},
	'json!'		=> \$opt{json},
	(map { $_ => $ignored } qw(tree! showfile! v|verbose! f|file! patch!
		summary-file! fixes-tag! ignore-perl-version! codespell!
		max-line-length=i min-conf-desc-length=i tab-size=i debug=s
		test-only=s codespellfile=s typedefsfile=s conststructsfile=s
		kconfig-prefix=s)),
	'h|help|version' => \$opt{help},
) or usage_error('bad option');
help() if $opt{help};
if ($opt{list_types}) {
	print "$_\n" for @TYPES;
	exit 0;
}
$opt{fix} = 1 if $opt{fix_inplace};
if ($opt{terse}) { $opt{emacs} = 1; $opt{quiet}++ }
$opt{quiet}++ if $opt{json};	# nothing but the objects on stdout
usage_error('--git cannot be used with --fix') if $opt{git} && $opt{fix};

my $color;
if ($opt{color} =~ /^(?:always|1)$/i) { $color = 1 }
elsif ($opt{color} =~ /^(?:never|0)$/i) { $color = 0 }
elsif ($opt{color} =~ /^auto$/i) { $color = -t STDOUT ? 1 : 0 }
else { usage_error("invalid color mode: $opt{color}") }
my ($RED, $YELLOW, $GREEN, $BLUE, $RESET) = $color
	? ("\e[31m", "\e[33m", "\e[32m", "\e[34m", "\e[0m") : ('') x 5;

# Any type name is accepted, as checkpatch does: a command line written
# for checkpatch (--ignore LONG_LINE,...) works unchanged.
my (%ignore_type, %use_type);
for my $list ([\@ignore, \%ignore_type], [\@use, \%use_type]) {
	for my $w (map { split /,/ } @{$list->[0]}) {
		$w = uc trim($w);
		$list->[1]{$w} = 1 if $w ne '';
	}
}

# ---------------------------------------------------------------------
# Configuration: the agent registry and the policy.

my @AGENTS;		# { id, names=>[], emails=>[re], models=>[re], derive, prefix, ai }
my %POLICY;

sub read_conf_lines($file) {
	open(my $fh, '<', $file) or usage_error("cannot read $file: $!");
	my @l = <$fh>;
	close $fh;
	return @l;
}

sub glob_re($g) {
	my $re = join '', map { $_ eq '*' ? '.*' : quotemeta } split /(\*)/, $g;
	return qr/^$re$/i;
}

sub load_agents($file) {
	my $cur;
	my $n = 0;
	for my $line (read_conf_lines($file)) {
		$n++;
		$line = trim($line);
		next if $line eq '' || $line =~ /^#/;
		if ($line =~ /^\[agent\s+(\S+)\s*\]$/) {
			my $id = $1;
			($cur) = grep { $_->{id} eq $id } @AGENTS;
			if (!$cur) {
				$cur = { id => $id, names => [], emails => [],
					 models => [], model_src => [], derive => '', dots => 'keep',
					 prefix => '', ai => 1, trailers => [], links => [],
					 claims => [], domains => [], sessions => [], adverts => [],
					 marks => [], subjects => [], traces => [], reports => 0 };
				push @AGENTS, $cur;
			}
			next;
		}
		if (my ($k, $v) = $line =~ /^([a-z-]+)\s*=\s*(.*)$/) {
			if ($k eq 'policy' && !$cur) { $POLICY{_from_config} = $v; next }
			usage_error("$file:$n: '$k' outside an [agent NAME] section") unless $cur;
			if ($k eq 'name') { push @{$cur->{names}}, lc $v }
			elsif ($k eq 'email') { push @{$cur->{emails}}, glob_re($v) }
			elsif ($k eq 'model') {
				my $re = eval { qr/^(?:$v)$/i };
				usage_error("$file:$n: bad model regex: $v") unless $re;
				push @{$cur->{models}}, $re;
				push @{$cur->{model_src}}, $v;
			}
			elsif ($k eq 'trailer') { push @{$cur->{trailers}}, glob_re($v) }
			elsif ($k eq 'link') { push @{$cur->{links}}, glob_re($v) }
			elsif ($k eq 'claim') { push @{$cur->{claims}}, $v }
			elsif ($k eq 'domain') { push @{$cur->{domains}}, lc $v }
			elsif ($k eq 'session') { push @{$cur->{sessions}}, lc $v }
			elsif ($k eq 'advert') { push @{$cur->{adverts}}, glob_re($v) }
			elsif ($k eq 'subject') { push @{$cur->{subjects}}, glob_re($v) }
			elsif ($k eq 'trace') { push @{$cur->{traces}}, glob_re($v) }
			elsif ($k eq 'mark') { push @{$cur->{marks}}, glob_re($v) }
			elsif ($k eq 'derive') { $cur->{derive} = $v }
			elsif ($k eq 'dots') {
				usage_error("$file:$n: dots must be keep or dashes") unless $v =~ /^(?:keep|dashes)$/;
				$cur->{dots} = $v;
			}
			elsif ($k eq 'prefix') { $cur->{prefix} = $v }
			elsif ($k eq 'ai') { $cur->{ai} = $v =~ /^(?:yes|1|true)$/i ? 1 : 0 }
			elsif ($k eq 'reports') { $cur->{reports} = $v =~ /^(?:yes|1|true)$/i ? 1 : 0 }
			else { usage_error("$file:$n: unknown key '$k'") }
			next;
		}
		usage_error("$file:$n: cannot parse: $line");
	}
}

sub policy_path($name, $base) {
	return "$D/policies/$name.policy" if $name =~ /^[a-z0-9_.-]+$/i && -f "$D/policies/$name.policy";
	return $name if $name =~ m{^/} || !defined $base;
	return -f $name ? $name : "$base/$name";
}

sub load_policy($name, $base = undef, $depth = 0) {
	usage_error("policy include loop at $name") if $depth > 8;
	my $file = policy_path($name, $base);
	usage_error("no such policy: $name (a name from policies/ or a file)") unless -f $file && -r $file;
	my $dir = dirname($file);
	my $n = 0;
	for my $line (read_conf_lines($file)) {
		$n++;
		$line = trim($line);
		next if $line eq '' || $line =~ /^#/;
		if ($line =~ /^level\s+([A-Z_]+)\s*=\s*(ERROR|WARNING|CHECK|off)$/i) {
			my ($t, $l) = (uc $1, $2);
			usage_error("$file:$n: unknown type $t") unless grep { $_ eq $t } @TYPES;
			$POLICY{level}{$t} = $l =~ /^off$/i ? 'off' : uc $l;
		} elsif ($line =~ /^include\s*=\s*(\S+)$/) {
			load_policy($1, $dir, $depth + 1);
		} elsif ($line =~ /^(basic-tools|analysis-tools|tool-input)\s*=\s*(.*)$/) {
			$POLICY{$1} = { map { lc($_) => 1 } split ' ', $2 };
		} elsif ($line =~ /^(name|doc|ai-content|assisted-by|declined|assisted-by-means|disclosure|fix-trailer|other-form|tool-name|form)\s*=\s*(.*)$/) {
			$POLICY{$1} = $2;
		} elsif ($line =~ /^disclosure-trailers\s*=\s*(.*)$/) {
			$POLICY{'disclosure-trailers'} = [split ' ', $1];
		} elsif ($line =~ /^source\s*=\s*(.*)$/) {
			# where the rules come from: documentation, not used
		} elsif ($line =~ /^agents\s*=\s*(.+)$/) {
			my $f = $1 =~ m{^/} ? $1 : "$dir/$1";
			load_agents($f);
		} else {
			usage_error("$file:$n: cannot parse: $line");
		}
	}
	usage_error("$file: ai-content must be allowed or declined")
		if defined $POLICY{'ai-content'} && $POLICY{'ai-content'} !~ /^(?:allowed|declined)$/;
	usage_error("$file: assisted-by must be tree, llm, agent-model or tool")
		if defined $POLICY{'assisted-by'} && $POLICY{'assisted-by'} !~ /^(?:tree|llm|agent-model|tool)$/;
	usage_error("$file: assisted-by-means must be tool or person")
		if defined $POLICY{'assisted-by-means'} && $POLICY{'assisted-by-means'} !~ /^(?:tool|person)$/;
	usage_error("$file: other-form must be check or warning")
		if defined $POLICY{'other-form'} && $POLICY{'other-form'} !~ /^(?:check|warning)$/;
	usage_error("$file: disclosure must be required, allowed or forbidden")
		if defined $POLICY{disclosure} && $POLICY{disclosure} !~ /^(?:required|allowed|forbidden)$/;
}

load_agents("$D/agents.conf");
my $user_conf;
if ($opt{config}) {
	my @cand;
	push @cand, $ENV{DISCLOSURE_CONF} if defined $ENV{DISCLOSURE_CONF} && $ENV{DISCLOSURE_CONF} ne '';
	my $top = `git rev-parse --show-toplevel 2>/dev/null`;
	chomp $top;
	push @cand, "$top/.disclosure.conf" if $top ne '';
	push @cand, '.disclosure.conf';
	($user_conf) = grep { -f $_ } @cand;
	load_agents($user_conf) if $user_conf;
}
load_agents($_) for @agent_files;
{
	# a policy named in the user's config applies unless --policy was given
	my $want = $opt{policy} // $POLICY{_from_config} // 'kernel';
	delete $POLICY{_from_config};
	my $base = $user_conf ? dirname($user_conf) : undef;
	load_policy($want, $base);
}
$POLICY{$_} //= {} for qw(basic-tools analysis-tools tool-input);
my $DECLINE_AI = ($POLICY{'ai-content'} // 'allowed') eq 'declined';
my $DOC = $POLICY{doc} // 'the project policy';
# What the trailers mean here: Assisted-by credits a tool (the kernel) or
# a person (curl); which tags disclose AI use; whether the commit may
# carry them (forbidden: GTK, Kubernetes disclose in the merge request);
# the tag --fix writes (none: it cannot tell which one applies).
my $PERSON = ($POLICY{'assisted-by-means'} // 'tool') eq 'person';
my $FORBID = ($POLICY{disclosure} // 'required') eq 'forbidden';
my %DISCLOSE = map { lc($_) => $_ } @{$POLICY{'disclosure-trailers'} // ['Assisted-by']};
my $FIX_TAG = $POLICY{'fix-trailer'} // 'Assisted-by';
# the Assisted-by form not in force: a CHECK (both are in the kernel's
# history), or a WARNING where the project's CI warns on it (Zephyr)
my $OTHER_FORM = uc($POLICY{'other-form'} // 'check');

# The Assisted-by form in force.  The kernel changed it: AGENT_NAME:MODEL_VERSION
# from 78d979db6cef (Dec 2025) to 7.2, LLM since 816d9992d9ed (7.3).  Both
# are in the kernel's history, so the one not in force is only a CHECK.
# A policy says which form (assisted-by = llm|agent-model|tool) or that
# the target tree decides (tree).
# (tool-name: the one value the rules want in the tool form, bootc's
# "Assisted-by: AI", never the agent's name)
my $TOOL_NAME = $POLICY{'tool-name'};
my %RULE = (%DisclosureRules::FORM,
	    tool => $FIX_TAG eq 'none' ? join(' or ', map { "$_: " . ($TOOL_NAME // '<name of code assistant>') } sort values %DISCLOSE)
				       : "$FIX_TAG: " . ($TOOL_NAME // '<name of code assistant>'));
my ($FORM, $RULE_SRC) = ($POLICY{'assisted-by'} // 'tree', $DOC);
if ($FORM eq 'tree') {
	my $root = $opt{root};
	usage_error("--root=$root: not a directory") if defined $root && !-d $root;
	if (!defined $root && $opt{git}) {
		$root = `git rev-parse --show-toplevel 2>/dev/null`;
		chomp $root;
	}
	$root = '.' if (!defined $root || $root eq '') && is_kernel_tree('.');
	($FORM, $RULE_SRC) = ('llm', 'mainline Documentation/process/coding-assistants.rst, since 816d9992d9ed');
	my $rst = defined $root && $root ne '' ? "$root/Documentation/process/coding-assistants.rst" : undef;
	# (Opened without blocking, and only a regular file read: a FIFO put
	# there would hang the check for good.)
	my $fh;
	if ($rst && sysopen($fh, $rst, O_RDONLY | O_NONBLOCK) && -f $fh) {
		while (my $l = <$fh>) {
			next unless $l =~ /Assisted-by:\s*(\S+)/;
			my $v = $1;
			if ($v eq 'LLM') { $FORM = 'llm'; last }
			if ($v =~ /^AGENT_NAME:MODEL_VERSION/) { $FORM = 'agent-model'; last }
		}
		close $fh;
		$RULE_SRC = $rst =~ s{^\./}{}r;
	}
}
# The form as the project's rules write it (form =: OpenSSL's
# "Assisted-by: {agent}:{model}"), quoted in place of the kernel's text
# of the same form; its placeholders name the parts in the messages, and
# without the kernel's optional tools it is what to add.
$RULE{$FORM} = $POLICY{form} if defined $POLICY{form} && $FORM ne 'llm';
my $RULE = "'$RULE{$FORM}' ($RULE_SRC)";
my ($AGENT_PH, $MODEL_PH) = $RULE{$FORM} =~ /^[\w-]+:\s*([^\s:]+):(\S+)/ ? ($1, $2) : ('AGENT_NAME', 'MODEL_VERSION');
my $WANT = $RULE{$FORM} =~ s/(?: \[TOOL[0-9]\])+//gr;
# the kernel's generated-content.rst (a tool's input in the changelog),
# where the policy keeps it
my $TOOL_INPUT_DOC = %{$POLICY{'tool-input'}} ? ' (Documentation/process/generated-content.rst)' : '';

sub is_kernel_tree($d) {
	return !grep { !-e "$d/$_" } qw(Makefile Kconfig MAINTAINERS Documentation scripts);
}

# ---------------------------------------------------------------------
# Agent identity.

my $name_re = do {
	my @n = sort { length $b <=> length $a } map { @{$_->{names}} } @AGENTS;
	@n ? qr/^(${\ join '|', map { quotemeta } @n})(?:\s+(.*))?$/i : qr/(?!)/;
};

sub agent_by_name($n) {
	$n = lc $n;
	for my $a (@AGENTS) {
		return $a if grep { $_ eq $n } @{$a->{names}};
	}
	return undef;
}

sub agent_by_id($id) {
	for my $a (@AGENTS) { return $a if lc $a->{id} eq lc $id }
	return agent_by_name($id);
}

sub model_agent($tok) {
	for my $a (@AGENTS) {
		for my $re (@{$a->{models}}) { return $a if $tok =~ $re }
	}
	return undef;
}

# A model id, or the agent's own name, as the local part at the agent
# vendor's domain: (agent, model, 'address') or ().
sub model_address($email) {
	my $at = rindex($email, '@');
	return () if $at <= 0;
	my ($local, $dom) = (lc substr($email, 0, $at), lc substr($email, $at + 1));
	for my $a (@AGENTS) {
		next unless grep { $dom eq $_ || substr($dom, -length($_) - 1) eq ".$_" } @{$a->{domains}};
		# a model id has a version: claude-shannon@ is a person
		return ($a, $local, 'address') if $local =~ /[0-9]/ && grep { $local =~ $_ } @{$a->{models}};
		return ($a, '', 'address') if grep { $local eq $_ } lc $a->{id}, grep { !/\s/ } @{$a->{names}};
	}
	return ();
}

# A model id as MODEL_VERSION ("the specific model version used",
# coding-assistants.rst): its dots kept (gpt-4.1, gemini-2.5-pro), the
# provider dropped; '' for what does not read as one (never a garbled
# id such as gemini-cli+gemini-2-5-pro): letters, digits, '.' and '-',
# and one of the agent's model patterns when it has some.
sub norm_model($m, $a) {
	$m = trim($m);
	$m =~ s{^.*/}{};		# provider/model
	$m = lc $m;
	$m =~ s/[\s_]+/-/g;
	$m =~ s/-+/-/g;
	$m =~ s/^-|-$//g;
	return '' unless $m =~ /^[a-z0-9](?:[a-z0-9.-]*[a-z0-9])?\z/;
	my $p = lc($a->{prefix} // '');
	$m = "$p$m" if $p ne '' && index($m, $p) != 0;
	return '' if @{$a->{models} // []} && !grep { $m =~ $_ } @{$a->{models}};
	return $m;
}

# Split a trailer value "Name <addr>", "Name addr@x", "Name (c) <addr>".
# No backtracking regex over the value: it may hold long runs of spaces.
sub split_ident($v) {
	my ($name, $email) = ($v, '');
	my $lt = index($v, '<');
	my $gt = $lt >= 0 ? index($v, '>', $lt) : -1;
	if ($gt > $lt) {
		($name, $email) = (substr($v, 0, $lt), substr($v, $lt + 1, $gt - $lt - 1));
	} else {
		my @w = split ' ', $v;
		if (@w && $w[-1] =~ /\@/) {
			$email = $w[-1];
			$name = substr($v, 0, rindex($v, $email));
		}
	}
	$name = trim($name);
	$name = $1 if $name =~ /^"(.*)"\z/s;
	return (trim($name), $email);
}

# MODEL_VERSION from the words after an agent's name: the text in
# parentheses is a note ("(1M context)") or a vendor ("(Anthropic)"), not
# the model, and without a digit there is no version to name.
sub words_model($rest, $a) {
	$rest =~ s/\([^()]*\)//g;
	# a display name's version, as the agent's ids write it: "Opus 4.7"
	# is claude-opus-4-7 (dots = dashes), "2.5 Pro" gemini-2.5-pro
	$rest =~ s/(?<=[0-9])\.(?=[0-9])/-/g if $a->{dots} eq 'dashes';
	my $m = norm_model($rest, $a);
	return $m =~ /[0-9]/ ? $m : '';
}

# MODEL_VERSION from a model given by its display name ("Claude Sonnet
# 4.5", "Gemini 2.5 Pro", or "Sonnet 4.5" for Claude): the id of the
# agent whose name opens it (else of $a), written as that agent's ids
# are; a model id among the words as it is; '' for words without a
# version or that do not read as one of the agent's ids.
sub display_model($words, $a) {
	for my $w (split ' ', $words) {
		my $t = $w =~ s{^.*/}{}r;
		return lc $t if model_agent($t);
	}
	if (my ($n, $rest) = $words =~ $name_re) {
		my $b = agent_by_name($n);
		if ($b && $b->{ai} && $b->{derive} eq 'words' && defined $rest && $rest ne '') {
			my $m = words_model($rest, $b);
			return $m if $m ne '';
		}
	}
	return words_model($words, $a);
}

# The words of an Assisted-by value after AGENT_NAME: that name a model
# in words ("Sonnet 4.5 coccinelle", "Gemini 2.5 Pro"): the first and
# those that go on with a capital, a digit or a note in parentheses;
# the tools after them.
sub model_words(@w) {
	my ($k, $open) = (0, 0);
	while ($k < @w && ($k == 0 || $open || $w[$k] =~ /^[A-Z0-9(]/)) {
		$open += ($w[$k] =~ tr/(//) - ($w[$k] =~ tr/)//);
		$k++;
	}
	return ([@w[0 .. $k - 1]], [@w[$k .. $#w]]);
}

# Is this identity an agent?  Returns { agent, model, how } or undef.
# By address, by the mark an agent puts in a person's name ("Jane Doe
# (aider)"), by a model-like string, or by a registry name with no
# address or an agent's address; never by a first name with a personal
# address.
sub identify($v) {
	my ($name, $email) = split_ident($v);
	my ($agent, $model, $how);
	if ($email ne '') {
		A: for my $a (@AGENTS) {
			for my $re (@{$a->{emails}}) {
				if ($email =~ $re) { ($agent, $how) = ($a, 'address'); last A }
			}
		}
		($agent, $model, $how) = model_address($email) unless $agent;
	}
	if (!$agent && $name ne '') {
		M: for my $a (@AGENTS) {
			for my $re (@{$a->{marks}}) {
				if ($name =~ $re) { ($agent, $how) = ($a, 'mark'); last M }
			}
		}
	}
	# model-like tokens anywhere in the name (or a bare value)
	my $mtok;
	# ("Gemini CLI+gemini-2.5-pro", "Claude Code/claude-opus-4.6": '+'
	# and '/' part names too)
	for my $t (split m{[\s(),\[\]+/]+}, $name) {
		next if $t eq '';
		if (my $a = model_agent($t)) {
			$mtok = $t;
			$agent //= $a;
			$how //= 'model';
			last;
		}
	}
	my $byname;
	if ($name =~ $name_re) {
		my ($n, $rest) = ($1, $2 // '');
		$byname = agent_by_name($n);
		if ($byname) {
			if ($agent && $agent ne $byname && $how eq 'model') {
				$agent = $byname;	# "Cursor gpt-4-turbo": the agent is Cursor
			}
			if (!$agent && ($email eq '' || $email =~ /noreply|no-reply|\[bot\]/i)) {
				($agent, $how) = ($byname, 'name');
			}
			if ($agent && $agent eq $byname && !defined $mtok) {
				if ($byname->{derive} eq 'words' && $rest ne '' && $rest !~ /[<@]/) {
					$model = words_model($rest, $byname);
				}
			}
		}
	}
	return undef unless $agent;
	if (!defined $model || $model eq '') {
		if (defined $mtok) { $model = lc $mtok }
		elsif ($agent->{derive} eq 'parens' && $name =~ /\(([^()]+)\)/) {
			$model = norm_model($1, $agent);
			$model = '' unless $model =~ /[0-9]/;
		}
	}
	return { agent => $agent, model => ($model // ''), how => $how, name => $name, email => $email };
}

# The Assisted-by in force for an identified agent: the text to show and
# the line --fix may write (undef when it would need a model the trailer
# does not give: never a guessed one).
sub assisted_by($id) {
	return ('Assisted-by: LLM') x 2 if $FORM eq 'llm';
	if ($FORM eq 'tool') {
		my $n = $TOOL_NAME // $id->{agent}{id};
		return (join(' or ', map { "$_: $n" } sort values %DISCLOSE), undef) if $FIX_TAG eq 'none';
		return ("$FIX_TAG: $n") x 2;
	}
	my $m = $id->{model};
	return $m ne '' ? ("Assisted-by: $id->{agent}{id}:$m") x 2
			: ("Assisted-by: $id->{agent}{id}:$MODEL_PH", undef);
}

# ---------------------------------------------------------------------
# Reading input.

my $exit = 0;
my ($cnt_error, $cnt_warn, $cnt_chk);
my @report;	# this patch's: { text, level, type, msg, line, fix => [raw indexes] }
my $cur_name = '';
my ($cur_patch, $cur_subject, $cur_start) = (0, '', undef);	# patch number in a file of several
my $LAST;	# the last report: the fixes that follow it are its own

sub report($level, $type, $msg, $lnum, $raw) {
	my $lvl = $POLICY{level}{$type} // $level;
	return 0 if $lvl eq 'off';
	if ($type eq 'MISSING_DISCLOSURE') {
		# nothing to ask of the commit where it may not disclose; at
		# most a CHECK where disclosing is only allowed
		return 0 if $FORBID;
		$level = 'CHECK' if ($POLICY{disclosure} // '') eq 'allowed';
	}
	$lvl = 'CHECK' if $level eq 'CHECK';	# a type's CHECK cases stay CHECKs
	return 0 if $ignore_type{$type};
	return 0 if %use_type && !$use_type{$type};
	return 0 if $lvl eq 'CHECK' && !$opt{strict};	# as checkpatch's CHK()
	$level = $lvl;
	my $out = '';
	$out .= $level eq 'ERROR' ? $RED : $level eq 'WARNING' ? $YELLOW : $GREEN;
	if ($opt{emacs}) {
		# in a file of several patches, a report of the whole patch
		# points at the patch's first line
		my $ln = $lnum // ($cur_patch ? $cur_start : undef);
		$out .= "$cur_name:" . (defined $ln ? "$ln:" : '') . ' ';
	}
	$out .= $level . ':';
	$out .= "$BLUE$type:" if $opt{show_types};
	$out .= $RESET . ' ' . $msg;
	# --terse has no patch headers: it names the patch
	$out .= " [patch $cur_patch" . ($cur_subject ne '' ? qq{ "$cur_subject"} : '') . ']' if $opt{terse} && $cur_patch;
	$out .= "\n";
	$out .= "#$lnum: \n$raw\n" if defined $lnum;
	$out .= "\n";
	$out = (split /\n/, $out)[0] . "\n" if $opt{terse};
	push @report, $LAST = { text => $out, level => $level, type => $type, msg => $msg, line => $lnum, fix => [] };
	if ($level eq 'ERROR') { $cnt_error++ }
	elsif ($level eq 'WARNING') { $cnt_warn++ }
	else { $cnt_chk++ }
	return 1;
}

sub read_input($file) {
	my $fh;
	if ($file eq '-') {
		$fh = \*STDIN;
	} else {
		if (-d $file) { print STDERR "$P: $file: is a directory\n"; exit 2 }
		open($fh, '<:raw', $file) or do { print STDERR "$P: $file: cannot open: $!\n"; exit 2 };
	}
	binmode $fh;
	local $/;
	my $data = <$fh>;
	if (!defined $data) { print STDERR "$P: $file: read error: $!\n"; exit 2 }
	close $fh unless $file eq '-';
	return $data;
}

# The lines, without their line ends (LF or CRLF).
sub split_lines($data) {
	my @l = split /\n/, $data, -1;
	pop @l if @l && $l[-1] eq '';
	s/\r\z// for @l;
	return \@l;
}

my $hdr_re = qr/^(?:From|Subject|Date|Message-I[Dd]|To|Cc|Reply-To|Return-Path|Received|X-[\w-]+|MIME-Version|Content-[\w-]+|In-Reply-To|References|Delivered-To|Sender|List-[\w-]+|Precedence|Author|Commit|CommitDate|AuthorDate|Repository|Merge):[ \t]/i;
my $mbox_from = qr/^From [^\s:]+(?:\s.*)?$/;

# Split a file's lines into patches: [start, end) index ranges.
sub split_patches($L) {
	my @starts = (0);
	my $past_msg = 0;	# a "---" or a diff since the last start
	for my $i (1 .. $#$L) {
		my $t = $L->[$i];
		my $c = substr($t, 0, 5);
		if ($c eq '---' || $c eq '--- ' || $c eq 'diff ') {
			$past_msg = 1 if $t =~ /^(?:---\s*$|diff --git )/;
			next;
		}
		if ($c eq 'commi') {
			# git log text: one message per "commit SHA" header
			if ($t =~ /^commit [0-9a-f]{7,64}\b/ && $i + 1 <= $#$L
			    && $L->[$i + 1] =~ /^(?:Author|Merge):[ \t]/) {
				push @starts, $i;
				$past_msg = 0;
			}
			next;
		}
		next unless $c eq 'From ' || $c eq 'From:';
		next unless $i + 1 <= $#$L && $L->[$i + 1] =~ $hdr_re;
		if ($c eq 'From ') {
			# an mbox separator
			next unless $t =~ $mbox_from && ($L->[$i - 1] eq '' || $past_msg);
		} else {
			# concatenated format-patch files without separators
			next unless $past_msg;
		}
		push @starts, $i;
		$past_msg = 0;
	}
	my @r;
	for my $k (0 .. $#starts) {
		my $end = $k < $#starts ? $starts[$k + 1] : scalar @$L;
		push @r, [$starts[$k], $end];
	}
	return @r;
}

# The commit message of one patch: list of line indexes, the subject,
# whether it came with mail headers, whether it is indented (git log) and
# the author's line ([index, value] of From: or Author:; none in a bare
# message).
sub commit_message($L, $s, $e) {
	my $i = $s;
	my ($subject, $mode, $author) = ('', 'bare');
	$i++ while $i < $e && $L->[$i] =~ /^\s*$/;
	my $first = $i < $e ? $L->[$i] : '';
	my $indent = 0;
	if ($first =~ $mbox_from || $first =~ $hdr_re || $first =~ /^commit [0-9a-f]{7,40}\b/) {
		$mode = $first =~ /^commit / ? 'log' : 'mail';
		$i++ if $first =~ $mbox_from || $first =~ /^commit /;
		while ($i < $e && $L->[$i] ne '') {
			my $t = $L->[$i];
			$author = [$i, $1] if $t =~ /^(?:From|Author):\s*(.*)$/i;
			if ($t =~ /^Subject:\s*(.*)$/i) {
				$subject = $1;
				while ($i + 1 < $e && $L->[$i + 1] =~ /^[ \t]+(\S.*)$/) {
					$subject .= " $1";
					$i++;
				}
			}
			$i++;
		}
		$i++ while $i < $e && $L->[$i] =~ /^\s*$/;
		# in-body headers (From:, Date:, Subject:) after the mail headers
		if ($mode eq 'mail') {
			my $j = $i;
			$j++ while $j < $e && $L->[$j] =~ /^(?:From|Date|Subject):\s/i;
			if ($j > $i && ($j >= $e || $L->[$j] eq '')) {
				for my $k ($i .. $j - 1) {
					$subject = $1 if $L->[$k] =~ /^Subject:\s*(.*)$/i;
					$author = [$k, $1] if $L->[$k] =~ /^From:\s*(.*)$/i;	# git am's author
				}
				$i = $j;
				$i++ while $i < $e && $L->[$i] =~ /^\s*$/;
			}
		}
		$indent = 1 if $mode eq 'log' && $i < $e && $L->[$i] =~ /^    \S/;
	}
	my @msg;
	for (; $i < $e; $i++) {
		my $t = $L->[$i];
		last if $t =~ /^---\s*$/;
		last if $t =~ /^(?:diff --git |Index: |diff -|--- \S)/;
		last if $t =~ /^# -+ >8 -+$/;		# git commit --verbose scissors
		last if $t =~ /^-- $/;			# signature
		next if $mode eq 'bare' && $t =~ /^#/;	# commit template comments
		push @msg, $i;
	}
	if ($mode ne 'mail' && @msg) {
		# the first paragraph is the subject
		my @s;
		push @s, shift @msg while @msg && $L->[$msg[0]] =~ /\S/;
		$subject = join ' ', map { $L->[$_] =~ s/^\s+//r } @s;
	}
	return (\@msg, $subject, $mode, $indent, $author);
}

# ---------------------------------------------------------------------
# The checks.

# "Tag: value", the value trimmed afterwards (see rtrim)
my $trailer_re = qr/^([A-Za-z][A-Za-z0-9]*(?:-[A-Za-z0-9]+)*):[ \t]*(.*)$/;

# The words that name an AI in prose: the registry's names, claim words and
# model patterns, and generic words for an LLM.  These and the claim
# patterns are lib/DisclosureRules.pm's, which the kernel checkpatch.pl
# patch is generated from too.
my $ai_words_src = do {
	my @ai = grep { $_->{ai} } @AGENTS;
	my @w = sort { length $b <=> length $a } map { ($_->{id}, @{$_->{names}}, @{$_->{claims}}) } @ai;
	my @alt = map { quotemeta } @w;	# literal: one trie (claims see squeezed spaces)
	push @alt, map { @{$_->{model_src}} } @ai;
	push @alt, @DisclosureRules::AI_WORDS;
	'(?:' . join('|', @alt) . ')';
};
my $ai_words = qr/$ai_words_src/i;
my $tool_words = qr/$DisclosureRules::CLAIM_TOOL_WORDS/i;
# cheap test first, one regex of word starts: most lines name no tool
my $claim_hint = do {
	my %h = map { lc($_) => 1 } @DisclosureRules::CLAIM_HINT;
	for my $a (grep { $_->{ai} } @AGENTS) {
		$h{lc((split ' ', $_)[0])} = 1 for $a->{id}, @{$a->{names}}, @{$a->{claims}};
		# a model pattern's leading letters: claude-, gpt-, (?:opus|sonnet)-
		for (@{$a->{model_src}}) {
			my ($lit) = /^(?:\(\?:)?([a-z|]+)/i or next;
			$h{lc $_} = 1 for split /\|/, $lit;
		}
	}
	my $re = join '|', map { quotemeta } sort keys %h;
	qr/\b(?:$re)/i;	# one trie, at the start of a word
};
# a value that names AI by its generic word first ("Generated-by: AI",
# bootc's form; "Assisted-by: LLM")
my $ai_first = qr/$DisclosureRules::AI_FIRST/i;
# a tag of AI disclosure: "AI-Assisted", "AI-Tools", "LLM-Used", "GenAI"
my $ai_tag = qr/$DisclosureRules::AI_TAG/i;
# a session trailer's name: "Claude-Session", "Codex-Task-URL", ...
my $session_tag = do {
	my @n = grep { !/\s/ } map { (lc $_->{id}, @{$_->{names}}) } grep { $_->{ai} } @AGENTS;
	my $re = join '|', map { quotemeta } @n, 'agent', 'ai';
	qr/^(?:$re)$DisclosureRules::SESSION_SUFFIX$/i;
};
# An AI named as the doer in the newer claims ("Claude wrote the ...",
# "Assisted by Claude Code"): a registry name or model, or AI / LLM /
# an AI assistant; capitalised, or a model id: "the cursor was used to
# write" is about a cursor
my $agent_words_src = do {
	my @ai = grep { $_->{ai} } @AGENTS;
	my @w = sort { length $b <=> length $a } map { ($_->{id}, @{$_->{names}}, @{$_->{claims}}) } @ai;
	my $re = join '|', (map { quotemeta } @w), (map { @{$_->{model_src}} } @ai), @DisclosureRules::AGENT_WORDS;
	"$DisclosureRules::AGENT_CAPS(?:$re)";
};
my %claim_re = (
	ai => [map { my $p = DisclosureRules::fill_claim($_, $ai_words_src, $agent_words_src); qr/$p/i } @DisclosureRules::CLAIM_AI],
	gen => [map { qr/$_/ } @DisclosureRules::CLAIM_GEN],
	tool => [map { qr/$_/i } @DisclosureRules::CLAIM_TOOL],
);
my %not_a_tool = map { $_ => 1 } @DisclosureRules::NOT_A_TOOL;
my $ai_tag_no = qr/$DisclosureRules::AI_TAG_NO/i;
my $ai_signer_re = qr/$DisclosureRules::AI_SIGNER/i;

# The first pattern of @$list that matches $t: its first two groups and
# where the first ends, or ().  A match after a conditional clause ("if
# it was done by aider") is about other commits: the next one is tried.
my $claim_if = qr/$DisclosureRules::CLAIM_IF/i;
sub first_match($t, $list) {
	for my $re (@$list) {
		while ($t =~ /$re/g) {
			my @m = ($1, $2, $+[1], $-[1]);
			return @m[0 .. 2] unless substr($t, 0, $m[3]) =~ $claim_if;
			pos($t) = $m[3] + 1;
		}
	}
	return ();
}

# What a changelog line says was made by a tool: ('ai'|'tool'|'gen', text)
# or ().  'gen' is a tool the registry does not know.
sub content_claim($t) {
	return () unless $t =~ $claim_hint;
	return () if $t =~ /^\s*>/;
	$t =~ tr/ \t/ /s;	# runs of blanks: one space (shorter, same words)
	my @r;
	# a claim that stops inside a [link](url) is quoted with all of it:
	# "Made with [Cursor](https://cursor.com)", not "Made with [Cursor"
	my $whole = sub ($claim, $end) {
		return $claim unless $claim =~ /\[[^\]]*\z/;
		return $claim . $1 if substr($t, $end) =~ /^([^\]]*\](?:\([^()\s]*\))?)/;
		return $claim;
	};
	if (my ($claim, undef, $end) = first_match($t, $claim_re{ai})) {
		push @r, ['ai', $whole->($claim, $end)];
	} elsif (($claim, my $tool, $end) = first_match($t, $claim_re{gen})) {
		# a tool outside the registry: still a claim of generation
		$tool = lc $tool;
		$claim = $whole->($claim, $end);
		push @r, ['gen', $claim]
			unless $not_a_tool{$tool} || $POLICY{'basic-tools'}{$tool} || $claim =~ $tool_words;
	}
	if (my ($claim) = first_match($t, $claim_re{tool})) {
		push @r, ['tool', $claim];
	}
	return @r;
}

# The trailer block of a message body (its line indexes, the subject
# apart), as git finds it (git interpret-trailers, trailer.c): the last
# paragraph, when its lines are all trailers, or when it holds a trailer
# git generates ("Signed-off-by: ", "(cherry picked from commit ") and at
# least 25% of its lines are trailers.  A trailer line is a token of
# letters, digits and '-', then a colon (spaces may come between); a line
# that starts with a blank continues the trailer above it.  Lines quoted
# in the body are text, however much they look like trailers.  One
# departure: an agent's advertising line (the registry's adverts), which
# --fix drops, is not weighed ("Generated with Devin (...)" right above
# the agent's Co-Authored-By).
sub trailer_block($msg, $text) {
	my $end = $#$msg;
	$end-- while $end >= 0 && $text->($msg->[$end]) =~ /^\s*$/;
	return () if $end < 0;
	my $start = $end;
	$start-- while $start > 0 && $text->($msg->[$start - 1]) !~ /^\s*$/;
	my ($trailers, $other, $cont, $git) = (0, 0, 0, 0);
	for my $k (reverse $start .. $end) {
		my $t = $text->($msg->[$k]);
		if ($t =~ /^(?:Signed-off-by: |\(cherry picked from commit )/) { $trailers++; $cont = 0; $git = 1 }
		elsif ($t =~ /^[A-Za-z0-9-]+[ \t]*:/) { $trailers++; $cont = 0 }
		elsif ($t =~ /^\s/) { $cont++ }
		elsif (!advert($t)) { $other += 1 + $cont; $cont = 0 }
	}
	$other += $cont;
	return () unless $trailers && (!$other || $git && $trailers * 3 >= $other);
	return @$msg[$start .. $end];
}

# Disclosure trailers above git's trailer block: a paragraph of the body
# whose lines are all "Token: value" and which holds a disclosure
# (Assisted-by, Generated-by, an AI-* tag, the policy's disclosure tags,
# an agent in Co-authored-by or Co-developed-by), when nothing but
# trailer-like paragraphs follows it (the sign-off's, merge bots' lines
# such as OpenSSL's "MergeDate:" and "(Merged from ...)").  git does not
# read it, but the author wrote it as a trailer.  An example stays text:
# a value with a placeholder (AGENT_NAME, MODEL_VERSION, TOOL1,
# <name of code assistant>, {agent}), or a paragraph introduced by one
# ending with a colon ("The format is:").  Their line indexes.
sub disclosure_paragraphs($msg, $text) {
	my @para = ([]);
	for my $i (@$msg) {
		if ($text->($i) !~ /\S/) { push @para, [] if @{$para[-1]} }
		else { push @{$para[-1]}, $i }
	}
	pop @para if !@{$para[-1]};
	# trailers, continuations, notes in parentheses (each test anchored
	# and possessive: a line may hold a long run of spaces)
	my $like_line = sub ($t) {
		return 0 if $t =~ m{\A[A-Za-z]++://};
		return 1 if $t =~ /\A[A-Za-z0-9-]++[ \t]*+:/ || $t =~ /\A\s/;
		my $c = substr($t, 0, 1);
		return 0 unless $c eq '(' || $c eq '[';
		return substr(rtrim($t), -1) eq ($c eq '(' ? ')' : ']');
	};
	my $like = sub ($p) { !grep { !$like_line->($text->($_)) } @$p };
	return () unless @para > 1 && $like->($para[-1]);
	my @r;
	for (my $k = $#para - 1; $k >= 0; $k--) {
		my $p = $para[$k];
		last unless $like->($p);
		my @t = map { [$text->($_) =~ $trailer_re] } @$p;
		next if grep { !@$_ } @t or grep { $text->($_) =~ m{^[A-Za-z]+://} } @$p;
		next if grep { $_->[1] =~ /\b(?:AGENT_NAME|MODEL_VERSION|TOOL[0-9])\b|<[^<>@]*>|\{[^{}]*\}/ } @t;
		next if $k > 0 && $text->($para[$k - 1][-1]) =~ /:\s*\z/;
		next unless grep { disclosure_tag($_->[0], $_->[1]) } @t;
		unshift @r, @$p;
	}
	return @r;
}

# Does this trailer disclose AI or tool use?
sub disclosure_tag($tag, $val) {
	my $lc = lc $tag;
	return 1 if $lc eq 'assisted-by' || $lc eq 'generated-by' || $DISCLOSE{$lc} || $tag =~ $ai_tag;
	return 0 unless $lc eq 'co-authored-by' || $lc eq 'co-developed-by';
	my $id = identify($val);
	return $id && $id->{agent}{ai} ? 1 : 0;
}

# The key of an Assisted-by value for de-duplication: its first word
# (AGENT:MODEL, tools aside); one for all in the LLM form.
sub ab_key($val) {
	my ($w) = split ' ', $val;
	$w = lc($w // '');
	return $w eq 'llm' || $FORM eq 'llm' ? 'llm' : $w;
}

# Who is attributed already: an agent, or anyone in the LLM form.
sub attr_key($agent_id) { $FORM eq 'llm' ? 'llm' : lc $agent_id }

# One patch: lines $s .. $e-1 of @$L.  A MIME-decoded patch comes with
# $map, the index in @$raw of the raw line each decoded line starts on:
# reports give that line's number, and --fix changes only lines that read
# as they were (never an encoded one).
sub process_patch($L, $s, $e, $fixes, $map = undef, $raw = undef) {
	($cnt_error, $cnt_warn, $cnt_chk) = (0, 0, 0);
	@report = ();
	$LAST = undef;
	my ($msg, $subject, undef, $indent, $author) = commit_message($L, $s, $e);
	($cur_subject, $cur_start) = ($subject, ($map ? $map->[$s] : $s) + 1);
	my $text = sub ($i) { my $t = $L->[$i]; $t =~ s/^    // if $indent; $t };
	my %mine;	# this patch's fixes, by raw line index
	my $fix = sub ($i, $new) {
		return unless ($opt{fix} || $opt{json}) && defined $new;
		if ($map) {
			return unless $L->[$i] eq $raw->[$map->[$i]] && join("\n", ref $new ? @$new : $new) !~ /[=\x80-\xff]/;
			$i = $map->[$i];
		}
		$mine{$i} = $new;
		push @{$LAST->{fix}}, $i if $LAST;
	};

	# the trailers: the Token: value lines of the trailer block (a URL
	# is none, but one that links an agent's session is read as a
	# session trailer)
	my (@trailers, %is_trailer);
	for my $i (disclosure_paragraphs($msg, $text), trailer_block($msg, $text)) {
		my $t = $text->($i);
		if ($t =~ m{^[A-Za-z]+://\S+\s*\z}) {
			my $u = { i => $i, tag => 'URL', lc => '', val => trim($t), url => 1 };
			next unless grep { my $re = $_; $u->{val} =~ $re } map { @{$_->{links}} } grep { $_->{ai} } @AGENTS;
			push @trailers, $u;
			$is_trailer{$i} = 1;
			next;
		}
		next unless $t =~ $trailer_re;
		my ($tag, $val) = $t =~ $trailer_re;
		push @trailers, { i => $i, tag => $tag, lc => lc $tag, val => rtrim($val) };
		$is_trailer{$i} = 1;
	}

	my $ctx = sub ($i) { (($map ? $map->[$i] : $i) + 1, $L->[$i]) };
	my ($agent_involved, $human_sob, $ai_disclosed, $tool_disclosed) = (0, 0, 0, 0);
	my $unnamed;	# an Assisted-by that names no agent (a person, a tool)
	my %assisted;
	# agents attributed by an Assisted-by, or by a trailer that --fix
	# rewrites into one: their sign-offs and model-less co-author
	# trailers can simply go
	for my $t (@trailers) {
		if ($t->{lc} eq 'assisted-by' || $t->{lc} eq lc $FIX_TAG) {
			my ($w) = split /[\s:]+/, $t->{val};
			next unless defined $w;
			my $a = agent_by_id($w);
			next if $PERSON && !$a;
			$assisted{attr_key($a ? $a->{id} : $w)} = 1;
		} elsif ($FORM eq 'agent-model' && $t->{lc} =~ /^(?:co-developed-by|co-authored-by|generated-by)$/) {
			my $id = identify($t->{val});
			$assisted{attr_key($id->{agent}{id})} = 1 if $id && $id->{model} ne '';
		}
	}
	my $declined = sub ($what, @at) {
		report('ERROR', 'AI_CONTENT_DECLINED', "$what: $POLICY{name} " . ($POLICY{declined} // 'declines contributions containing AI-generated content') . " ($DOC)", @at)
			if $DECLINE_AI;
	};

	# the author: git am and git log take it from From: or Author:; the
	# DCO asks the author to sign off, which only a human can do
	if ($author and my $id = identify(rtrim($author->[1]))) {
		if ($id->{agent}{ai}) {
			my @at = $ctx->($author->[0]);
			my ($hdr) = $L->[$author->[0]] =~ /^(\w+):/;
			$agent_involved = 1; $ai_disclosed = 1;
			report('ERROR', 'AGENT_AUTHOR',
			       "$hdr: names an AI agent ($id->{agent}{id}) as the author; the author must be the human who signs off and answers for the patch: make the human submitter the author"
			       . ($DECLINE_AI || $FORBID ? '' : " and attribute the agent with '" . (assisted_by($id))[0] . "'") . " ($DOC)", @at);
			$declined->('agent author', @at);
		}
	}

	for my $t (@trailers) {
		my ($i, $tag, $val) = @$t{qw(i tag val)};
		my @at = $ctx->($i);
		if ($FORBID and my $what = ai_trailer($t)) {
			# disclosed where the project asks, never in the commit
			report('WARNING', 'AI_TRAILER_IN_COMMIT',
			       ($t->{url} ? "a line of the trailers is a session link" : "$tag: $what") . ": $POLICY{name} asks for AI use to be disclosed in the merge or pull request, not in the commit: drop the trailer ($DOC)", @at)
			  && $fix->($i, '');
			next;
		}
		if ($PERSON && $t->{lc} eq 'assisted-by') {
			# a person credited, unless the value names an agent
			my $id = ai_agent_in($val) or next;
			$agent_involved = 1; $ai_disclosed = 1;
			$declined->('Assisted-by names an AI agent', @at);
			next;
		}
		if ($DISCLOSE{$t->{lc}} && $t->{lc} ne 'assisted-by') {
			# the project's own disclosure trailer (Generated-by, AI-used-for, ...)
			$agent_involved = 1; $ai_disclosed = 1; $tool_disclosed = 1;
			$declined->("$tag discloses AI-generated content", @at);
			next;
		}
		if ($t->{lc} eq 'signed-off-by') {
			my $id = identify($val) // ai_signer($val);
			if ($id && $id->{agent}{ai}) {
				$agent_involved = 1; $ai_disclosed = 1;
				my ($ab, $abfix) = assisted_by($id);
				my $have = $assisted{attr_key($id->{agent}{id})};
				# (where AI content is declined, no disclosure to advise)
				report('ERROR', 'AGENT_SIGN_OFF',
				       "Signed-off-by: names an AI agent ($id->{agent}{id}); only a human can certify the DCO"
				       . ($DECLINE_AI ? '' : ": attribute the agent with '$ab'" . ($have ? ' (already present)' : '') . " and sign off as the human submitter")
				       . " ($DOC)", @at)
				  && !$DECLINE_AI && $fix->($i, $have ? '' : $abfix);
				$declined->('agent sign-off', @at);
			} else {
				$human_sob = 1;
			}
		} elsif ($t->{lc} eq 'co-developed-by') {
			my $id = identify($val);
			next unless $id && $id->{agent}{ai};
			$agent_involved = 1; $ai_disclosed = 1;
			my ($ab, $abfix) = assisted_by($id);
			report('ERROR', 'AGENT_CO_DEVELOPED_BY',
			       "Co-developed-by: names an AI agent ($id->{agent}{id}), which cannot sign off; use '$ab' instead ($DOC)", @at)
			  && $fix->($i, $abfix);
			$declined->('agent Co-developed-by', @at);
		} elsif ($t->{lc} eq 'co-authored-by') {
			my $id = identify($val);
			next unless $id && $id->{agent}{ai};
			$agent_involved = 1; $ai_disclosed = 1;
			agent_trailer($t, $id, \%assisted, \@at, $fix);
			$declined->('agent co-author', @at);
		} elsif ($t->{lc} eq 'assisted-by') {
			$ai_disclosed = 1; $tool_disclosed = 1;
			if ($val =~ $ai_first || ai_agent_in($val)) { $agent_involved = 1 }
			else { $unnamed //= $val }
			if (!$DISCLOSE{'assisted-by'} && !$DECLINE_AI && $val ne '') {
				# the project discloses with another trailer (asf:
				# Generated-by): an Assisted-by is one of the other
				# ways, which its policy makes CHECKs
				my $want = join ' or ', map { "'$_: <name of code assistant>'" } sort values %DISCLOSE;
				report('CHECK', 'ASSISTED_BY_FORMAT',
				       "Assisted-by: is not the trailer of the $POLICY{name} rules: they disclose with $want ($DOC)", @at)
				  && $FIX_TAG ne 'none' && $fix->($i, "$FIX_TAG: $val");
				next;
			}
			check_assisted_by($t, \@at, $fix);
		} elsif ($t->{lc} eq 'generated-by') {
			my $id = identify($val);
			my ($first) = split /[\s:]+/, $val;
			$id //= do { my $a = agent_by_name($first // ''); $a ? { agent => $a, model => '' } : undef };
			my $ai = $id ? $id->{agent}{ai} : ($val =~ $ai_words || $val =~ $ai_first ? 1 : 0);
			$tool_disclosed = 1;
			if ($ai) {
				$agent_involved = 1; $ai_disclosed = 1;
				my ($ab, $abfix) = $id ? assisted_by($id) : ($WANT, undef);
				report('WARNING', 'GENERATED_BY_TAG',
				       "Generated-by: (the 2025 RFC's trailer) is not used by the kernel: disclose AI assistance with '$ab' ($DOC)", @at)
				  && $fix->($i, $abfix);
				$declined->('AI-generated content', @at);
			} else {
				report('WARNING', 'GENERATED_BY_TAG',
				       "Generated-by: (the 2025 RFC's trailer) is not used by the kernel: say in the changelog how the content was generated and include the tool's input (e.g. the .cocci script); list analysis tools in Assisted-by only alongside an agent (Documentation/process/generated-content.rst)", @at);
			}
		} elsif (my $a = session_link($t)) {
			$agent_involved = 1; $ai_disclosed = 1;
			report('WARNING', 'AGENT_CO_AUTHOR',
			       ($t->{url} ? 'a line of the trailers' : "$tag trailer") . " links a coding agent's session ($a->{id}); reviewers cannot follow it: drop it and attribute the agent with '" . (assisted_by({ agent => $a, model => '' }))[0] . "' ($DOC)", @at)
			  && $fix->($i, '');
			$declined->('agent session link', @at);
		} elsif ($a = default_trailer($t)) {
			# a tool's own trailer ("Made-with: Cursor")
			$agent_involved = 1; $ai_disclosed = 1;
			agent_trailer($t, { agent => $a, model => '' }, \%assisted, \@at, $fix);
			$declined->('agent trailer', @at);
		} elsif (my $id = credited_agent($t)) {
			# an agent credited as a person is (Suggested-by, Helped-by,
			# Reviewed-by, AI-assisted-by, ...)
			$agent_involved = 1; $ai_disclosed = 1;
			my ($ab, $abfix) = assisted_by($id);
			my $have = $assisted{attr_key($id->{agent}{id})} && ($FORM ne 'agent-model' || !defined $abfix);
			# a trailer that credits help with the content gives way to
			# the disclosure; what a reviewer or tester said is the human's
			# to keep or drop
			my $help = $t->{lc} =~ /^(?:suggested|helped)-by$|assist|generat|^ai-/;
			report('WARNING', 'AGENT_IN_TRAILER',
			       "$tag: names an AI agent ($id->{agent}{id}), which is not a person to credit with $tag; the $POLICY{name} rules attribute agents with '$ab'"
			       . ($have ? ' (already present)' : '') . " ($DOC)", @at)
			  && $help && $fix->($i, $have ? '' : $abfix);
			$declined->("agent in $tag", @at);
		} elsif (ai_tag_disclosure($t)) {
			# a home-made AI disclosure ("AI-Assisted: yes", "AI-Tools:
			# GitLab Duo, OpenCode"): disclosed, in a form the rules do
			# not use; a person's trailer under curl's meaning
			next if $PERSON;
			$agent_involved = 1; $ai_disclosed = 1;
			$declined->("$tag discloses AI assistance", @at);
			next if $DECLINE_AI;
			my $id = ai_agent_in($val);
			my ($ab, $abfix) = $id ? assisted_by($id) : $FORM eq 'llm' ? ('Assisted-by: LLM') x 2 : ($WANT, undef);
			report($FORM eq 'tool' ? 'CHECK' : 'WARNING', 'ASSISTED_BY_FORMAT',
			       "$tag: is not a disclosure trailer of the $POLICY{name} rules: disclose AI assistance with '$ab' ($DOC)", @at)
			  && $fix->($i, $assisted{attr_key($id ? $id->{agent}{id} : 'llm')} ? '' : $abfix);
		}
	}

	# What the changelog says about how the content was made.
	my (%claims);
	my $has_input = 0;
	my @body = grep { !$is_trailer{$_} } @$msg;
	my @adverts;
	for my $i (@body) {
		my $t = $text->($i);
		if (my $a = advert($t, $subject)) { push @adverts, [$i, $a] }
		$has_input = 1 if $t =~ /^\s*@[\w\s]*@\s*$|\.cocci\b|scripts\/coccinelle\//;
		push @{$claims{$_->[0]}}, [$i, $_->[1]] for content_claim($t);
	}
	if ($subject ne '') {
		push @{$claims{$_->[0]}}, [undef, $_->[1]] for content_claim($subject =~ s/^(?:\s*\[[^\]]*\])+\s*//r);
	}
	my $first_line = sub ($c) { defined $c->[0] ? $ctx->($c->[0]) : (undef, undef) };
	# a cover letter is not a commit: it needs no sign-off, and the
	# disclosure belongs in the patches
	my $cover = $subject =~ /\[[^\]]*\b0+\/\d+\]/;
	%claims = () if $cover && !$DECLINE_AI;
	my $want = $WANT;
	if (my $c = $claims{ai} && $claims{ai}[0]) {
		if ($DECLINE_AI) {
			$declined->("the changelog says AI produced content ('$c->[1]')", $first_line->($c));
		} elsif (!$ai_disclosed) {
			report('WARNING', 'MISSING_DISCLOSURE',
			       "the changelog says an AI tool wrote content ('$c->[1]') but no trailer discloses it: add '$want' ($DOC)",
			       $first_line->($c));
			$agent_involved = 1;
		}
	} elsif (($c = $claims{gen} && $claims{gen}[0]) && !$ai_disclosed && !$tool_disclosed) {
		report('WARNING', 'MISSING_DISCLOSURE',
		       "the changelog says a tool generated the content ('$c->[1]') but no trailer discloses it: for an AI assistant add '$want' ($DOC)" . ($TOOL_INPUT_DOC ? "; for another tool show its input$TOOL_INPUT_DOC" : ''),
		       $first_line->($c));
	}
	if ($claims{tool} && !$has_input && !$tool_disclosed && $POLICY{'tool-input'}{coccinelle}) {
		my $c = $claims{tool}[0];
		report('WARNING', 'MISSING_DISCLOSURE',
		       "the changelog says a tool generated the content ('$c->[1]') but does not show its input: include the semantic patch (or name the script under scripts/coccinelle/) so reviewers can check it (Documentation/process/generated-content.rst)",
		       $first_line->($c)) if $c->[1] =~ /cocci|spatch|semantic/i;
	}

	# an agent's advertising line ("Generated with [Claude Code](url)"):
	# dropped by --fix, which writes the Assisted-by in force after the
	# trailers when no trailer discloses the agent
	my $added;
	for my $ad ($cover ? () : @adverts) {
		my ($i, $a) = @$ad;
		my ($ab, $abfix) = assisted_by({ agent => $a, model => '' });
		my $how = $FORBID || $DECLINE_AI ? '' : $ai_disclosed ? ' (a trailer discloses the agent)' : " and disclose the agent with '$ab'";
		report('WARNING', 'AGENT_ADVERT',
		       "advertising line added by a coding agent ($a->{id}); a changelog describes the change: drop it$how ($DOC)", $ctx->($i))
		  or next;
		$fix->($i, '');
		# a paragraph of its own: its blank line goes too
		$fix->($i + 1, '') if $i + 1 < $e && $text->($i + 1) =~ /^\s*$/ && ($i == $s || $text->($i - 1) =~ /^\s*$/);
		next if $ai_disclosed || $FORBID || $DECLINE_AI || $added || !defined $abfix || !@trailers;
		my $last = $trailers[-1]{i};
		$fix->($last, [exists $mine{$last} ? $mine{$last} : $text->($last), $abfix]);
		$added = 1;
	}

	if (($agent_involved || defined $unnamed) && !$human_sob && $opt{signoff} && !$cover) {
		# an Assisted-by discloses assistance (coding-assistants.rst)
		# even when it names no agent: the sign-off is still asked
		report('ERROR', 'MISSING_HUMAN_SIGN_OFF',
		       ($agent_involved ? 'agent involvement is disclosed but no human Signed-off-by'
				        : "Assisted-by: discloses assistance but names no known AI agent ('$unnamed'), and there is no Signed-off-by")
		       . ": the human submitter must sign off and takes responsibility for the patch ($DOC)",
		       undef, undef);
	}

	# One Assisted-by per agent (per attribution in the LLM form), within
	# this patch: the ones written already win over the ones --fix adds.
	my %seen;
	for my $t (@trailers) {
		$seen{ab_key($t->{val})} = 1 if ($t->{lc} eq 'assisted-by' || $t->{lc} eq lc $FIX_TAG) && !exists $mine{$map ? $map->[$t->{i}] : $t->{i}};
	}
	for my $i (sort { $a <=> $b } keys %mine) {
		next if ref $mine{$i} || $mine{$i} !~ /^(?:Assisted-by|\Q$FIX_TAG\E):\s*(.*)$/i;
		$mine{$i} = '' if $seen{ab_key($1)}++;
	}
	# each report's suggested fix, as --fix would write it
	for my $r (@report) {
		$r->{fix} = [map { { line => $_ + 1, ($mine{$_} eq '' ? (delete => JSON_TRUE()) : (text => $mine{$_})) } } @{$r->{fix}}];
	}
	@$fixes{keys %mine} = values %mine if $opt{fix};	# in place: a copy per patch is quadratic
	return ($subject, scalar @$msg);
}

# An AI agent in a trailer value: by identity, or an agent's name or id
# as its first word ("Claude", "Claude:claude-opus-4-5").
sub ai_agent_in($val) {
	my $id = identify($val);
	return $id if $id && $id->{agent}{ai};
	my ($w) = split /[\s:]+/, $val;
	my $a = defined $w && $w ne '' ? agent_by_id($w) : undef;
	return $a && $a->{ai} ? { agent => $a, model => '' } : undef;
}

# Is this trailer an AI disclosure or an agent's trailer?  What it is, or
# undef.
sub ai_trailer($t) {
	my $lc = $t->{lc};
	if ($lc =~ /^(?:signed-off-by|co-developed-by|co-authored-by)$/) {
		my $id = identify($t->{val}) // ($lc eq 'signed-off-by' ? ai_signer($t->{val}) : undef);
		return $id && $id->{agent}{ai} ? "names an AI agent ($id->{agent}{id})" : undef;
	}
	if ($lc eq 'assisted-by' || $lc eq 'generated-by' || $DISCLOSE{$lc}) {
		return undef if $PERSON && $lc eq 'assisted-by' && !ai_agent_in($t->{val});
		my $a = ai_agent_in($t->{val});
		return undef if $lc eq 'generated-by' && !$DISCLOSE{$lc} && !$a && $t->{val} !~ $ai_words && $t->{val} !~ $ai_first;
		return 'discloses AI assistance';
	}
	my $a = session_link($t) // default_trailer($t);
	return "an AI agent's trailer ($a->{id})" if $a && $a->{ai};
	my $id = credited_agent($t);
	return "names an AI agent ($id->{agent}{id})" if $id;
	return ai_tag_disclosure($t) ? 'discloses AI assistance' : undef;
}

# A sign-off by no one: no address, and a name that says it is an AI
# ("Your Witty AI Assistant", "LLM Agent").  The registry's generic LLM
# entry, or undef.
sub ai_signer($val) {
	my ($name, $email) = split_ident($val);
	return undef unless $email eq '' && $name =~ $ai_signer_re;
	my $a = agent_by_id('LLM') or return undef;
	return { agent => $a, model => '' };
}

# A trailer of an AI tag ("AI-Assisted", "AI-Tools", "LLM-Used") whose
# value says AI was used (not "no", "none", "n/a").
sub ai_tag_disclosure($t) {
	return $t->{tag} =~ $ai_tag && $t->{val} ne '' && $t->{val} !~ $ai_tag_no;
}

# An AI agent credited in a trailer meant for people: a NAME-by trailer
# (Suggested-by, Helped-by, Reported-by, Reviewed-by, AI-assisted-by,
# ...) other than those checked on their own, its value the agent by
# identity (never a first name with a person's address).  The identity
# or undef.
sub credited_agent($t) {
	return undef unless $t->{lc} =~ /-by$/
		&& $t->{lc} !~ /^(?:signed-off|co-developed|co-authored|assisted|generated)-by$/ && !$DISCLOSE{$t->{lc}};
	my $id = identify($t->{val});
	# a review bot's Reported-by notes the tool that found the problem,
	# as generated-content.rst asks: no credit to a person
	return undef if $id && $id->{agent}{reports} && $t->{lc} eq 'reported-by';
	return $id && $id->{agent}{ai} ? $id : undef;
}

# The agent whose advertising line this is, or undef: one of its
# adverts, or under a subject it writes (SUBJECT given, its [PATCH]
# prefixes apart) one of its traces.  A subject alone is no trace: a
# person may write it.
sub advert($line, $subject = undef) {
	$line = trim($line);
	for my $a (@AGENTS) {
		for my $re (@{$a->{adverts}}) { return $a if $line =~ $re }
	}
	return undef unless defined $subject;
	$subject = trim($subject =~ s/^(?:\s*\[[^\]]*\])+\s*//r);
	for my $a (@AGENTS) {
		next unless @{$a->{traces}} && grep { $subject =~ $_ } @{$a->{subjects}};
		for my $re (@{$a->{traces}}) { return $a if $line =~ $re }
	}
	return undef;
}

# A session link of a known agent, in a trailer of any name.
sub session_link($t) {
	for my $a (@AGENTS) {
		for my $re (@{$a->{links}}) { return $a if $t->{val} =~ $re }
		return $a if grep { $_ eq $t->{lc} } @{$a->{sessions}};
	}
	return undef unless $t->{lc} =~ $session_tag;
	my ($w) = split /-/, $t->{tag};
	return agent_by_id($w) // { id => $w, ai => 1 };
}

# The trailer an agent adds by default, other than Co-authored-by.
sub default_trailer($t) {
	my $line = "$t->{tag}: $t->{val}";
	for my $a (@AGENTS) {
		for my $re (@{$a->{trailers}}) { return $a if $line =~ $re }
	}
	return undef;
}

# An agent's Co-authored-by or own trailer: the Assisted-by in force instead.
sub agent_trailer($t, $id, $assisted, $at, $fix) {
	my ($ab, $abfix) = assisted_by($id);
	my $have = $assisted->{attr_key($id->{agent}{id})} && ($FORM ne 'agent-model' || !defined $abfix);
	my $how = defined $abfix || $FORM ne 'agent-model' ? "'$ab'" : "'$ab' (the trailer names no model: fill it in)";
	report('WARNING', 'AGENT_CO_AUTHOR',
	       "$t->{tag} trailer added by a coding agent ($id->{agent}{id}); the $POLICY{name} rules attribute agents with $how"
	       . ($have ? ', already present: drop this one' : '') . " ($DOC)", @$at)
	  && $fix->($t->{i}, $have ? '' : $abfix);
}

# What is wrong with NAME:MODEL as AGENT_NAME:MODEL_VERSION (the text
# before and after the first colon of an Assisted-by that is not of the
# form).
sub old_form_slip($name, $model) {
	my $n = trim($name);
	return "a space in the agent name '$n'" if $n =~ /\s/;
	return 'a space before the colon' if $name =~ /\s\z/;
	return "no $MODEL_PH after the colon" if $model =~ /^\s*\z/;
	return 'a space after the colon' if $model =~ /^\s/;
	return 'spaces in the wrong place';
}

# A model written in words after AGENT_NAME: (the first word, then the
# rest of the value): [its id, the words, the tools after them], or
# undef when the first word is a model id already, or the words name no
# model with a version.
sub spaced_model($a, @w) {
	my $first = $w[0] =~ s{^.*/}{}r;
	return undef if model_agent($first);
	my ($words, $tools) = model_words(@w);
	my $id = display_model(join(' ', @$words), $a);
	return $id ne '' ? [$id, join(' ', @$words), @$tools] : undef;
}

sub check_assisted_by($t, $at, $fix) {
	my ($i, $val) = @$t{qw(i val)};
	my $form = "'$RULE{$FORM}'";
	if ($DECLINE_AI) {
		# Assisted-by is the AI attribution: declined unless it names a
		# known non-AI tool
		my ($first) = $val =~ /^\s*([^\s:<]+)/;
		my $a = defined $first ? agent_by_id($first) : undef;
		report('ERROR', 'AI_CONTENT_DECLINED',
		       "Assisted-by discloses an AI assistant: $POLICY{name} " . ($POLICY{declined} // 'declines contributions containing AI-generated content') . " ($DOC)", @$at)
			unless $a && !$a->{ai};
	}
	if ($val eq '') {
		report('WARNING', 'ASSISTED_BY_FORMAT', "empty Assisted-by: expects $form ($DOC)", @$at);
		return;
	}
	return if $FORM eq 'tool';	# any name of the assistant will do
	# an email address: angle brackets or an '@' alone are not one
	# ("OpenCode.ai <Opus 4.6>", "OpenCode (claude-sonnet-4-6@default)")
	if ((split_ident($val))[1] =~ /^[^\s@<>()]+@[^\s@<>()]+\.[A-Za-z0-9-]+\z/) {
		my $id = identify($val);
		my ($ab, $abfix) = $id ? assisted_by($id) : ();
		report('WARNING', 'ASSISTED_BY_FORMAT',
		       "Assisted-by: takes " . ($FORM eq 'llm' ? 'LLM' : "$AGENT_PH:$MODEL_PH") . ", not an email address: expects $form"
		       . ($ab ? ", e.g. '$ab'" : '') . " ($DOC)", @$at)
		  && $fix->($i, $abfix);
		return;
	}
	if ($val =~ m{^[A-Za-z][A-Za-z0-9+.-]*://}) {
		# a link (to a page about the author's use of AI), no agent:
		# "https:" is no AGENT_NAME
		report('WARNING', 'ASSISTED_BY_FORMAT',
		       "malformed Assisted-by (a URL): expects $form ($DOC)", @$at);
		return;
	}
	my @w = split ' ', $val;
	my $tools = sub ($from) { join '', map { " $_" } @w[$from .. $#w] };
	my ($head, $rest);
	if ($w[0] =~ /^LLM$/i) {
		# the 7.3 form
		($head, $rest) = ('LLM', $tools->(1));
		report($OTHER_FORM, 'ASSISTED_BY_FORMAT',
		       ($POLICY{name} eq 'kernel' ? "'Assisted-by: LLM' is the form of kernels since 7.3; the rule in force here is $RULE"
						  : "'Assisted-by: LLM' is the kernel's form since 7.3, not the $POLICY{name} one: expects $RULE"), @$at)
			if $FORM ne 'llm';
	} elsif ($w[0] =~ /^([^\s:]+):([^\s:]\S*)$/) {
		# the AGENT_NAME:MODEL_VERSION form of kernels up to 7.2
		my ($agent, $model) = ($1, $2);
		($head, $rest) = ("$agent:$model", $tools->(1));
		# a name with '-' for its space ("Gemini-CLI") is that name
		my $a = agent_by_id($agent) // agent_by_name($agent =~ tr/-/ /r);
		my $m = $a && @{$a->{models}} && !(grep { lc($model) =~ $_ } @{$a->{models}})
			? spaced_model($a, $model, @w[1 .. $#w]) : undef;
		if ($m) {
			# a model in words, in either form: "Claude:Sonnet 4.5"
			# lists "4.5" as a tool
			my ($id, $words, @tools) = @$m;
			if ($FORM eq 'llm') {
				report('WARNING', 'ASSISTED_BY_FORMAT',
				       "malformed Assisted-by (the AGENT_NAME:MODEL_VERSION form of kernels up to 7.2 with the model in words, '$words'): expects $form, e.g. 'Assisted-by: LLM' ($DOC)", @$at)
				  && $fix->($i, join ' ', 'Assisted-by: LLM', @tools);
			} else {
				report('WARNING', 'ASSISTED_BY_FORMAT',
				       "malformed Assisted-by (the model in words, '$words'): $MODEL_PH is the model's id, e.g. 'Assisted-by: $a->{id}:$id' ($DOC)", @$at)
				  && $fix->($i, join ' ', "Assisted-by: $a->{id}:$id", @tools);
			}
			return;
		} elsif ($FORM eq 'llm') {
			report($OTHER_FORM, 'ASSISTED_BY_FORMAT',
			       "'Assisted-by: AGENT_NAME:MODEL_VERSION' is the form of kernels up to 7.2; the rule in force here is $RULE", @$at)
			  && $fix->($i, "Assisted-by: LLM$rest");
		} elsif (!$a) {
			report('CHECK', 'ASSISTED_BY_FORMAT',
			       "unknown agent '$agent' in Assisted-by: check the name (known agents are listed in agents.conf; add yours to .disclosure.conf)", @$at);
		} elsif ($agent ne $a->{id}) {
			report('CHECK', 'ASSISTED_BY_FORMAT',
			       "agent '$agent' is usually written '$a->{id}' in Assisted-by", @$at)
			  && $fix->($i, "Assisted-by: $a->{id}:$model$rest");
			$head = "$a->{id}:$model";
		}
	} else {
		# a near miss: no model, spaces around the colon, a name in words
		my $c = index($val, ':');
		my $fixed;
		my $id = identify($val);
		if ($FORM eq 'llm') {
			$fixed = 'Assisted-by: LLM' if $id || $c >= 0 && agent_by_name(trim(substr($val, 0, $c)));
		} elsif ($c > 0) {
			my ($n, @m) = (trim(substr($val, 0, $c)), split ' ', substr($val, $c + 1));
			my $a = agent_by_name($n);
			$n = $a->{id} if $a;
			# a model in words ("Gemini: 2.5 Pro", "GitHub Copilot:Claude
			# Sonnet 4.5"): its id
			if ($a && @m and my $sm = spaced_model($a, $m[0], @m[1 .. $#m])) {
				my ($id, undef, @tools) = @$sm;
				@m = ($id, @tools);
			}
			$fixed = "Assisted-by: $n:" . join(' ', @m) if @m && $n !~ /\s/;
		}
		# what keeps it from the AGENT_NAME:MODEL_VERSION form, said in
		# either form: under LLM it is that older form, slipped
		my $slip = $c < 0 ? "no $MODEL_PH (no colon)" : old_form_slip(substr($val, 0, $c), substr($val, $c + 1));
		my $why = $FORM ne 'llm' ? $slip
			: $c > 0 ? "the AGENT_NAME:MODEL_VERSION form of kernels up to 7.2 with $slip"
			: 'it does not start with LLM';
		$fixed //= (assisted_by($id))[1] if $id;
		report('WARNING', 'ASSISTED_BY_FORMAT',
		       "malformed Assisted-by ($why): expects $form" . ($fixed ? ", e.g. '$fixed'" : '') . " ($DOC)", @$at)
		  && $fix->($i, $fixed);
		return;
	}
	my @tools = split ' ', $rest;
	my $basic = sub ($w) { $POLICY{'basic-tools'}{lc($w =~ s/^\[|\]$//gr)} };
	if (my @basic = grep { $basic->($_) } @tools) {
		my @keep = grep { !$basic->($_) } @tools;
		report('WARNING', 'ASSISTED_BY_BASIC_TOOL',
		       "basic tools (" . join(', ', @basic) . ") are not listed in Assisted-by: only analysis tools such as coccinelle, sparse, smatch or clang-tidy ($DOC)", @$at)
		  && $fix->($i, "Assisted-by: $head" . join '', map { " $_" } @keep);
	}
}

# ---------------------------------------------------------------------
# Main.

my @inputs = @ARGV ? @ARGV : ('-');
my @work;	# [name, label, data]
if ($opt{git}) {
	system('git rev-parse --git-dir >/dev/null 2>&1') == 0 or do { print STDERR "$P: no git repository found\n"; exit 2 };
	for my $expr (@inputs) {
		usage_error("bad revision '$expr'") if $expr =~ /^-/ || $expr =~ /[\s'"\\;|&`\$]/;
		my @args;
		if ($expr =~ /^(.*)-(\d+)$/) { @args = ("-$2", $1) }
		elsif ($expr =~ /\.\./) { @args = ($expr) }
		else { @args = ('-1', $expr) }
		open(my $fh, '-|', 'git', 'log', '--no-color', '--no-merges', '--reverse', '--format=%H %s', @args, '--')
			or do { print STDERR "$P: git log failed: $!\n"; exit 2 };
		my @c = map { chomp; [split / /, $_, 2] } <$fh>;
		close $fh or do { print STDERR "$P: $expr: not a revision or range\n"; exit 2 };
		for my $c (@c) {
			open(my $p, '-|', 'git', 'format-patch', '-M', '--stdout', '-1', $c->[0])
				or do { print STDERR "$P: git format-patch failed: $!\n"; exit 2 };
			binmode $p;
			local $/;
			my $d = <$p> // '';
			close $p;
			push @work, [$c->[0], 'Commit ' . substr($c->[0], 0, 12) . qq{ ("$c->[1]")}, $d];
		}
	}
	if (!@work) { print STDERR "$P: no git commits after extraction\n"; exit 2 }
} else {
	for my $f (@inputs) {
		usage_error('--fix needs a file, not standard input') if $opt{fix} && $f eq '-';
		push @work, [$f, $f eq '-' ? 'Your patch' : $f, read_input($f)];
	}
}

my $many = @work > 1;
for my $w (@work) {
	my ($name, $label) = @$w;
	my $L = split_lines($w->[2]);
	$w->[2] = undef unless $opt{fix};
	my %fixes;
	my @patches = @$L ? split_patches($L) : ([0, 0]);
	my ($err, $warn, $chk, $lines, @out) = (0, 0, 0, 0);
	my $n = 0;
	my $vname = $label;
	for my $r (@patches) {
		$n++;
		$cur_name = $name;
		$cur_patch = @patches > 1 ? $n : 0;
		my ($V, $map) = DisclosureMime::decode($L, @$r);
		my ($subject, $l) = $V ? process_patch($V, 0, scalar @$V, \%fixes, $map, $L)
				       : process_patch($L, @$r, \%fixes);
		$lines += $l;
		$vname = qq{"$subject"} if $name eq '-' && @patches == 1 && $subject ne '';
		if (@patches > 1 && !$opt{quiet} && @report) {
			my $p = "$label: patch $n" . ($subject ne '' ? qq{ ("$subject")} : '');
			push @out, '-' x length($p) . "\n$p\n" . '-' x length($p) . "\n";
		}
		if ($opt{json}) { print json_report($name, $r, $subject, $_) for @report }
		else { push @out, map { $_->{text} } @report }
		($err, $warn, $chk) = ($err + $cnt_error, $warn + $cnt_warn, $chk + $cnt_chk);
	}
	# one total per input file, as checkpatch
	my $clean = !($err + $warn + $chk);
	$exit = 1 if $err || $warn;
	if ($opt{json}) {
		write_fixes($name, $w->[2], \%fixes) if $opt{fix} && %fixes;
		next;
	}
	if ($many && !$opt{quiet}) {
		print '-' x length($vname), "\n$vname\n", '-' x length($vname), "\n";
	}
	if (!($opt{mailback} && $clean)) {
		print @out;
		if ($opt{summary} && !($clean && $opt{quiet})) {
			print "total: $err errors, $warn warnings, $chk checks, $lines lines checked\n";
		}
		if (!$opt{quiet}) {
			print "\n";
			print $clean ? "$vname has no obvious disclosure problems.\n"
				     : "$vname has disclosure problems, please review.\n";
		}
	}
	write_fixes($name, $w->[2], \%fixes) if $opt{fix} && %fixes;
}
exit $exit;

# --json: one object a line per report.  Text is UTF-8 where the input
# is, each other byte read as Latin-1.
sub JSON_TRUE() { require JSON::PP; JSON::PP::true() }
sub json_report($file, $range, $subject, $r) {
	require JSON::PP;
	state $json = JSON::PP->new->canonical->utf8;
	my $str = sub ($b) { my $c = $b; utf8::decode($c) ? $c : $b };
	my %o = (file => $str->($file), level => $r->{level}, type => $r->{type},
		 message => $str->($r->{msg}), line => $r->{line},
		 patch => $cur_patch || 1, subject => $str->($subject),
		 fix => [map { my %f = %$_; $f{text} = ref $f{text} ? [map { $str->($_) } @{$f{text}}] : $str->($f{text}) if exists $f{text}; \%f } @{$r->{fix}}]);
	return $json->encode(\%o) . "\n";
}

# The input with the fixed lines, each line keeping its own line end.
# --fix-inplace writes a temporary file beside FILE and renames it over
# FILE (through a symlink): a failed write leaves FILE whole.
sub write_fixes($name, $data, $fixes) {
	my $out = $opt{fix_inplace} ? (abs_path($name) // $name) : "$name.EXPERIMENTAL-checkpatch-fixes";
	my $tmp = $opt{fix_inplace} ? dirname($out) . '/.' . basename($out) . ".disclosure-$$" : $out;
	my $fail = sub ($what) {
		unlink $tmp if $opt{fix_inplace};
		print STDERR "$P: cannot write $out: $what\n";
		exit 2;
	};
	open(my $fh, '>:raw', $tmp) or $fail->($!);
	my $i = 0;
	my $ok = 1;
	while ($data =~ /\G([^\n]*)(\n|\z)/gc) {
		my ($t, $e) = ($1, $2);
		last if $t eq '' && $e eq '';
		my $cr = $t =~ s/\r\z// ? "\r" : '';
		my $new = $fixes->{$i++};
		next if defined $new && $new eq '';	# deleted line
		# a line and the ones --fix adds after it, each with its end
		my @l = ref $new ? @$new : defined $new ? ($new) : ($t);
		$ok &&= print $fh join("$cr\n", @l), $cr, $e;
	}
	$ok &&= close $fh;
	$fail->($!) unless $ok;
	if ($opt{fix_inplace}) {
		my @st = stat $out;
		chmod $st[2] & 07777, $tmp if @st;
		rename $tmp, $out or $fail->($!);
	}
	print "\nWrote --fix correction(s) to '$name'\n" if !$opt{quiet} && $opt{fix_inplace};
	print "\nWrote --fix correction(s) to '$out'\n" if !$opt{quiet} && !$opt{fix_inplace};
}
