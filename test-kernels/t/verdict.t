# SPDX-License-Identifier: GPL-2.0
# The console verdict on saved logs: a warning, a clean boot, an Oops, a
# hung guest, a truncated log, and the kernel's own test summaries.
use v5.36;
use Test::More;
use FindBin;
use lib "$FindBin::Bin/../lib", "$FindBin::Bin/../../scripts/lib";
use TestCommon;
use BootVerdict qw(verdict parse_console);

sub log_text($name) { slurp("$FindBin::Bin/data/$name.log") // die "t/data/$name.log: cannot read\n" }

my $done = { timed_out => 0, exit => 0, timeout => 300 };
my $lifo = { tests => ['uffd-move'], expect => 'kunmap_local_indexed' };
my $quiet = { tests => ['uffd-move'], expect => undef };

my $v;
scenario 'warning.log' => sub {
	$v = verdict(log_text('warning'), $lifo, $done);
	ok($v->{ok}, 'warning expected and seen: PASS');
	like($v->{warning}, qr/WARNING: .*kunmap_local_indexed/, '... the warning line is reported');
	like($v->{detail}, qr/kunmap_local_indexed from \S+/, '... with the caller from the backtrace');
	like($v->{detail}, qr/uffd-move=PASS/, '... and the guest test result');
	is($v->{from}, 'move_pages', '... the function that released out of order');

	$v = verdict(log_text('warning'), $quiet, $done);
	ok(!$v->{ok}, 'the same warning where none may appear: FAIL');
	like($v->{detail}, qr/console shows 'WARNING: .*kunmap_local_indexed/, '... naming it');
	is($v->{warning} =~ /kunmap_local_indexed/ ? 1 : 0, 1, '... and the warning column says seen');
};

scenario 'clean.log' => sub {
	$v = verdict(log_text('clean'), { tests => ['uffd-move', 'uffd-unit-move'], expect => undef }, $done);
	ok($v->{ok}, 'clean boot: PASS');
	ok(!defined $v->{warning}, '... no warning');
	is_deeply([@{$v->{kernel_tests}}{qw(pass fail skip)}], [1, 0, 2], '... uffd-unit-tests summary counted');

	$v = verdict(log_text('clean'), $lifo, $done);
	ok(!$v->{ok}, 'clean boot where the warning is expected: FAIL');
	like($v->{detail}, qr/expected 'kunmap_local_indexed' on the console, none was seen/, '... saying so');
};

scenario 'oops.log' => sub {
	$v = verdict(log_text('oops'), $quiet, { timed_out => 0, exit => 0, timeout => 300 });
	ok(!$v->{ok}, 'Oops and panic: FAIL');
	like($v->{detail}, qr/guest did not finish \(qemu exit 0\); console shows 'Unable to handle kernel NULL pointer/, '... names the first complaint');
	$v = verdict(log_text('oops'), $lifo, $done);
	ok(!$v->{ok}, 'an Oops is not the expected warning');
};

scenario 'hung.log' => sub {
	$v = verdict(log_text('hung'), $quiet, { timed_out => 1, exit => 143, timeout => 7 });
	ok(!$v->{ok}, 'hung guest: FAIL');
	like($v->{detail}, qr/^guest hung: killed after 7s; last lines: .*Testing move-pmd on anon\.\.\.$/, '... killed, with the last lines');
};

scenario 'truncated.log' => sub {
	$v = verdict(log_text('truncated'), $quiet, { timed_out => 0, exit => 1, timeout => 300 });
	ok(!$v->{ok}, 'truncated log: FAIL');
	like($v->{detail}, qr/guest did not finish \(qemu exit 1\); last lines: .*moved 64 pa$/, '... with the last lines');
};

scenario 'ktap.log' => sub {
	$v = verdict(log_text('ktap'), { tests => [], expect => undef }, $done);
	ok(!$v->{ok}, 'a failed KUnit test fails the case');
	is_deeply([@{$v->{kernel_tests}}{qw(pass fail skip)}], [1, 1, 1], '... KTAP Totals counted once, not the suite lines too');
	like($v->{detail}, qr/kernel tests failed: .*pass=1 fail=1 skip=1/, '... and reported');
};

scenario 'ktap-cut.log' => sub {
	$v = verdict(log_text('ktap-cut'), { tests => [], expect => undef }, $done);
	ok(!$v->{ok}, 'KTAP without its summary fails');
	is_deeply([@{$v->{kernel_tests}}{qw(pass fail skip)}], [2, 0, 0], '... the test cases seen are counted');
	like($v->{detail}, qr/cut short.*no summary line/, '... and it says the summary is missing');
};

# Real consoles of the arm-virt machine (make boot-test, 6.12.118).
for my $t (['real-uffd-reverted', 'uffd-move', 'move_pages'], ['real-zsmalloc-bug', 'zram-compact', 'zs_compact.part.0'],
	['real-ext2-bug', 'ext2-rename', 'ext2_rename']) {
	my ($log, $test, $from) = @$t;
	scenario "$log.log" => sub {
		$v = verdict(log_text($log), { tests => [$test], expect => 'kunmap_local_indexed' }, $done);
		ok($v->{ok}, "$log: the warning is seen");
		is($v->{from}, $from, "... from $from");
		$v = verdict(log_text($log), { tests => [$test], expect => undef }, $done);
		ok(!$v->{ok}, "$log: where no warning may appear it fails");
	};
}
scenario 'real-uffd-fixed.log' => sub {
	$v = verdict(log_text('real-uffd-fixed'), { tests => ['uffd-move', 'uffd-unit-move'], expect => undef }, $done);
	ok($v->{ok}, 'real-uffd-fixed: clean');
	is_deeply([@{$v->{kernel_tests}}{qw(pass fail skip)}], [1, 0, 2], '... uffd-unit-tests counted');
	$v = verdict(log_text('real-uffd-fixed'), { tests => ['uffd-move', 'mm-paths'], expect => undef }, $done);
	ok(!$v->{ok}, 'a test the guest did not run is missing, and fails');
	like($v->{detail}, qr/mm-paths=missing/, '... by name');
};

scenario 'real-self-tests.log' => sub {
	$v = verdict(log_text('real-self-tests'), { tests => ['mm-cow', 'uffd-unit-move'], expect => undef }, $done);
	ok($v->{ok}, 'real KUnit, crypto self-tests, cow and uffd-unit-tests: clean');
	is_deeply([@{$v->{kernel_tests}}{qw(pass fail skip)}], [87, 0, 26],
		'... four KUnit suites (77), cow (9 + 24 skipped), uffd (1 + 2) counted once each');
	(my $cut = log_text('real-self-tests')) =~ s/# Totals: pass:8 fail:0.*//s;
	$v = verdict($cut, { tests => [], expect => undef }, { timed_out => 0, exit => 0, timeout => 300 });
	ok(!$v->{ok}, 'the same console cut inside the last KUnit suite fails');
};
scenario 'real-highmem-bug.log' => sub {
	$v = verdict(log_text('real-highmem-bug'), { tests => ['compact'], expect => 'kunmap_local_indexed' }, $done);
	is($v->{from}, 'folio_mc_copy', 'copy_highpage() bug put back: the warning comes from migration');
};

scenario 'real-cow-bailout.log' => sub {
	$v = verdict(log_text('real-cow-bailout'), { tests => ['uffd-move', 'mm-cow'], expect => undef }, $done);
	ok(!$v->{ok}, 'a selftest that bails out fails the case');
	like($v->{detail}, qr/mm-cow=FAIL/, '... through its exit status');
	is($v->{kernel_tests}{fail}, 1, '... and "Bail out!" counts as a failure');
};

# ufs_rename() of the packaged 6.12.118, without and with the by-hand fix
# (kernel-patches/by-hand/0001-ufs-...), trimmed consoles: the warning
# is raised in ufs_delete_entry() called by ufs_rename().
scenario 'real-ufs-pristine.log and real-ufs-fixed.log' => sub {
	$v = verdict(log_text('real-ufs-pristine'), { tests => ['ufs-rename'], expect => 'kunmap_local_indexed' }, $done);
	ok($v->{ok}, 'real-ufs-pristine: the warning is seen and ufs-rename passes');
	is($v->{from}, 'ufs_delete_entry', '... released by ufs_delete_entry()');
	like(log_text('real-ufs-pristine'), qr/^ ufs_delete_entry from ufs_rename\+/m, '... called by ufs_rename()');
	like($v->{detail}, qr/ufs-rename=PASS/, '... and the tree check passed');
	$v = verdict(log_text('real-ufs-pristine'), { tests => ['ufs-rename'], expect => undef }, $done);
	ok(!$v->{ok}, 'real-ufs-pristine where no warning may appear: FAIL');
	$v = verdict(log_text('real-ufs-fixed'), { tests => ['ufs-rename'], expect => undef }, $done);
	ok($v->{ok}, 'real-ufs-fixed: quiet, ufs-rename passes');
	ok(!defined $v->{warning}, '... no warning');
	like(log_text('real-ufs-fixed'), qr/tree checked after a remount/, '... the tree read back after a remount');
	$v = verdict(log_text('real-ufs-fixed'), { tests => ['ufs-rename'], expect => 'kunmap_local_indexed' }, $done);
	ok(!$v->{ok}, 'real-ufs-fixed where the warning is expected: FAIL');
	(my $failed = log_text('real-ufs-fixed')) =~ s/BT-RESULT ufs-rename PASS status=0/BT-RESULT ufs-rename FAIL status=1/;
	$v = verdict($failed, { tests => ['ufs-rename'], expect => undef }, $done);
	ok(!$v->{ok}, 'a quiet console whose tree check failed: FAIL');
	like($v->{detail}, qr/ufs-rename=FAIL/, '... naming the test');
};

# libiscsi_tcp of the packaged 6.12.118 under the forcemap overlay
# (iscsi-pristine@forcemap, trimmed): the LIO target sends its own pages
# over loopback, skb_seq_read() releases the fragment while the segment
# page, mapped later, is held.
scenario 'real-iscsi-forcemap.log' => sub {
	$v = verdict(log_text('real-iscsi-forcemap'), { tests => ['iscsi-loop'], expect => 'kunmap_local_indexed' }, $done);
	ok($v->{ok}, 'real-iscsi-forcemap: the warning is seen and iscsi-loop passes');
	is($v->{from}, 'skb_seq_read', '... released by skb_seq_read()');
	like(log_text('real-iscsi-forcemap'), qr/^ skb_seq_read from iscsi_tcp_recv_skb\+/m, '... called by iscsi_tcp_recv_skb()');
	like($v->{detail}, qr/iscsi-loop=PASS/, '... and the data read back intact');
	$v = verdict(log_text('real-iscsi-forcemap'), { tests => ['iscsi-loop'], expect => undef }, $done);
	ok(!$v->{ok}, 'real-iscsi-forcemap where no warning may appear: FAIL');
	(my $quiet = log_text('real-iscsi-forcemap')) =~ s/^-+\[ cut here.*?^---\[ end trace [^\n]*\n//ms;
	$v = verdict($quiet, { tests => ['iscsi-loop'], expect => undef }, $done);
	ok($v->{ok}, 'the same console without the warning is clean: iscsid\'s absence is no complaint') or diag $v->{detail};
};

# erofs_find_target_block() under force map: the warning, then the
# slot it freed while mapped is mapped again (BUG in
# __kmap_local_pfn_prot()) and the guest dies.  The expected warning
# first: what follows is the bug's doing.
scenario 'real-erofs-forcemap.log' => sub {
	my $erofs = { tests => ['erofs-lookup'], expect => 'kunmap_local_indexed' };
	my $done_exit = { timed_out => 0, exit => 0, timeout => 300 };
	$v = verdict(log_text('real-erofs-forcemap'), $erofs, $done_exit);
	ok($v->{ok}, 'real-erofs-forcemap: the warning first, then the BUG it causes: PASS') or diag $v->{detail};
	is($v->{from}, 'erofs_put_metabuf.part.0', '... released by erofs_put_metabuf()');
	like($v->{detail}, qr/, then 'Internal error: Oops - BUG: 0 \[#1\] ARM'; the guest did not finish$/, '... naming what followed');
	$v = verdict(log_text('real-erofs-forcemap'), { tests => ['erofs-lookup'], expect => undef }, $done_exit);
	ok(!$v->{ok}, '... where no warning may appear: FAIL');
	$v = verdict(log_text('real-erofs-forcemap'), $erofs, { timed_out => 1, exit => 143, timeout => 7 });
	ok(!$v->{ok}, '... a guest that hung after it: FAIL');
	$v = verdict(log_text('oops') . log_text('warning'), $lifo, $done);
	ok(!$v->{ok}, 'an Oops before the expected warning: FAIL');
	like($v->{detail}, qr/but also 'Unable to handle kernel NULL pointer/, '... naming it');
	$v = verdict(log_text('warning') . log_text('oops'), $lifo, $done);
	ok(!$v->{ok}, 'a guest that finished, an Oops after the expected warning: FAIL');
	like($v->{detail}, qr/as expected, but also 'Unable to handle kernel NULL pointer/, '... naming it');
};

scenario 'parse_console' => sub {
	my $p = parse_console("[    0.5] BT-INIT\r\n[    1.0] BT-RESULT a PASS status=0\r\nBT-RESULT a FAIL\r\nBT-DONE pass=1\r\n");
	ok($p->{done} && $p->{init}, 'time stamps and carriage returns are dropped');
	is($p->{tests}{a}, 'PASS', 'the first result of a test counts');
	$p = parse_console("# Totals: pass:5 fail:0 xfail:0 xpass:0 skip:2 error:0\n");
	is_deeply([@{$p->{kernel_tests}}{qw(pass fail skip)}], [5, 0, 2], 'kselftest Totals line');
};

done_testing;
