#!/usr/bin/perl
# SPDX-License-Identifier: GPL-2.0
# Make the kernel checkpatch.pl patches of kernel-patches/checkpatch/ (for
# the packaged 6.12 tree, and 6.1 in its 6.1/ folder) from the disclosure
# checker's own rules and data:
#   checkpatch-ext/agents.conf          -> scripts/coding-agents.conf
#   checkpatch-ext/lib/DisclosureRules.pm  the Assisted-by forms, the
#                                       words naming an AI in prose
#   checkpatch-ext/policies/kernel.policy  the basic tools; the level of
#                                       each type (checked against the code)
#   checkpatch-ext/kernel/checkpatch.pl.in the code added to checkpatch.pl
# Each patch goes on top of kernel-patches/checkpatch-llm/ (the small fix
# that accepts Assisted-by: LLM), which it is generated after.
#
#   kernel-checkpatch.pl [--kver V]... [--tree V=DIR]... [--agents FILE]
#                        [--template FILE] [--outdir DIR]   write the patches
#   kernel-checkpatch.pl --check [same options]
#                        exit 1 when a committed patch differs
# The trees default to `sh scripts/ktree.sh V` (extracted packaged trees).
# The patch is git format-patch output of a scratch repository holding a
# copy of the tree's scripts/checkpatch.pl (zero commit, fixed author and
# date), so it is the same on every run.  Core Perl and git only.
use v5.36;
use FindBin;
use Getopt::Long qw(GetOptions);
use File::Temp qw(tempdir);
use File::Path qw(make_path);
use File::Copy qw(copy);
use lib "$FindBin::Bin/../lib";
use DisclosureRules;
use lib "$FindBin::Bin/../../scripts/lib";
use ProcRun ();
use ReadFile qw(read_bytes read_error);

my $P = 'kernel-checkpatch.pl';
my $root = "$FindBin::Bin/../..";
my %o = (agents => "$root/checkpatch-ext/agents.conf",
	 template => "$root/checkpatch-ext/kernel/checkpatch.pl.in",
	 policy => "$root/checkpatch-ext/policies/kernel.policy",
	 outdir => "$root/kernel-patches/checkpatch",
	 llm => "$root/kernel-patches/checkpatch-llm/0001-checkpatch-accept-the-LLM-form-of-the-Assisted-by-ta.patch",
	 kver => [], tree => {});
my $usage = "usage: $P [--check] [--kver 6.12|6.1]... [--tree KVER=DIR]... [--agents FILE] [--template FILE] [--policy FILE] [--outdir DIR]\n";
GetOptions(\%o, 'agents=s', 'template=s', 'policy=s', 'outdir=s', 'llm=s', 'kver=s@', 'tree=s%', 'check', 'help')
	or die $usage;
if ($o{help}) { print $usage; exit 0 }
my @kvers = @{$o{kver}} ? @{$o{kver}} : ('6.12', '6.1');

my $AUTHOR = 'Seed 4f7d48b6 maintainers';
my $EMAIL = 'maintainers@users.noreply.a-seed-4f7d48b6.example';
my $DATE = '2026-12-04T09:00:00+00:00';
my $SUBJECT = 'checkpatch: check how patches disclose AI agents and tools';

