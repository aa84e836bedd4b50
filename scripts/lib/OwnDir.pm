# SPDX-License-Identifier: GPL-2.0
# The folders a tool makes in its output folder and later replaces,
# removes or writes over carry a stamp, so that a folder of the same
# name that someone else put there is never touched: cocci/'s drivers
# (cocci/lib/LifoCommon.pm: mark_own, check_own) and the boot harness
# (test-kernels/lib) share it.
package OwnDir;
use v5.36;
use ReadFile ();

our $STAMP = '.kmap-lifo-made';

# Stamps folder $dir as made by the tool; false when it cannot.
sub mark($dir) {
	my $fh = ReadFile::open_write("$dir/$STAMP") or return 0;
	return close $fh;
}

# Whether $dir, which exists, is the tool's: a folder, not a link, with
# the stamp, or (made before stamps) holding one of @signs: names,
# relative to $dir, of files only the tool writes there, or patterns
# (qr//) of such names.
sub owned($dir, @signs) {
	return 0 if -l $dir || !-d _;
	return 1 if -e "$dir/$STAMP";
	for my $s (@signs) {
		if (ref $s eq 'Regexp') {
			opendir my $dh, $dir or next;
			return 1 if grep { !/^\.\.?\z/ && /$s/ } readdir $dh;
		} elsif (-e "$dir/$s") {
			return 1;
		}
	}
	return 0;
}

1;
