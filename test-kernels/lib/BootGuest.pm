# SPDX-License-Identifier: GPL-2.0
# The guest: a static /init and the test programs of test-kernels/guest
# (one .c each), the tree's tools/testing/selftests/mm/uffd-unit-tests,
# an ext2 image for the directory tests, all in one initramfs shared by
# every case.  Rebuilt only when an input is newer than its output.
package BootGuest;
use v5.36;
use File::Path qw(make_path remove_tree);
use KernelBuild;
use BootState ();
use OwnDir ();
use ReadFile qw(read_bytes);
use ProcRun ();

# gen_init_cpio runs this long at most (it takes a second).
our $CPIO_TIMEOUT = 600;

# new(kbuild => KernelBuild, src => TREE, dir => OUT, here => test-kernels,
#     cross => PREFIX, kversion => VERSION)
sub new($class, %a) { return bless {%a}, $class }

sub stale($out, @in) {
	return 1 unless -e $out;
	my $t = (stat $out)[9];
	for my $i (@in) {
		return 1 if -e $i && (stat $i)[9] > $t;
	}
	return 0;
}

sub cc($self, $out, $flags, @srcs) {
	my $log = "$self->{dir}/guest.log";
	return unless stale($out, @srcs, "$self->{dir}/.headers");
	my @cmd = ("$self->{cross}gcc", '-static', '-O2', '-Wall', @$flags,
		'-isystem', "$self->{dir}/usr/include", '-o', $out, @srcs, '-lpthread', '-lrt', '-lm');
	KernelBuild::run_logged(undef, $log, @cmd) == 0
		or die "compiling " . ($srcs[0] =~ s{.*/(test-kernels|tools)/}{$1/}r) . " failed: "
			. KernelBuild::first_errors($log) . " (log: $log)\n";
}