my $CHANGELOG = <<'EOF';
Documentation/process/coding-assistants.rst asks that AI agents do not
add Signed-off-by: tags and that their help is attributed with the
Assisted-by tag, whose form changed: AGENT_NAME:MODEL_VERSION followed
by tools in its first version (December 2025), the literal word LLM
followed by tools since commit 816d9992d9ed ("coding-assistants:
simplify attribution").  checkpatch accepts both forms whatever the tree
documents.  For an agent named in a Co-developed-by: tag (the form
proposed in 2025) it reports an unrecognized email address and a
sign-off mismatch, and for the co-author trailers coding agents add by
default it suggests Co-developed-by, which for an agent is the wrong
advice.

Take the form in force from the tree's coding-assistants.rst (the
current one without a tree or without the file); the other form is a
CHECK that quotes the rule in force, never an error.  Read the agents
from scripts/coding-agents.conf: names, addresses, bot accounts, default
trailers ("Made-with: Cursor"), session links and model patterns are
data, not code.  An agent is recognised by its address (or a model id
at its vendor's domain), a model-like string, or its name with no
address or a no-reply one (a person called Claude with a personal
address stays a person).  Read the trailers where git finds them, and
report, in the commit message only and each at its own line:

  AGENT_AUTHOR            an agent as the patch's author (From:)
  AGENT_SIGN_OFF          an agent in Signed-off-by:
  AGENT_CO_DEVELOPED_BY   an agent in Co-developed-by:, instead of the
                          email and sign-off pairing complaints
  AGENT_CO_AUTHOR         an agent's Co-authored-by:, default trailer or
                          session link
  AGENT_IN_TRAILER        an agent credited in a trailer meant for
                          people (Suggested-by:, Reviewed-by:, ...)
  AGENT_ADVERT            a line an agent adds to advertise itself
  ASSISTED_BY_FORMAT      an Assisted-by: in neither form, or an AI-*
                          tag (CHECK for the form not in force or an
                          unknown agent name)
  ASSISTED_BY_BASIC_TOOL  basic tools listed as tools
  GENERATED_BY_TAG        the Generated-by: tag of the 2025 RFC
  MISSING_DISCLOSURE      a changelog that says an LLM or a tool wrote
                          the change, with nothing that discloses it
  MISSING_HUMAN_SIGN_OFF  only agents sign off

--fix writes the form in force (a model only when the trailer names
one: "Claude Opus 4.7 (1M context)" is claude-opus-4-7, "(Anthropic)" is
not a model), drops session links, advertising lines and basic tools.
The types, and the words and patterns that make a changelog claim, are
those of a stand-alone disclosure checker, so that both report the same
and take the same --ignore and --types lists.

Assisted-by: LLM
EOF

my $NOTES = <<'EOF';
Notes: no Signed-off-by: yet.  The human submitter who reviews this
change adds it before sending; an assistant cannot certify the DCO.
Apply after "checkpatch: accept the LLM form of the Assisted-by tag".
The kmap-lifo project's checkpatch-ext/bin/kernel-checkpatch.pl makes
this patch from its disclosure checker's rules and agent registry.
EOF

sub fail($msg) { print STDERR "$P: $msg\n"; exit 2 }
sub must_read($f) { my $why; read_bytes($f, \$why) // fail(read_error($f, $why)) }
sub spew($f, $d) { open my $fh, '>:raw', $f or fail("cannot write $f: $!"); print $fh $d; close $fh or fail("$f: $!") }

# A single-quoted Perl string.
sub q1($s) {
	fail("cannot quote for Perl: $s") if $s =~ /'|\\\z/;
	return "'$s'";
}

# The policy's basic-tools and levels.
sub policy($file) {
	my (%level, @basic);
	for (split /\n/, must_read($file)) {
		@basic = split ' ', $1 if /^basic-tools\s*=\s*(.*)$/;
		$level{uc $1} = uc $2 if /^level\s+([A-Z_]+)\s*=\s*(\S+)$/i;
	}
	fail("$file: no basic-tools") unless @basic;
	return (\%level, \@basic);
}

# The filled placeholders.
sub fills($basic) {
	my %f;
	$f{ASSISTED_RULES} = join "\n", map { "\t" . q1($_) . ' => ' . q1($DisclosureRules::FORM{$_}) . ',' } qw(llm agent-model);
	my @w = map { q1($_) } @DisclosureRules::AI_WORDS;
	$f{AI_WORDS} = "\tpush(\@words,\n" . join(",\n", map { "\t     $_" } @w) . ");";
	my @lines = ('our @basic_tools = qw(');
	for my $t (@$basic) {
		fail("basic tool '$t' cannot go in qw()") if $t =~ /[()\s]/;
		if (length($lines[-1]) + length($t) + 1 > 72) { push @lines, "\t$t" }
		else { $lines[-1] .= ($lines[-1] =~ /\($/ ? '' : ' ') . $t }
	}
	$lines[-1] .= ');';
	$f{BASIC_TOOLS} = join "\n", @lines;
	# DisclosureRules' other tables, as %disclosure_rules
	my $shared = DisclosureRules::shared();
	my @s = ('our %disclosure_rules = (');
	for my $k (@DisclosureRules::SHARED) {
		my $v = $shared->{$k};
		if (ref $v) { push @s, "\t" . q1($k) . ' => [', (map { "\t\t" . q1($_) . ',' } @$v), "\t]," }
		else { push @s, "\t" . q1($k) . ' => ' . q1($v) . ',' }
	}
	push @s, ');';
	$f{SHARED_RULES} = join "\n", @s;
	return \%f;
}

# The template: [[kind, re, re2, text]...], each text filled.
sub template($file, $fills, $level) {
	my @d;
	for my $line (split /^/, must_read($file)) {
		if ($line =~ /^#@ (before|after) (.+)$/) {
			push @d, [$1, qr/$2/, undef, ''];
		} elsif ($line =~ /^#@ replace (.+) \.\. (.+)$/) {
			push @d, ['replace', qr/$1/, qr/$2/, ''];
		} elsif ($line =~ /^#@/) {
			fail("$file: unknown directive: $line");
		} elsif (@d) {
			if ($line =~ /^\s*@@([A-Z_]+)@@\s*$/) {
				fail("$file: unknown placeholder \@\@$1\@\@") unless defined $fills->{$1};
				$line = "$fills->{$1}\n";
			}
			$d[-1][3] .= $line;
		}
	}
	fail("$file: no directive") unless @d;
	# the levels of the code are the kernel policy's
	my (%code, %rank) = ();
	%rank = (CHK => 1, WARN => 2, ERROR => 3);
	my %name = (CHK => 'CHECK', WARN => 'WARNING', ERROR => 'ERROR');
	for my $d (@d) {
		# ERROR("TYPE", ...) and findings $report->(LINE, 'WARN', 'TYPE', ...)
		while ($d->[3] =~ /\b(ERROR|WARN|CHK)\("([A-Z_]+)"|'(ERROR|WARN|CHK)',\s*'([A-Z_]+)'/g) {
			my ($lvl, $type) = defined $1 ? ($1, $2) : ($3, $4);
			$code{$type} = $lvl if !defined $code{$type} || $rank{$lvl} > $rank{$code{$type}};
		}
	}
	for my $t (sort keys %code) {
		next unless exists $level->{$t};
		fail("$file: $t is $name{$code{$t}} in the code, $level->{$t} in the kernel policy: make them agree")
			unless $name{$code{$t}} eq $level->{$t};
	}
	return \@d;
}

# checkpatch.pl with the template applied.
sub apply($text, $d, $what) {
	my @l = split /^/, $text;
	for my $e (@$d) {
		my ($kind, $re, $re2, $add) = @$e;
		my @at = grep { $l[$_] =~ $re } 0 .. $#l;
		fail("$what: /$re/ matches " . scalar(@at) . " lines of checkpatch.pl, not one: update the directive in $o{template}")
			unless @at == 1;
		my $i = $at[0];
		if ($kind eq 'before') { splice @l, $i, 0, $add }
		elsif ($kind eq 'after') { splice @l, $i + 1, 0, $add }
		else {
			my ($j) = grep { $l[$_] =~ $re2 } $i + 1 .. $#l;
			fail("$what: no line after /$re/ matches /$re2/: update the directive in $o{template}") unless defined $j;
			splice @l, $i, $j - $i + 1, $add;
		}
	}
	return join '', @l;
}

# A command (a list: no shell), bounded (scripts/lib/ProcRun.pm); its
# stdout, or the end with what it printed.
sub run(@cmd) {
	my $r = ProcRun::run(\@cmd, timeout => 600);
	fail("@cmd " . ProcRun::how($r) . ":\n$r->{stdout}$r->{stderr}") unless $r->{ok};
	return $r->{stdout};
}

sub tree($kver) {
	return $o{tree}{$kver} if defined $o{tree}{$kver};
	my $t = ProcRun::run(['sh', 'scripts/ktree.sh', $kver], dir => $root, timeout => 3600)->{stdout};
	chomp $t;
	fail("no packaged $kver tree (sh scripts/ktree.sh $kver; or --tree $kver=DIR)") unless $t ne '' && -f "$t/scripts/checkpatch.pl";
	return $t;
}

sub make_patch($kver, $d) {
	my $tree = tree($kver);
	my $tmp = tempdir(CLEANUP => 1);
	my $r = "$tmp/linux";
	make_path("$r/scripts");
	copy("$tree/scripts/checkpatch.pl", "$r/scripts/checkpatch.pl") or fail("copy $tree/scripts/checkpatch.pl: $!");
	chmod 0755, "$r/scripts/checkpatch.pl";
	local %ENV = (%ENV, GIT_AUTHOR_NAME => $AUTHOR, GIT_AUTHOR_EMAIL => $EMAIL,
		GIT_COMMITTER_NAME => $AUTHOR, GIT_COMMITTER_EMAIL => $EMAIL,
		GIT_AUTHOR_DATE => $DATE, GIT_COMMITTER_DATE => $DATE,
		GIT_CONFIG_NOSYSTEM => 1, GIT_CONFIG_GLOBAL => '/dev/null', HOME => $tmp);
	my @g = ('git', '-C', $r, '-c', 'core.autocrlf=false', '-c', 'diff.noprefix=false', '-c', 'core.fileMode=true');
	run(@g, 'init', '-q');
	run(@g, 'add', 'scripts/checkpatch.pl');
	run(@g, 'commit', '-q', '-m', 'base');
	run(@g, 'am', '-q', '--committer-date-is-author-date', $o{llm});
	spew("$r/scripts/checkpatch.pl", apply(must_read("$r/scripts/checkpatch.pl"), $d, $kver));
	copy($o{agents}, "$r/scripts/coding-agents.conf") or fail("copy $o{agents}: $!");
	chmod 0644, "$r/scripts/coding-agents.conf";
	spew("$tmp/msg", "$SUBJECT\n\n$CHANGELOG");
	run(@g, 'add', 'scripts/checkpatch.pl', 'scripts/coding-agents.conf');
	run(@g, 'commit', '-q', '-F', "$tmp/msg");
	my $p = run(@g, qw(format-patch -1 --stdout --zero-commit --no-signature --stat --summary --abbrev=7 --no-numbered HEAD));
	$p =~ s/^---\n/---\n$NOTES\n/m or fail("no --- line in git format-patch output");
	my $name = run(@g, qw(format-patch -1 --zero-commit --no-signature --no-numbered -o), "$tmp/name", 'HEAD');
	$name =~ s{^.*/|\n}{}g;
	return ($p, $name);
}

my ($level, $basic) = policy($o{policy});
my $d = template($o{template}, fills($basic), $level);
fail("no such file: $o{llm}") unless -f $o{llm};
my $bad = 0;
for my $kver (@kvers) {
	my ($patch, $name) = make_patch($kver, $d);
	my $dir = $kver eq '6.12' ? $o{outdir} : "$o{outdir}/$kver";
	my $out = "$dir/$name";
	if ($o{check}) {
		next if -f $out && must_read($out) eq $patch;
		print STDERR "$P: $out is not what the checker's rules and agents.conf give: run perl checkpatch-ext/bin/kernel-checkpatch.pl\n";
		$bad = 1;
		next;
	}
	make_path($dir);
	spew("$out.tmp", $patch);
	rename "$out.tmp", $out or fail("$out: $!");
	print "$out\n";
}
exit $bad;
