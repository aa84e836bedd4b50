# SPDX-License-Identifier: GPL-2.0
# Parse errors, timeouts and prefilter skips are counted from spatch's
# stderr (a fake spatch that prints what spatch 1.1.1 prints).
use v5.36;
use Test::More;
use FindBin;
use lib "$FindBin::Bin/../lib", $FindBin::Bin;
use TestLib;
use File::Temp qw(tempdir);
use LifoRule;
use LifoSpatch;

my $t = tempdir(CLEANUP => 1);
write_to("$t/$_", "int x;\n") for qw(bad.c slow.c skip.c good.c);
write_to("$t/rule.cocci", "// Options: --no-includes --include-headers\n\@r\@\n\@\@\nkmap_local_page\@p(...)\n");
my @progress;
my $r = LifoSpatch::run_rule($t, "$t/rule.cocci", [qw(bad.c slow.c skip.c good.c)],
	jobs => 2, batch => 2, spatch => "sh $FindBin::Bin/data/fake-spatch.sh",
	progress => sub ($p) { push @progress, $p }, progress_every => 0);
is_deeply([sort keys %{$r->{parse_errors}}], ['bad.c'], 'parse error counted for the file, not standard.h');
is_deeply([sort keys %{$r->{timeouts}}], ['slow.c'], 'timeout counted');
is($r->{skipped}, 1, 'prefilter skip counted');
is($r->{handled}, 3, 'parsed files counted');
is(scalar @{$r->{findings}}, 1, 'finding parsed from stdout');
is($r->{findings}[0]{file}, 'good.c', '... for good.c');
is_deeply($r->{errors}, [], 'no spatch errors');
ok(@progress && $progress[-1]{final} && $progress[-1]{done} == 4 && $progress[-1]{total} == 4, 'final progress: 4 of 4');
is_deeply([LifoRule::rule_options("$t/rule.cocci")], ['--no-includes', '--include-headers'], 'rule // Options: header');
is_deeply([LifoRule::rule_tokens("$t/rule.cocci")], ['kmap_local_page'], 'tokens from name@position');
my $root = root();
my @tok = LifoRule::rule_tokens("$root/cocci/kmap_local_lifo.cocci");
ok((grep { $_ eq 'kmap_local_page' } @tok) && (grep { $_ eq 'pte_offset_map_lock' } @tok) && !(grep { /^(?:Functions|the)$/ } @tok), 'tokens of the real rule from maps.list');

# spatch is told which Python to use: found through PATH, a pyenv shim
# slows every start and may load a Python other than Debian's
# (cocci/README.md, spatch 1.1.1).
write_to("$t/args-spatch.sh", "[ \"\$1\" = --version ] && { echo 'spatch version 1.1.1'; exit 0; }\necho \"\$*\" >>'$t/args'\n");
{
	local $LifoSpatch::PYTHON = '/usr/bin/python3';
	LifoSpatch::run_rule($t, "$t/rule.cocci", ['good.c'], spatch => "sh $t/args-spatch.sh");
}
like(slurp("$t/args") // '', qr{(?:^| )--python /usr/bin/python3 },
	'spatch runs with --python /usr/bin/python3');
is($LifoSpatch::PYTHON, -x '/usr/bin/python3' ? '/usr/bin/python3' : undef,
	'... by default where that Python exists');
done_testing;
