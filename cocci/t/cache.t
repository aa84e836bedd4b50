# SPDX-License-Identifier: GPL-2.0
# make scan CACHE=: a rescan gives spatch only what changed, finds what
# a scan without the cache finds, follows a changed helper to its
# callers, and keeps nothing that a failed or timed-out spatch printed.
use v5.36;
use Test::More;
use FindBin;
use lib "$FindBin::Bin/../lib", $FindBin::Bin;
use TestLib;
use File::Temp qw(tempdir);
use File::Find ();
use File::Copy qw(copy);
use JSON::PP ();

plan skip_all => 'spatch not installed' unless have_spatch();
my $root = root();
my $tmp = tempdir(CLEANUP => 1);
my $log = "$tmp/spatch.log";

# spatch that logs the files it is given (one line each), for each run.
write_to("$tmp/logging-spatch.sh", <<'EOF');
#!/bin/sh
prev=
for a; do
	[ "$prev" = --file-groups ] && grep . "$a" >>"$SPATCH_LOG"
	prev=$a
done
exec ${REAL_SPATCH:-spatch} "$@"
EOF
chmod 0755, "$tmp/logging-spatch.sh";
$ENV{SPATCH_LOG} = $log;

my $n = 0;
# (exit status, findings.txt, scan.json, files given to spatch, stderr, OUT)
sub scan($t, $opts = '') {
	my $out = "$tmp/o" . $n++;
	unlink $log;
	my ($st) = run_cmd("perl $root/cocci/bin/lifo-scan.pl --tree '$t' --out '$out' --jobs 2 --wrappers"
		. " --spatch 'sh $tmp/logging-spatch.sh' $opts >/dev/null 2>'$out.err'");
	my %given = map { $_ => 1 } split /\n/, slurp($log) // '';
	my $json = slurp("$out/scan.json");
	return ($st, slurp("$out/findings.txt") // '', $json ? JSON::PP->new->decode($json) : {},
		[sort keys %given], slurp("$out.err"), $out);
}

my $t = fake_tree();
write_to("$t/lib/helpers.c", "void *map_it(struct page *page)\n{\n\treturn kmap_local_page(page);\n}\n\n"
	. "void unmap_it(void *addr)\n{\n\tkunmap_local(addr);\n}\n");
write_to("$t/drivers/foo/use.c", "void foo_copy(struct page *a, struct page *b)\n{\n\tchar *x, *y;\n\n"
	. "\tx = map_it(a);\n\ty = map_it(b);\n\tunmap_it(x);\n\tunmap_it(y);\n}\n");
# (Files changed in the second a scan lists them are not trusted.)
sleep 1;
my $cache = "$tmp/cache";

my ($st, $f0, $j, $given, $first, $f, $err, $out);
scenario 'a first scan with an empty cache' => sub {
	($st, $f0, $j, $given) = scan($t, "--cache '$cache'");
	is($st, 0, 'first scan with an empty cache: exit 0');
	like($f0, qr{^drivers/foo/use\.c:7:}m, '... finds the caller of the wrappers');
	$first = $j->{cache}{given_to_spatch};
	ok($first > 0 && $j->{cache}{reused} == 0, "... gives spatch every file ($first)");
	my ($st2, $plain) = scan($t);
	is($plain, $f0, 'a scan without the cache finds the same');
};

scenario 'a rescan, nothing changed' => sub {
	($st, $f, $j, $given) = scan($t, "--cache '$cache'");
	is($f, $f0, 'rescan, nothing changed: the same findings');
	is_deeply($given, [], '... spatch is given no file');
	is($j->{cache}{reused}, $first, '... every result is reused');
	is($j->{cache}{changed_files}, 0, '... and no file counts as changed');
};

