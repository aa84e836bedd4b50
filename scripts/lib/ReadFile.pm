# SPDX-License-Identifier: GPL-2.0
# The one way the project's Perl reads a whole file (scripts/README.md):
# a regular file's bytes, or undef and why; never blocks on a FIFO.
#
#   my $why;
#   my $text = ReadFile::read_bytes($file, \$why)
#   	// die ReadFile::read_error($file, $why) . "\n";
package ReadFile;
use v5.36;
use Fcntl qw(O_RDONLY O_NONBLOCK);
use Exporter 'import';
our @EXPORT_OK = qw(read_bytes open_regular read_error);

# A regular file's bytes; undef when it cannot be read, with why in
# $$why.  See open_regular().
sub read_bytes($file, $why = \my $w) {
	my $fh = open_regular($file, $why) // return undef;
	my ($text, $n) = ('', 0);
	while (($n = sysread $fh, $text, 1 << 20, length $text)) {}
	return $text if defined $n;
	$$why = "cannot read: $!";
	return undef;
}

# A handle to read a regular file from; undef when it cannot be opened
# or is something else, with why in $$why.  Opened without blocking and
# its type checked on the handle: a FIFO (or a device) put where a file
# was listed would block an open or a read for good.
sub open_regular($file, $why = \my $w) {
	sysopen my $fh, $file, O_RDONLY | O_NONBLOCK or do { $$why = "cannot read: $!"; return undef };
	unless (-f $fh) {
		$$why = 'not a regular file (FIFO, device or socket)';
		return undef;
	}
	binmode $fh;
	return $fh;
}

# The error for the file $name that read_bytes() or open_regular() could
# not read, why being $why: "cannot read NAME: WHY" or "NAME: WHY, not read".
sub read_error($name, $why) {
	return $why =~ /\Acannot read: (.*)\z/s ? "cannot read $name: $1" : "$name: $why, not read";
}

1;
