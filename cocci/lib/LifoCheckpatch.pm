# SPDX-License-Identifier: GPL-2.0
# The tree's scripts/checkpatch.pl as make check-patch and make fixes run
# it, so that both give a patch one verdict: the same options, the same
# way of running it, the same reading of what it says.
#
# It runs from a scratch folder (it finds the tree from its own path;
# what it writes, --strict's .checkpatch-camelcase.*, goes there), with
# the tree's git when the tree is a git tree, and with --no-tree when it
# does not take the tree for a full one.
#
# Disclosure: the Assisted-by form the tree documents
# (Documentation/process/coding-assistants.rst: AGENT_NAME:MODEL_VERSION
# from 78d979db6cef to 7.2, LLM since 816d9992d9ed in 7.3; a tree with
# no such file gets mainline's, LLM, as checkpatch-ext/disclosure.pl
# decides too).  When the tree's checkpatch.pl warns on that form (the
# packaged 6.12 and 6.1 have d1db4118489f, which wants
# AGENT_NAME:MODEL_VERSION), it disagrees with the documentation: a
# patch whose only checkpatch complaints are about Assisted-by lines of
# the documented form passes, with one line that says so.
package LifoCheckpatch;
use v5.36;
use File::Path qw(make_path);
use LifoPatch qw(capture);
use LifoCommon ();

our $RST = 'Documentation/process/coding-assistants.rst';
our %FORM = (
	'llm' => 'Assisted-by: LLM [TOOL1] [TOOL2]',
	'agent-model' => 'Assisted-by: AGENT_NAME:MODEL_VERSION [TOOL1] [TOOL2]',
);
my %EXAMPLE = ('llm' => 'Assisted-by: LLM coccinelle', 'agent-model' => 'Assisted-by: Claude:claude-3-opus coccinelle');
my %IS_FORM = ('llm' => qr/^Assisted-by:[ \t]*LLM(?:[ \t]|\z)/i, 'agent-model' => qr/^Assisted-by:[ \t]*[^\s:]+:\S+/i);