# Build everything; returns the initramfs path.
sub build($self) {
	my ($d, $src, $here) = @$self{qw(dir src here)};
	make_path("$d/bin");
	OwnDir::mark($d);
	my $log = "$d/guest.log";
	unlink $log;
	if ((read_bytes("$d/.headers") // '') ne $self->{kversion}) {
		$self->{kbuild}->make($log, 'headers_install', "INSTALL_HDR_PATH=$d/usr");
		BootState::write_file("$d/.headers", $self->{kversion});
	}
	my @files;
	opendir my $dh, "$here/guest" or die "$here/guest: $!\n";
	my @progs = sort map { "$here/guest/$_" } grep { /\.c$/ && -f "$here/guest/$_" } readdir $dh;
	closedir $dh;
	for my $c (@progs) {
		my $name = $c =~ s{.*/|\.c$}{}gr;
		$self->cc("$d/bin/$name", [], $c);
		push @files, $name eq 'init' ? ['/init', "$d/bin/init", 755] : ["/bin/$name", "$d/bin/$name", 755];
	}
	# The tree's mm selftests, static; an empty local_config.h: no liburing.
	my $mm = "$src/tools/testing/selftests/mm";
	BootState::write_file("$d/local_config.h", '') unless -f "$d/local_config.h";
	for my $t (['uffd-unit-tests', qw(uffd-unit-tests uffd-common vm_util thp_settings)],
		['cow', qw(cow vm_util thp_settings)]) {
		my ($name, @c) = @$t;
		$self->cc("$d/bin/$name", ['-U_FORTIFY_SOURCE', '-I', $d, '-I', $src, '-isystem', "$src/tools/include/uapi"],
			map { "$mm/$_.c" } @c);
		push @files, ["/bin/$name", "$d/bin/$name", 755];
	}
	push @files, ['/ext2.img', $self->ext2_image, 644];
	push @files, ['/erofs.img', $self->erofs_image, 644];
	push @files, ['/etc/boot-tests', "$here/guest/boot-tests", 644];
	my $cpio = "$d/gen_init_cpio";
	if (stale($cpio, "$src/usr/gen_init_cpio.c")) {
		KernelBuild::run_logged(undef, $log, 'cc', '-O2', '-o', $cpio, "$src/usr/gen_init_cpio.c")
			and die "compiling usr/gen_init_cpio failed (log: $log)\n";
	}
	my $list = join '', map { "dir $_ 0755 0 0\n" } qw(/dev /proc /sys /tmp /mnt /bin /etc);
	$list .= "nod /dev/console 0600 0 0 c 5 1\n";
	$list .= join '', map { "file $_->[0] $_->[1] 0$_->[2] 0 0\n" } @files;
	BootState::write_file("$d/initramfs.list", $list);
	my $img = "$d/initramfs.cpio";
	my $r = ProcRun::run([$cpio, "$d/initramfs.list"], stdout => "$img.tmp", timeout => $CPIO_TIMEOUT);
	$r->{ok} or die "gen_init_cpio " . ProcRun::how($r) . " on $d/initramfs.list: $r->{stderr}\n";
	rename "$img.tmp", $img or die "$img: $!\n";
	return $img;
}

# A small ext2 image (made on the host: the guest has no mkfs) that
# the ext2 directory test loop-mounts.
sub ext2_image($self) {
	my $img = "$self->{dir}/ext2.img";
	return $img if -f $img;
	my $mkfs = host_tool('mke2fs') // die "mke2fs not found (package e2fsprogs)\n";
	my $log = "$self->{dir}/guest.log";
	KernelBuild::run_logged(undef, $log, $mkfs, '-q', '-F', '-t', 'ext2', '-b', '4096', "$img.tmp", '4M')
		and die "mke2fs failed (log: $log)\n";
	rename "$img.tmp", $img or die "$img: $!\n";
	return $img;
}

# The path of the host's program $name, in PATH, /sbin, /usr/sbin or
# /usr/bin (mkfs programs live in /sbin, which a user's PATH may lack),
# or undef.
sub host_tool($name) {
	return (grep { -x } map { "$_/$name" } split(/:/, $ENV{PATH} // ''), '/sbin', '/usr/sbin', '/usr/bin')[0];
}

# An erofs image (made on the host by mkfs.erofs) with a directory /d
# of 600 empty files whose entries fill several blocks, for the erofs
# lookup test (guest/erofs-lookup.c names them the same way).  Each
# directory ends on a full block (_filler_names()): mkfs.erofs then
# stores none inline, whose reads (erofs_iomap_end()) would warn in
# kmap_to_page() under the forcemap overlay.
sub erofs_image($self) {
	my $img = "$self->{dir}/erofs.img";
	return $img if -f $img;
	my $mkfs = host_tool('mkfs.erofs') // die "mkfs.erofs not found (package erofs-utils)\n";
	my $root = "$self->{dir}/erofs-root";
	# (Afresh: a file left there would end a directory elsewhere.)
	remove_tree($root);
	make_path("$root/d");
	my @d = map { sprintf 'entry-%03d-padding-to-make-the-name-long', $_ } 1 .. 600;
	BootState::write_file("$root/d/$_", '') for @d, _filler_names('.', '..', @d);
	BootState::write_file("$root/$_", '') for _filler_names('.', '..', 'd');
	my $log = "$self->{dir}/guest.log";
	KernelBuild::run_logged(undef, $log, $mkfs, '--quiet', '-T0', '--all-root', "$img.tmp", $root)
		and die "mkfs.erofs failed (log: $log)\n";
	rename "$img.tmp", $img or die "$img: $!\n";
	return $img;
}

# Names to add to a directory of @names so that its entries end on a
# full 4 KiB block: erofs packs each entry (12 bytes and its name) in
# name order, a block at a time (mkfs.erofs 1.5 writes 4 KiB blocks).
# They sort after the others ("z00...").
sub _filler_names(@names) {
	my $last = sub { my $used = 0; for (sort @_) { my $s = 12 + length; $used = 0 if $used + $s > 4096; $used += $s } $used };
	my @fill;
	while ((my $rest = 4096 - $last->(@names, @fill)) > 0) {
		# (One that ends the block, or a long one: what is left after
		# it is 55 bytes or more; under 15, a long one opens a block.)
		my $len = $rest >= 15 && $rest - 12 <= 255 ? $rest - 12 : 200;
		push @fill, sprintf('z%02d', scalar @fill) . ('z' x ($len - 3));
	}
	return @fill;
}

1;
