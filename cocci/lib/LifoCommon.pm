# SPDX-License-Identifier: GPL-2.0
# Shared helpers of the scan drivers.
package LifoCommon;
use v5.36;
use File::Path qw(make_path);
use Cwd qw(abs_path);
use Exporter 'import';
our @EXPORT_OK = qw(fail project_root is_ktree check_out_dir cocci_rules read_bytes);

# Exit status 2 for errors, as all drivers document.
sub fail(@msg) {
	my $me = $0 =~ s{.*/}{}r;
	print STDERR "$me: ", @msg, "\n";
	exit 2;
}

sub project_root {
	my $d = abs_path(__FILE__) =~ s{/cocci/lib/[^/]+$}{}r;
	return $d;
}

# Same test as scripts/ktree.sh.
sub is_ktree($d) {
	return 0 unless -f "$d/Makefile" && -f "$d/Kconfig" && -d "$d/arch";
	open my $fh, '<', "$d/Makefile" or return 0;
	while (<$fh>) { return 1 if /^VERSION = / }
	return 0;
}

sub check_out_dir($out) {
	eval { make_path($out) };
	my $probe = "$out/.write-test.$$";
	if (!-d $out || !open(my $fh, '>', $probe)) {
		fail("cannot write the output folder $out");
	}
	unlink $probe;
	return abs_path($out);
}

# A file's bytes, undef (with $!) when it cannot be read.
sub read_bytes($file) {
	open my $fh, '<:raw', $file or return undef;
	local $/;
	return <$fh> // '';
}

sub cocci_rules($dir) {
	opendir my $d, $dir or fail("--cocci-dir $dir: $!");
	my @r = map { "$dir/$_" } sort grep { /\.cocci$/ } readdir $d;
	fail("no .cocci rule in $dir") unless @r;
	return @r;
}

1;
