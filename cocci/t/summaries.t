# SPDX-License-Identifier: GPL-2.0
# make scan's summaries across files: a function of one file that leaves
# a field of its parameter mapped, or releases one, maps or releases it
# in every caller, in any file, through chains of such functions; a
# static function of one file is nothing in another; the cache follows a
# summary that changes.
use v5.36;
use Test::More;
use FindBin;
use lib "$FindBin::Bin/../lib", $FindBin::Bin;
use TestLib;
use File::Temp qw(tempdir);
use File::Copy qw(copy);

plan skip_all => 'spatch not installed' unless have_spatch();
my $root = root();
my $data = "$FindBin::Bin/data/summaries";
my $tmp = tempdir(CLEANUP => 1);

my $t = fake_tree();
write_to("$t/include/linux/walk.h", "struct walk {\n\tvoid *addr;\n\tstruct page *page;\n\tint sum;\n};\n");
my %place = ('walk.c' => 'lib/walk.c', 'glue.c' => 'drivers/x/glue.c', 'user.c' => 'drivers/x/user.c',
	'static-a.c' => 'drivers/y/a.c', 'static-b.c' => 'drivers/y/b.c',
	'keyed-pool.c' => 'mm/kpool.c', 'keyed-user.c' => 'drivers/z/user.c',
	'ops-pool.c' => 'mm/zzpool.c', 'ops-user.c' => 'drivers/zz/user.c', 'ops-direct.c' => 'drivers/zz/direct.c',
	'fw-walk.h' => 'include/linux/fwalk.h', 'fw-walk.c' => 'mm/fwalk.c', 'fw-user.c' => 'drivers/w/user.c',
	'guard-bread.c' => 'fs/g/bread.c', 'guard-user.c' => 'fs/g/user.c',
	'opf-iter.h' => 'include/linux/opf_iter.h', 'opf-tt.c' => 'mm/opftt.c', 'opf-user.c' => 'drivers/opf/user.c',
	'opf-other.c' => 'drivers/opf/other.c', 'opf-table.c' => 'drivers/opf2/table.c',
	'opf-table-user.c' => 'drivers/opf2/user.c', 'out-dir.c' => 'fs/od/dir.c', 'out-namei.c' => 'fs/od/namei.c',
	'two.h' => 'include/linux/tw.h', 'two-switch.c' => 'fs/tw/switch.c', 'two-user.c' => 'fs/tw/lzma.c',
	'ops-setter.h' => 'include/linux/os_map.h', 'ops-setter-tt.c' => 'mm/ostt.c', 'ops-setter-user.c' => 'drivers/os/move.c',
	'arr.h' => 'include/linux/arr.h', 'arr-helpers.c' => 'lib/arr.c', 'arr-user.c' => 'drivers/arr/user.c',
	'arr-only.c' => 'drivers/arr2/only.c', 'pass-helper.c' => 'drivers/ph/case.c',
	'vec-free.c' => 'lib/vecfree.c', 'vec-user.c' => 'drivers/vec/user.c',
	'two-b.h' => 'include/linux/tb.h', 'two-b-helper.c' => 'fs/tb/helper.c', 'two-b-user.c' => 'fs/tb/user.c',
	'iter-seed.c' => 'lib/scatterlist.c', 'hdr-walk.h' => 'include/linux/hwalk.h', 'hdr-user.c' => 'drivers/hw/user.c');
for my $f (sort keys %place) {
	write_to("$t/$place{$f}", '');
	copy("$data/$f", "$t/$place{$f}") or die "$f: $!";
}

