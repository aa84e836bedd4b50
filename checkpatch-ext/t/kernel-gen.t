# SPDX-License-Identifier: GPL-2.0
# One source: the kernel-patches/checkpatch patches are what
# checkpatch-ext/bin/kernel-checkpatch.pl makes today from agents.conf,
# lib/DisclosureRules.pm, policies/kernel.policy and the code template;
# their tables are those of the checker; a change of the data makes
# --check fail; each patch applies (git apply --check, patch -p1
# --dry-run) to a copy of its packaged tree's checkpatch.pl once the
# checkpatch-llm fix is in.
use v5.36;
use Test::More;
use FindBin;
use lib $FindBin::Bin, "$FindBin::Bin/../lib";
use DTest;
use DisclosureRules;
use File::Copy qw(copy);
use File::Path qw(make_path);

my $root = root();
my $gen = "$root/checkpatch-ext/bin/kernel-checkpatch.pl";
my %patch = ('6.12' => glob("$root/kernel-patches/checkpatch/0001-checkpatch-*.patch"),
	     '6.1' => glob("$root/kernel-patches/checkpatch/6.1/0001-checkpatch-*.patch"));
my ($llm) = glob("$root/kernel-patches/checkpatch-llm/0001-*.patch");
ok(!-e "$root/checkpatch-ext/agents-more.conf", 'one registry: no agents-more.conf');
unlike(read_file("$root/checkpatch-ext/disclosure.pl"), qr/agents-more/, 'disclosure.pl reads agents.conf only');


# The tables in the patch are the checker's.
my %policy = map { /^([a-z-]+)\s*=\s*(.*)$/ ? ($1 => $2) : () } split /\n/, read_file("$root/checkpatch-ext/policies/kernel.policy");
for my $kver (sort keys %patch) {
	my $t = read_file($patch{$kver});
	my $added = join "\n", map { s/^\+//r } grep { /^\+(?!\+\+ )/ } split /\n/, $t;
	my ($qw) = $added =~ /^our \@basic_tools = qw\(([^)]*)\);/m;
	is(join(' ', split ' ', $qw // ''), $policy{'basic-tools'}, "$kver: \@basic_tools is the kernel policy's basic-tools");
	my %form = $added =~ /^\t'([a-z-]+)' => '([^']*)',$/mg;
	is_deeply(\%form, \%DisclosureRules::FORM, "$kver: \%assisted_rule is DisclosureRules' forms");
	my ($push) = $added =~ /^\tpush\(\@words,\n((?:\t     '.*'[,)].*\n?)+)/m;
	my @w = ($push // '') =~ /'([^']*)'/g;
	is_deeply(\@w, \@DisclosureRules::AI_WORDS, "$kver: the words naming an AI are DisclosureRules'");
	my ($rules) = $added =~ /^(our %disclosure_rules = \(\n.*?^\);)$/ms;
	my %rules = defined $rules ? eval "package KernelGenRules; $rules; %KernelGenRules::disclosure_rules" : ();
	is_deeply(\%rules, DisclosureRules::shared(), "$kver: %disclosure_rules is DisclosureRules' other tables (claim patterns, tags)") or diag $@;
	my ($conf) = $t =~ m{^diff --git a/scripts/coding-agents\.conf .*?\n\@\@[^\n]*\n(.*?)(?=^diff |^-- \n|\z)}ms;
	is(join('', map { s/^\+//r . "\n" } split /\n/, $conf // ''), read_file("$root/checkpatch-ext/agents.conf"), "$kver: scripts/coding-agents.conf is agents.conf");
}

# The levels in the code are the kernel policy's: a policy that differs
# is refused before any tree is read.
my $tmp = tmpdir();
write_file("$tmp/kernel.policy", read_file("$root/checkpatch-ext/policies/kernel.policy") =~ s/^level AGENT_CO_AUTHOR = WARNING$/level AGENT_CO_AUTHOR = ERROR/mr);
my ($st, $o) = sh("perl '$gen' --check --policy '$tmp/kernel.policy' --tree 6.12=/nonexistent");
is($st, 2, 'a policy level the code does not have: refused');
like($o, qr/AGENT_CO_AUTHOR is WARNING in the code, ERROR in the kernel policy/, '... naming the type');


scenario 'the committed patches are what kernel-checkpatch.pl makes; they apply' => sub {
	SKIP: {
		my %tree = map { $_ => packaged_tree($_) } qw(6.12 6.1);
		skip 'the packaged trees are not available (sh scripts/ktree.sh 6.12, 6.1)', 12 if grep { !$_ } values %tree;
		($st, $o) = sh("perl '$gen' --check");
		is($st, 0, 'the committed patches are what kernel-checkpatch.pl makes (else: run it)') or diag $o;

		# a changed registry: --check fails and says what to run
		write_file("$tmp/agents.conf", read_file("$root/checkpatch-ext/agents.conf") . "\n[agent Frob]\nname = Frob\n");
		($st, $o) = sh("perl '$gen' --check --kver 6.12 --agents '$tmp/agents.conf'");
		is($st, 1, 'a changed agents.conf: --check fails');
		like($o, qr/not what the checker's rules and agents\.conf give: run perl checkpatch-ext\/bin\/kernel-checkpatch\.pl/, '... and says to regenerate');
		# written elsewhere, the patch carries the new agent
		make_path("$tmp/out");
		($st, $o) = sh("perl '$gen' --kver 6.12 --agents '$tmp/agents.conf' --outdir '$tmp/out'");
		is($st, 0, 'written to --outdir');
		like(join('', map { read_file($_) } glob("$tmp/out/*.patch")), qr/^\+\[agent Frob\]$/m, '... with the new agent in scripts/coding-agents.conf');

		# a template anchor that no longer matches: a clear error
		write_file("$tmp/cp.in", read_file("$root/checkpatch-ext/kernel/checkpatch.pl.in") =~ s/^#@ before \^sub find_standard_signature/#@ before ^sub find_no_such_sub/mr);
		($st, $o) = sh("perl '$gen' --check --kver 6.12 --template '$tmp/cp.in'");
		is($st, 2, 'an anchor matching no line: refused');
		like($o, qr/matches 0 lines of checkpatch\.pl, not one: update the directive/, '... and says what to update');

		# each applies to a copy of its tree once the LLM fix is in
		for my $kver (qw(6.12 6.1)) {
			my $d = "$tmp/apply-$kver";
			make_path("$d/scripts");
			copy("$tree{$kver}/scripts/checkpatch.pl", "$d/scripts/checkpatch.pl") or die;
			chmod 0755, "$d/scripts/checkpatch.pl";
			($st, $o) = sh("cd '$d' && patch -p1 -s < '$llm'");
			is($st, 0, "$kver: the checkpatch-llm fix applies") or diag $o;
			($st, $o) = sh("cd '$d' && git apply --check '$patch{$kver}' && patch -p1 --dry-run -s < '$patch{$kver}'");
			is($st, 0, "$kver: then git apply --check and patch -p1 --dry-run") or diag $o;
		}
		# without the fix it does not: the order of kernel-patches/series
		($st, $o) = sh("cd '$tmp' && mkdir -p bare/scripts && cp -p '$tree{'6.12'}/scripts/checkpatch.pl' bare/scripts/ && cd bare && git apply --check '$patch{'6.12'}'");
		isnt($st, 0, 'the packaged 6.12 checkpatch.pl alone: the patch needs the fix first');
	}
};
done_testing;
