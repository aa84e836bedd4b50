# SPDX-License-Identifier: GPL-2.0
# The kernel-patches/checkpatch patch: it applies to the packaged 6.12 and
# 6.1 scripts/checkpatch.pl (on copies), the patched checkpatch reports
# the agent Co-developed-by of seed 008 with the precise type instead of
# the email-format complaints, and the patch's own message passes.
use v5.36;
use Test::More;
use FindBin;
use lib $FindBin::Bin;
use DTest;
use File::Copy qw(copy);

my $root = root();
my ($patch) = glob("$root/kernel-patches/checkpatch/0001-checkpatch-*.patch");
ok($patch && -f $patch, 'the patch exists') or BAIL_OUT('no patch');
(my $rel = $patch) =~ s{^\Q$root\E/kernel-patches/}{};
my @series = grep { !/^\s*(?:#|$)/ } split /\n/, read_file("$root/kernel-patches/series");
ok((grep { $_ eq $rel } @series), 'listed in kernel-patches/series');

my $text = read_file($patch);
like($text, qr/\AFrom [0-9a-f]{40} Mon Sep 17 00:00:00 2001\nFrom: .+\n(?: .+\n)?Date: .+\nSubject: \[PATCH\] checkpatch: /, 'git format-patch header');
like($text, qr/^---\n(?:.*\n)*? scripts\/checkpatch\.pl \| +\d+ [+-]+\n 1 file changed/m, 'diffstat after ---');
like($text, qr/^diff --git a\/scripts\/checkpatch\.pl b\/scripts\/checkpatch\.pl$/m, 'diff of scripts/checkpatch.pl');
my ($message) = $text =~ /\n\n(.*?)\n---\n/s;
like($message, qr/^Assisted-by: Claude:claude-opus-4-5$/m, 'its own Assisted-by trailer');
unlike($message, qr/^Signed-off-by:/m, 'no invented sign-off');

# The patch's own message passes the disclosure checker
{
	my $r = DTest::run(['--no-config', '--no-signoff', '--show-types', $patch]);
	is($r->{rc}, 0, 'disclosure.pl --no-signoff passes the patch') or diag $r->{out};
	$r = DTest::run(['--no-config', '--show-types', $patch]);
	like($r->{out}, qr/MISSING_HUMAN_SIGN_OFF/, 'and asks for the human sign-off without --no-signoff');
}

sub tree($kver) {
	my $p = `cd '$root' && sh scripts/ktree.sh $kver 2>/dev/null`;
	chomp $p;
	return $p ne '' && -f "$p/scripts/checkpatch.pl" ? $p : undef;
}

# A scratch copy of a tree's scripts/ with the patch applied.
sub patched_copy($tree, $name) {
	my $d = tmpdir() . "/$name";
	mkdir $d;
	mkdir "$d/scripts";
	for my $f (qw(checkpatch.pl spelling.txt const_structs.checkpatch)) {
		copy("$tree/scripts/$f", "$d/scripts/$f") if -f "$tree/scripts/$f";
	}
	my $out = `cd '$d' && patch -p1 --no-backup-if-mismatch < '$patch' 2>&1`;
	return ($? == 0 ? $d : undef, $out);
}

sub cp_run($dir, @args) {
	my $r = DTest::run(['--no-tree', '--show-types', '--no-summary', '--quiet', @args],
			   cmd => [$^X, "$dir/scripts/checkpatch.pl"]);
	return $r;
}

for my $kver (qw(6.12 6.1)) {
	SKIP: {
		my $tree = tree($kver);
		skip "no packaged $kver tree (sh scripts/ktree.sh $kver)", 13 unless $tree;
		my ($d, $out) = patched_copy($tree, "cp-$kver");
		ok($d, "$kver: the patch applies with patch -p1") or diag $out;
		skip "$kver: patch failed", 12 unless $d;

		my $before = DTest::run(['--no-tree', '--show-types', seed('008')], cmd => [$^X, "$tree/scripts/checkpatch.pl"]);
		like($before->{out}, qr/Unrecognized email address: 'Claude claude-opus-4-20250514'/, "$kver unpatched: the misleading complaint");

		my $r = cp_run($d, seed('008'));
		like($r->{out}, qr/^ERROR:AGENT_CO_DEVELOPED_BY: Co-developed-by: names an AI agent \(Claude\), which cannot sign off; use 'Assisted-by: Claude:claude-opus-4-20250514' instead\n#25: \nCo-developed-by: Claude claude-opus-4-20250514$/m,
		     "$kver patched: AGENT_CO_DEVELOPED_BY on seed 008");
		unlike($r->{out}, qr/Unrecognized email address/, "$kver patched: no email-format complaint");
		unlike($r->{out}, qr/name\/email do not match|must be immediately followed by Signed-off-by/, "$kver patched: no SoB pairing complaint");
		is($r->{err}, '', "$kver patched: no perl warnings");

		my $m = msg("Fix.\n\nSigned-off-by: Claude Dupont <claude\@example.org>\nCo-Authored-By: Claude Opus 4.5 <noreply\@anthropic.com>\n"
			    . "Assisted-by: Claude:claude-opus-4-5 git coccinelle\nGenerated-by: Coccinelle 1.1.1\n",
			    from => 'Claude Dupont <claude@example.org>');
		my $f = write_file(tmpdir() . "/cp-$kver.patch", $m);
		$r = cp_run($d, $f);
		my @types = $r->{out} =~ /^(?:ERROR|WARNING|CHECK):([A-Z_]+):/mg;
		is_deeply(\@types, [qw(AGENT_CO_AUTHOR ASSISTED_BY_BASIC_TOOL GENERATED_BY_TAG)], "$kver patched: same types as disclosure.pl, a person called Claude is a person")
			or diag $r->{out};
		unlike($r->{out}, qr/perhaps 'Co-developed-by:'/, "$kver patched: no Co-developed-by advice for an agent co-author");
		my $d_types = types_of(check($m));
		is_deeply(\@types, [map { s/^\w+://r } @$d_types], "$kver patched: the types disclosure.pl reports on the same patch");

		$r = cp_run($d, seed('006'));
		unlike($r->{out}, qr/GENERATED_BY_TAG|MISSING_DISCLOSURE/, "$kver patched: 006's quoted Generated-by is not a trailer");
		$r = cp_run($d, seed('007'));
		unlike($r->{out}, qr/AGENT_|ASSISTED_BY|MISSING_DISCLOSURE/, "$kver patched: 007 is not undisclosed AI use");

		my $g = write_file(tmpdir() . "/cp-fix-$kver.patch", read_file(seed('008')));
		DTest::run(['--no-tree', '--quiet', '--fix-inplace', $g], cmd => [$^X, "$d/scripts/checkpatch.pl"]);
		like(read_file($g), qr/^Assisted-by: Claude:claude-opus-4-20250514$/m, "$kver patched: --fix rewrites into Assisted-by");

		# the patch's own message passes the unpatched tree's checkpatch
		$r = DTest::run(["--root=$tree", '--no-signoff', '--show-types', $patch], cmd => [$^X, "$tree/scripts/checkpatch.pl"]);
		is($r->{rc}, 0, "$kver: the tree's checkpatch.pl --no-signoff passes the patch") or diag $r->{out};
	}
}

done_testing;