scenario 'the caller changed: spatch is given that file only' => sub {
	sleep 1;
	edit("$t/drivers/foo/use.c", "\tunmap_it(x);\n\tunmap_it(y);\n", "\tunmap_it(y);\n\tunmap_it(x);\n");
	($st, $f, $j, $given, $err, $out) = scan($t, "--cache '$cache'");
	unlike($f, qr{drivers/foo/use\.c}, 'the caller fixed: its finding is gone');
	is_deeply($given, ['drivers/foo/use.c'], '... spatch is given that file only');
	like($err, qr/pass 2 ahead: 1 changed files/, '... for pass 2 ahead of it');
	is_deeply([glob "$out/cocci-tree/ahead*"], [], '... which leaves nothing in OUT/cocci-tree');
	is($j->{cache}{changed_files}, 1, '... the one changed file');
	is($f, (scan($t))[1], '... as a scan without the cache finds');
};

scenario 'a helper changed: its callers are read again' => sub {
	sleep 1;
	edit("$t/drivers/foo/use.c", "\tunmap_it(y);\n\tunmap_it(x);\n", "\tunmap_it(x);\n\tunmap_it(y);\n");
	edit("$t/lib/helpers.c", "return kmap_local_page(page);", "return page_address(page);");
	($st, $f, $j, $given) = scan($t, "--cache '$cache'");
	unlike($f, qr{drivers/foo/use\.c}, 'map_it() no longer maps: its caller has no finding');
	ok((grep { $_ eq 'drivers/foo/use.c' } @$given), '... the caller was given to spatch again (its helper changed)');
	is($f, (scan($t))[1], '... as a scan without the cache finds');
	edit("$t/lib/helpers.c", "return page_address(page);", "return kmap_local_page(page);");
	sleep 1;
	($st, $f, $j, $given) = scan($t, "--cache '$cache'");
	like($f, qr{^drivers/foo/use\.c:7:}m, 'map_it() maps again: its caller is reported again');
};

# A file added since the last scan is found (the kept greps are not trusted for it).
scenario 'a file added since the last scan is found' => sub {
	write_to("$t/drivers/bar/new.c", "void bar(struct page *a, struct page *b)\n{\n\tvoid *p = kmap_local_page(a);\n"
		. "\tvoid *q = kmap_local_page(b);\n\n\tkunmap_local(p);\n\tkunmap_local(q);\n}\n");
	sleep 1;
	($st, $f, $j, $given) = scan($t, "--cache '$cache'");
	like($f, qr{^drivers/bar/new\.c:6:}m, 'a file added since the last scan is found');
	is_deeply($given, ['drivers/bar/new.c'], '... and only it is given to spatch');
};

# The same tree elsewhere (the next release, say): results by content.
scenario 'the same tree elsewhere: results by content' => sub {
	my $t2 = "$tmp/copy/linux";
	system('mkdir', '-p', "$tmp/copy") == 0 && system('cp', '-a', $t, $t2) == 0 or die;
	sleep 1;
	($st, $f, $j, $given) = scan($t2, "--cache '$cache'");
	is($f, (scan($t, "--cache '$cache'"))[1], 'the same files in another tree: the same findings');
	is_deeply($given, [], '... without spatch');
};

# Damaged entries are misses, not results.
scenario 'damaged entries are misses' => sub {
	my @entries;
	File::Find::find(sub { push @entries, $File::Find::name if /^[0-9a-f]{64}\z/ }, "$cache/spatch");
	ok(@entries > 0, 'the cache holds entries');
	for (@entries) { open my $fh, '+<', $_ or die; truncate $fh, (-s $_) - 5; close $fh }
	($st, $f, $j, $given) = scan($t, "--cache '$cache'");
	is($j->{cache}{reused}, 0, 'truncated entries: none is reused');
	like($f, qr{^drivers/foo/use\.c:7:}m, '... and the findings are whole');
};