# new(tree => DIR, dir => SCRATCH, opts => "checkpatch options")
sub new($class, %a) {
	my $self = bless { %a }, $class;
	$self->{opts} = [split ' ', $a{opts} // ''];
	make_path("$a{dir}/cwd");
	return $self;
}

sub script($self) { return "$self->{tree}/scripts/checkpatch.pl" }
sub present($self) { return -f $self->script }

# The form the tree documents: (form, where it comes from).  The file is
# read as make scan reads the tree (LifoCommon::open_regular): a FIFO or
# a device there dies naming it, it does not block.
sub documented_form($self) {
	return @{$self->{doc}} if $self->{doc};
	my @d = ('llm', "mainline's $RST (816d9992d9ed, 7.3; the tree has none)");
	my $rst = "$self->{tree}/$RST";
	if (-e $rst) {
		my $why;
		my $fh = LifoCommon::open_regular($rst, \$why) // die LifoCommon::read_error($rst, $why) . "\n";
		while (my $l = <$fh>) {
			next unless $l =~ /Assisted-by:\s*(\S+)/;
			my $v = $1;
			if ($v eq 'LLM') { @d = ('llm', "its $RST"); last }
			if ($v =~ /^AGENT_NAME:MODEL_VERSION/) { @d = ('agent-model', "its $RST"); last }
		}
	}
	$self->{doc} = \@d;
	return @d;
}

sub _run($self, $patch, @extra) {
	local $ENV{GIT_DIR} = "$self->{tree}/.git" if -e "$self->{tree}/.git";
	my @cp = ('perl', $self->script, @{$self->{opts}}, @extra);
	my ($st, $o, $e) = capture("$self->{dir}/cwd", @cp, ($self->{no_tree} ? '--no-tree' : ()), $patch);
	if (!$self->{no_tree} && $o =~ /Must be run from the top-level dir/) {
		$self->{no_tree} = 1;
		$self->{said_no_tree} = 0;
		($st, $o, $e) = capture("$self->{dir}/cwd", @cp, '--no-tree', $patch);
	}
	return ($st, $o . $e);
}

# What the tree's checkpatch.pl says of the documented form: undef when
# it accepts it, else its message (it disagrees with the documentation).
sub disagreement($self) {
	return $self->{disagree} if exists $self->{disagree};
	my ($form) = $self->documented_form;
	my $p = "$self->{dir}/probe.patch";
	open my $fh, '>', $p or die "$p: $!\n";
	print $fh "From: Probe Person <probe\@example.org>\nSubject: [PATCH] probe: what checkpatch says of a trailer\n\n"
		. "A patch made to see what this checkpatch.pl says of an Assisted-by line.\n\n"
		. "$EXAMPLE{$form}\nSigned-off-by: Probe Person <probe\@example.org>\n---\n"
		. "diff --git a/probe.txt b/probe.txt\n--- a/probe.txt\n+++ b/probe.txt\n@@ -1 +1 @@\n-old\n+new\n";
	close $fh;
	my ($st, $o) = capture("$self->{dir}/cwd", 'perl', $self->script, '--no-tree', $p);
	unlink $p;
	my ($block) = grep { /Assisted-by/ } split /\n\n/, $o;
	my $msg;
	if (defined $block) {
		($msg) = $block =~ /^(?:WARNING|ERROR|CHECK)(?::\w+)?: (.*)/m;
		$msg //= (split /\n/, $block)[0];
	}
	return $self->{disagree} = $msg;
}

# Runs checkpatch.pl on a patch: {
#   ok => 1 when it passes (or fails only on Assisted-by lines of the
#         form the tree documents, which its checkpatch.pl rejects),
#   output => what it printed, summary => its "total:" line,
#   notes => [lines to print], hints => [lines to print],
#   types => { TYPE => 1 } (with --show-types: of the complaints) }
# or undef when the tree has no checkpatch.pl.
sub check($self, $patch) {
	return undef unless $self->present;
	my ($st, $o) = $self->_run($patch);
	my %r = (output => $o, notes => [], hints => []);
	($r{summary}) = $o =~ /^(total: .*)$/m;
	if ($self->{no_tree} && !$self->{said_no_tree}++) {
		push @{$r{notes}}, "checkpatch.pl does not recognise $self->{tree} as a full tree: running it with --no-tree";
	}
	$r{ok} = $st == 0 ? 1 : 0;
	my ($form, $src) = $self->documented_form;
	my @doc_lines = $self->_trailers($patch, $IS_FORM{$form});
	my $on_assisted = grep { /Assisted-by/ } split /\n\n/, $o;
	if (!$r{ok} && @doc_lines && $on_assisted && defined(my $msg = $self->disagreement)) {
		# Again without those lines: do they alone make it fail?
		my $p2 = "$self->{dir}/without-assisted-by.patch";
		$self->_without($patch, $p2, $IS_FORM{$form});
		my ($st2) = $self->_run($p2);
		unlink $p2;
		push @{$r{notes}}, "Assisted-by: the tree's checkpatch.pl says \"$msg\" of '$doc_lines[0]', "
			. "but $src asks for '$FORM{$form}': follow the documentation; "
			. ($st2 == 0 ? "this complaint alone does not fail the patch" : "the patch fails on checkpatch.pl's other complaints")
			. " (kernel-patches/checkpatch-llm/ makes checkpatch.pl accept it)";
		$r{ok} = 1 if $st2 == 0;
		$r{assisted_by_only} = $st2 == 0 ? 1 : 0;
	} elsif (!$r{ok} && $on_assisted) {
		push @{$r{hints}}, "Assisted-by: $src asks for '$FORM{$form}', and the tree's checkpatch.pl agrees: use that form";
	}
	push @{$r{hints}}, "sign the patch off (git commit -s, git am -s, or make fixes SIGNOFF=1)"
		if !$r{ok} && $o =~ /Missing Signed-off-by/;
	return \%r;
}

# The lines of a patch's commit message (before its diff) that match $re.
sub _trailers($self, $patch, $re) {
	open my $fh, '<', $patch or return ();
	my @t;
	while (my $l = <$fh>) {
		last if $l =~ /^(?:---\s*$|diff --git |Index: )/;
		$l =~ s/\r?\n\z//;
		push @t, $l if $l =~ $re;
	}
	return @t;
}

sub _without($self, $patch, $to, $re) {
	open my $in, '<', $patch or die "$patch: $!\n";
	open my $out, '>', $to or die "$to: $!\n";
	my $body = 1;
	while (my $l = <$in>) {
		$body = 0 if $l =~ /^(?:---\s*$|diff --git |Index: )/;
		next if $body && ($l =~ s/\r?\n\z//r) =~ $re;
		print $out $l;
	}
	close $out or die "$to: $!\n";
}

1;