my $n = 0;
# (exit status, findings.txt, wrappers.txt, stderr)
sub scan(@opts) {
	my $out = "$tmp/o" . $n++;
	my ($st) = run_cmd("perl $root/cocci/bin/lifo-scan.pl --tree '$t' --out '$out' --jobs 1 --wrappers @opts >/dev/null 2>'$out.err'");
	return ($st, slurp("$out/findings.txt") // '', slurp("$out/cocci-tree/wrappers.txt") // '', slurp("$out.err"));
}

my ($st, $found, $wrappers, $err) = scan();
is($st, 0, 'scan: exit 0') or diag $err;
scenario 'summaries found in one file reach the others' => sub {
	like($wrappers, qr/^fieldmap walk_map 0 ->addr \(level 1\)$/m, 'walk_map() leaves ->addr of its argument mapped');
	like($wrappers, qr/^fieldrelease walk_done 0 ->addr \(level 1\)$/m, 'walk_done() releases it');
	like($wrappers, qr/^fieldmap walk_next 0 ->addr /m, 'walk_next() maps it again ...');
	like($wrappers, qr/^fieldrelease walk_next 0 ->addr /m, '... after its release');
	like($wrappers, qr/^fieldmap glue_start 0 ->addr \(level 2\)$/m, 'glue_start() maps it through walk_map(), a level further');
	unlike($wrappers, qr/walk_peek|copy_ok|put_it|hold\b/, 'no summary for a function that releases what it maps itself, or a static one');
};
scenario 'callers in other files' => sub {
	like($found, qr{^drivers/x/user\.c:14:\d+: copy_bad\(\): w->addr \(walk_map, line 11\) mapped before d \(kmap_local_page, line 12\) but released first; release d before w->addr }m,
		'released by a function of another file while the inner page is held');
	like($found, qr{^drivers/x/user\.c:37:\d+: step_bad\(\): w->addr \(walk_map, line 35\) mapped before d \(kmap_local_page, line 36\) but released first}m,
		'released and mapped again by a function of another file');
	like($found, qr{^drivers/x/user\.c:49:\d+: glue_bad\(\): w->addr \(glue_start, line 47\) mapped before d}m,
		'mapped through a chain of helpers across files');
	unlike($found, qr/copy_ok|peek_ok/, 'the kept order and a helper that leaves nothing mapped are silent');
};
scenario 'a helper that maps in one mode' => sub {
	like(slurp("$tmp/o0/cocci-tree/guards.list") // '', qr/^guard gbread 2 G_KMAP$/m,
		'gbread() maps only under if (type == G_KMAP)');
	like($found, qr{^fs/g/user\.c:14:\d+: g_bad\(\): a \(kmap_local_page, line 11\) mapped before buf\.base \(gbread, line 13\)}m,
		'a call in that mode maps');
	unlike($found, qr/g_nomap/, 'a call in another mode maps nothing on the stack');
};
scenario 'a release by key, in another file' => sub {
	like($wrappers, qr/^keyrelease kpool_unmap \(level 1\)$/m, 'kpool_unmap() releases what none of its parameters names: by key');
	like($wrappers, qr/^keyrelease kpool_stop \(level 1\)$/m, 'kpool_stop() stops an iterator its parameters do not name: by key');
	unlike($wrappers, qr/ kpool_pio /, 'kpool_pio() advances that iterator and stops it: no release by key');
	unlike($wrappers, qr/ sg_miter_(?:next|stop) /, 'the iterator the rules know, defined in the tree, has no summary');
	like($found, qr{^drivers/z/user\.c:13:\d+: zread_bad\(\): src \(kpool_map, line 10\) mapped before dst \(kmap_local_page, line 11\) but released first; release dst before src }m,
		'kpool_unmap(pool, handle) releases what kpool_map(pool, handle) mapped, while dst is held');
	unlike($found, qr/zread_ok/, 'released in order: silent');
};
scenario 'a release helper that is a static inline function of a header' => sub {
	like($wrappers, qr/^fieldrelease hwalk_done 0 ->addr \(level 1\)$/m, 'hwalk_done() of a header releases ->addr of its argument, in every file that includes it');
	like($found, qr{^drivers/hw/user\.c:19:\d+: hstep_bad\(\): p->in\.addr \(hwalk_map, line 16\) mapped before p->out\.addr \(hwalk_map, line 17\) but released first}m,
		'its caller in another file releases p->in first: reported');
	unlike($found, qr/hstep_ok/, 'released in order: silent');
};
scenario 'an operations table' => sub {
	like($wrappers, qr/^opmap map of struct zpool_driver \(level \d\)$/m, '.map = zz_zpool_map: a call of the member maps');
	like($wrappers, qr/^opkeyrelease unmap of struct zpool_driver \(level \d\)$/m, '.unmap = zz_zpool_unmap: a call of the member releases by key');
	like($wrappers, qr/^map zp_map_handle /m, 'zp_map_handle() returns driver->map(...): a map wrapper');
	like($wrappers, qr/^keyrelease zp_unmap_handle /m, 'zp_unmap_handle() calls driver->unmap(pool, handle): a release by key');
	like($found, qr{^drivers/zz/user\.c:10:\d+: zswap_bad\(\): src \(zp_map_handle, line 7\) mapped before dst \(kmap_local_page, line 8\) but released first; release dst before src }m,
		'the caller of the dispatchers, its releases swapped, is reported');
	like($found, qr{^drivers/zz/direct\.c:14:\d+: zd_direct_bad\(\): src \(->map, line 11\) mapped before dst \(kmap_local_page, line 12\) but released first; release dst before src }m,
		'driver->map() and driver->unmap() called directly, in another file, releases swapped: reported');
	like($found, qr{^mm/zzpool\.c:\d+:\d+: zp_member_bad\(\): src \(->map, line \d+\) mapped before dst }m,
		'zpool->driver->map(), the structure defined in the file: reported');
	unlike($found, qr/zd_direct_ok|zd_two_ok/, 'released in order, or another handle released by key: silent');
	unlike($found, qr/zd_other_ok/, 'members of the same names in a structure of another type: silent');
};
scenario 'an operations table of functions that map a field (the kmap iterators of TTM)' => sub {
	like($wrappers, qr/^opfieldmap map_local 1 ->vaddr of struct opf_iter_ops \(level 1\)$/m,
		'.map_local = opf_tt_map_local, static: a call of the member maps ->vaddr of its argument 1');
	like($wrappers, qr/^opfieldrelease unmap_local 1 ->vaddr of struct opf_iter_ops \(level 1\)$/m, 'and .unmap_local releases it');
	like($found, qr{^drivers/opf/user\.c:13:\d+: opf_move_bad\(\): dm\.vaddr \(->map_local, line 10\) mapped before sm\.vaddr \(->map_local, line 11\) but released first; release sm\.vaddr before dm\.vaddr }m,
		'a copy through the members of another file, releases swapped, is reported');
	unlike($found, qr/opf_move_ok/, 'released in order: silent');
	unlike($found, qr/opf_other_ok/, 'members of the same names in a file that does not name the structure: silent');
	like($wrappers, qr/^opfieldmap get 1 ->vaddr of struct opf2_ops \(level 2\)$/m,
		'.get = opf_pub_map, a function of another file (__initconst): a call of the member maps ->vaddr');
	like($found, qr{^drivers/opf2/user\.c:12:\d+: opf2_move_bad\(\): x\.vaddr \(->get, line 9\) mapped before y\.vaddr \(->get, line 10\) but released first}m,
		'... and its caller, releases swapped, is reported');
};
scenario 'a walk begun by a function and ended by a macro (folio_walk_start/end)' => sub {
	like($wrappers, qr/^fieldmap fwalk_start 0 ->ptep /m, 'fwalk_start() stores the entry it maps, through a local, in ->ptep');
	like($wrappers, qr/^fieldrelease fwalk_end 0 ->ptep /m, 'the macro fwalk_end() releases ->ptep of its argument');
	unlike($wrappers, qr/^map fwalk_start /m, 'the folio it returns is not the mapping: that is in the field');
	like($found, qr{^drivers/w/user\.c:16:\d+: peek_bad\(\): fw\.ptep \(fwalk_start, line 12\) mapped before src \(kmap_local_folio, line 15\) but released first; release src before fw\.ptep }m,
		'the walk ended while the folio is mapped is reported');
	unlike($found, qr/peek_ok/, 'the walk ended after the folio is released: silent');
	unlike($wrappers, qr/fwalk_copy/, 'a helper that maps and releases before it returns (memcpy_from_page()) has no summary');
	unlike($found, qr/copy_inside_ok/, 'and calling it while a mapping is held is silent');
};
scenario 'helpers that map through an out-parameter (ext2_find_entry() of 6.1)' => sub {
	like($wrappers, qr/^fieldmap od_find_entry 3 \* \(level 1\)$/m, 'od_find_entry() leaves what its parameter 3 points to mapped');
	like($wrappers, qr/^fieldmap od_dotdot 2 \* \(level 1\)$/m, 'and od_dotdot() its parameter 2');
	like($wrappers, qr/^release od_put_page \(level 1\)$/m, 'od_put_page() releases its argument');
	like($found, qr{^fs/od/namei\.c:14:\d+: od_rename_bad\(\): old_addr \(od_find_entry, line 8\) mapped before dir_addr \(od_dotdot, line 11\) but released first; release dir_addr before old_addr }m,
		'the caller in another file, releases swapped, is reported');
	unlike($found, qr/od_rename_ok/, 'released in order, and the path where od_dotdot() failed: silent');
};
scenario 'a helper that can leave two fields mapped (erofs z_erofs_stream_switch_bufs())' => sub {
	like($wrappers, qr/^fieldmap tw_switch 0 ->kout \(level 1\)$/m, 'tw_switch() is summarized by ->kout, the field it maps last');
	like($found, qr{^fs/tw/lzma\.c:16:\d+: tw_decompress_bad\(\): dctx\.kin \(kmap_local_page, line 10\) mapped before dctx\.kout \(tw_switch, line 12\) but released first; release dctx\.kout before dctx\.kin }m,
		'its caller in another file releases ->kin, which it mapped itself, first: reported');
	unlike($found, qr/tw_decompress_ok/, 'released in order, ->kout under a test of itself: silent');
	like($wrappers, qr/^fieldmap tb_map_two 0 ->dst\[below\] \(level 1\)$/m, 'tb_map_two() leaves ->dst below ->src: said to other files');
	unlike($wrappers, qr/^fieldmap tw_switch 0 ->kin\[below\]/m, '... not tw_switch(), which maps ->kout under tests of other parameters');
	like($found, qr{^fs/tb/user\.c:11:\d+: tb_blit_bad\(\): d\.dst \(tb_map_two, line 9\) mapped before d\.src \(tb_map_two, line 9\) but released first}m,
		'a caller in another file that maps neither field releases the lower one first: reported');
	unlike($found, qr/tb_blit_ok/, '... the top one first: silent');
};
scenario 'a table whose functions map through a setter of a header (TTM, iosys_map_set_vaddr())' => sub {
	like($wrappers, qr/^opfieldmap map_local 1 ->vaddr of struct os_iter_ops /m, '.map_local maps ->vaddr through os_map_set_vaddr()');
	like($found, qr{^drivers/os/move\.c:13:\d+: os_move_bad\(\): dm\.vaddr \(->map_local, line 10\) mapped before sm\.vaddr \(->map_local, line 11\) but released first}m,
		'a copy through the members, releases swapped, is reported');
	unlike($found, qr/os_move_ok/, 'released in order: silent');
};
scenario 'an array of the argument mapped in a loop by one helper, released by another' => sub {
	like($wrappers, qr/^fieldmap arr_map_all 0 ->ptrs\[up\] \(level 1\)$/m, 'arr_map_all() leaves ->ptrs[] mapped, counting up');
	like($wrappers, qr/^fieldrelease arr_unmap_up 0 ->ptrs\[up\] \(level 1\)$/m, 'arr_unmap_up() releases it counting up');
	like($wrappers, qr/^fieldrelease arr_unmap_down 0 ->ptrs\[down\] \(level 1\)$/m, '... and arr_unmap_down() counting down');
	like($found, qr{^drivers/arr2/only\.c:9:\d+: only_bad\(\): c->ptrs\[\] \(arr_map_all, line 7\) mapped in a loop counting up but released in one counting up too}m,
		'a caller in another file that calls both, releasing counting up: reported');
	like($found, qr{^drivers/arr/user\.c:26:\d+: arr_own_bad\(\): c->ptrs\[\] \(kmap_local_page, line 24\) mapped in a loop counting up}m,
		'a loop of its own, then the helper that releases counting up: reported');
	like($found, qr{^drivers/arr/user\.c:46:\d+: arr_theirs_bad\(\): c->ptrs\[\] \(arr_map_all, line 43\)}m,
		'the helper that maps, then a release loop of its own counting up: reported');
	unlike($found, qr/_ok\(\)/, 'the other direction, or a loop that releases what it maps: silent');
};
scenario 'a vector given to a helper of another file that only releases it' => sub {
	like($wrappers, qr/^fieldrelease vec_free_up 0 \[up\]\.iov_base \(level 1\)$/m,
		'vec_free_up() releases the elements of its parameter itself, counting up, through an integer copy');
	like($wrappers, qr/^fieldrelease vec_free_down 0 \[down\]\.iov_base \(level 1\)$/m, '... and vec_free_down() counting down');
	like($found, qr{^drivers/vec/user\.c:20:\d+: vec_send_bad\(\): iov\[\]\.iov_base \(kmap_local_page, line 14\) mapped in a loop counting up but released in one counting up too}m,
		'the caller that stored the mappings plus an offset, released counting up: reported');
	unlike($found, qr/vec_send_ok/, 'released counting down: silent');
};
scenario 'a function read again in a later pass keeps the helpers of its file' => sub {
	like($found, qr{^drivers/ph/case\.c:18:\d+: ph_user\(\): d->src \(ph_map_src, line 16\) mapped before x \(kmap_local_page, line 17\) but released first}m,
		'its finding of the first pass stays');
	like($wrappers, qr/^fieldrelease ph_user 0 ->dst /m, 'it releases ->dst of its caller');
	unlike($wrappers, qr/^fieldrelease ph_user 0 ->src /m, '... not ->src, which it mapped through its helper');
};
like($found, qr{^drivers/y/b\.c:16:\d+: pair_bad\(\): s \(kmap_local_page, line 13\) mapped before d }m,
	'a static function of another file read in the same spatch run does not stand for the one of this file');

# With the cache: a helper that changes in its own file changes its
# callers' findings (the summaries are part of their key).
scenario 'with the cache: a helper that changes changes its callers\' findings' => sub {
	my $cache = "$tmp/cache";
	($st, $found) = scan('--cache', $cache);
	like($found, qr/copy_bad\(\)/, 'cached scan: the same finding');
	my $walk = slurp("$t/lib/walk.c");
	write_to("$t/lib/walk.c", $walk =~ s/(void walk_done\(struct walk \*w\)\n\{\n)\tkunmap_local\(w->addr\);/$1\tw->sum = 0;/r);
	($st, $found, $wrappers) = scan('--cache', $cache);
	unlike($wrappers, qr/^fieldrelease walk_done /m, 'walk_done() changed to release nothing: no summary');
	unlike($found, qr/copy_bad\(\)/, '... and its caller in another file, cached before, is silent');
	write_to("$t/lib/walk.c", $walk);
	($st, $found) = scan('--cache', $cache);
	like($found, qr/copy_bad\(\)/, '... and reported again when it releases again');
};
# A helper of one file read in the same spatch run as another file that
# calls a function of its name: the call's arguments are no mappings
# (the scan of 6.12 with WRAPPERS=0 reported libiscsi_tcp's "consumed
# (skb_seq_read) mapped before seq").
scenario 'a helper of one file read in the same spatch run as its caller\'s file' => sub {
	my $t2 = fake_tree();
	write_to("$t2/net/core/skbuff.c", '');
	copy("$data/skbuff.c", "$t2/net/core/skbuff.c") or die;
	write_to("$t2/drivers/scsi/iscsi.c", '');
	copy("$root/cocci/tests/helper_chain.c", "$t2/drivers/scsi/iscsi.c") or die;
	my $out = "$tmp/skb";
	my ($st2) = run_cmd("perl $root/cocci/bin/lifo-scan.pl --tree '$t2' --out '$out' --jobs 1 >/dev/null 2>'$out.err'");
	my $f = slurp("$out/findings.txt") // '';
	is($st2, 0, 'one spatch run over skbuff.c and its caller: exit 0') or diag slurp("$out.err");
	like($f, qr/recv_skb\(\): seq \(skb_seq_read, line 67\) mapped before segment->sg_mapped/, '... the caller\'s finding');
	unlike($f, qr/consumed/, '... and no mapping named after skb_seq_read()\'s first argument');
};

done_testing;