# A damaged index: the kept grep lists lose a file, first and last lines
# kept.  The file is read again, its finding reported.
scenario 'a damaged index: the file is read again' => sub {
	my @greps = grep { (slurp($_) // '') =~ m{^drivers/foo/use\.c$}m } glob "$cache/trees/*/grep-*";
	ok(@greps > 0, 'the index keeps grep lists that name drivers/foo/use.c');
	for (@greps) {
		my $text = slurp($_);
		$text =~ s{^drivers/foo/use\.c$}{drivers/foo/usE.c}mg;
		write_to($_, $text);
	}
	($st, $f, $j, $given) = scan($t, "--cache '$cache'");
	like($f, qr{^drivers/foo/use\.c:7:}m, 'grep lists changed inside: the finding is still reported');
};

# spatch failing on a file: nothing of that file is kept.
scenario 'spatch failing on a file: nothing of it is kept' => sub {
	sleep 1;
	edit("$t/drivers/foo/use.c", "char *x, *y;", "char *x, *y; /* changed */");
	{
		local $ENV{REAL_SPATCH} = "sh $root/cocci/t/data/fault-spatch.sh";
		local $ENV{FAULT} = 'crash:drivers/foo/use.c';
		($st) = scan($t, "--cache '$cache'");
	}
	is($st, 2, 'spatch crashing on a file: exit 2');
	($st, $f, $j, $given) = scan($t, "--cache '$cache'");
	ok((grep { $_ eq 'drivers/foo/use.c' } @$given), '... the next scan gives that file to spatch again');
	like($f, qr{^drivers/foo/use\.c:7:}m, '... and reports it');
};

# A timeout is not kept (the fake spatch times out on slow.c).
scenario 'a timeout is not kept' => sub {
	my $ft = tempdir(CLEANUP => 1) . '/linux';
	write_to("$ft/Makefile", "VERSION = 6\nPATCHLEVEL = 12\n");
	write_to("$ft/Kconfig", "mainmenu \"Linux\"\n");
	write_to("$ft/arch/x86/Kconfig", "config X86\n\tdef_bool y\n");
	write_to("$ft/$_", "void f(void) { kmap_local_page(a); }\n") for qw(slow.c good.c);
	sleep 1;
	for my $round (1, 2) {
		my $out = "$tmp/fake$round";
		run_cmd("perl $root/cocci/bin/lifo-scan.pl --tree '$ft' --out '$out' --spatch 'sh $root/cocci/t/data/fake-spatch.sh'"
			. " --cache '$tmp/cache2' >/dev/null 2>&1");
		my $s = JSON::PP->new->decode(slurp("$out/scan.json") // '{}');
		is($s->{cache}{given_to_spatch}, $round == 1 ? 2 : 1,
			$round == 1 ? 'a file that times out: given to spatch' : '... and given again on the next scan (good.c is reused)');
	}
};

# Entries that cannot be written (a file where each folder of entries
# goes, as a full disk fails a write): the scan stands, and says so.
scenario 'entries that cannot be written: the scan stands' => sub {
	my $blocked = "$tmp/blocked";
	write_to(sprintf("$blocked/spatch/%02x", $_), "x\n") for 0 .. 255;
	($st, $f, $j, $given, $err) = scan($t, "--cache '$blocked'");
	is($st, 0, 'a cache whose entries cannot be written: exit 0 (the results do not depend on it)');
	like($f, qr{^drivers/foo/use\.c:7:}m, '... the findings are whole');
	like($err, qr{cache \(\Q$blocked\E\):.*NOT KEPT: cannot write \Q$blocked\E/spatch/}, '... and the summary says what was not kept');
};

# CACHE= that cannot be used: exit 2 before anything is scanned.
scenario 'CACHE= that cannot be used: exit 2' => sub {
	write_to("$tmp/plain-file", "x\n");
	my ($st3);
	($st3, undef, undef, undef, $err) = scan($t, "--cache '$tmp/plain-file'");
	is($st3, 2, 'CACHE= naming a file: exit 2');
	like($err, qr/CACHE=\S*plain-file/, '... with a clear message');
	($st3, undef, undef, undef, $err) = scan($t, "--cache '$t/cache'");
	is($st3, 2, 'CACHE= inside the tree: exit 2');
	like($err, qr/CACHE=.* inside the kernel tree/, '... the tree is only read');
	ok(!-e "$t/cache", '... and nothing is written there');
};

done_testing;
