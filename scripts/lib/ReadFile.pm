# SPDX-License-Identifier: GPL-2.0
# The one way the project's Perl reads a whole file (scripts/README.md):
# a regular file's bytes, or undef and why; never blocks on a FIFO.  And
# the way it opens a file of a fixed name in a folder others can write
# in (OUT, CACHE, BUILD) to write it: never through a symbolic link.
#
#   my $why;
#   my $text = ReadFile::read_bytes($file, \$why)
#   	// die ReadFile::read_error($file, $why) . "\n";
package ReadFile;
use v5.36;
use Fcntl qw(O_RDONLY O_NONBLOCK O_WRONLY O_RDWR O_CREAT O_EXCL O_APPEND O_NOFOLLOW F_GETFL F_SETFL);
use Exporter 'import';
our @EXPORT_OK = qw(read_bytes open_regular read_error open_write write_error);

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

# A handle to write the regular file $file (made when missing), or undef
# with why in $$why.  Never through a symbolic link put at its name
# (O_NOFOLLOW: the link's target, any file of the user's, would be
# truncated or written), nor into a FIFO or a device put there (opened
# without blocking, its type checked on the handle).  %o:
#   truncate  empty it, as open '>' does (once it is known to be a file)
#   append    write at its end ('>>'); read also lets it be read ('+>>')
#   fresh     a temporary file of the caller's own name (its pid in it):
#             whatever is at the name is removed first (a link only, not
#             its target: a leftover of a killed run whose pid was the
#             same, or a link someone put there), then it is made anew
#             (O_EXCL: never opened through a link made in between)
sub open_write($file, $why = \my $w, %o) {
	unlink $file if $o{fresh};
	my $flags = ($o{read} ? O_RDWR : O_WRONLY) | O_CREAT | O_NOFOLLOW | O_NONBLOCK
		| ($o{append} ? O_APPEND : 0) | ($o{fresh} ? O_EXCL : 0);
	my $fh;
	unless (sysopen $fh, $file, $flags, 0666) {
		$$why = $!{ELOOP} || -l $file ? 'it is a symbolic link (not followed): remove it'
			: $!{ENXIO} ? 'not a regular file (FIFO, device or socket)'
			: "cannot write: $!";
		return undef;
	}
	unless (-f $fh) {
		$$why = 'not a regular file (FIFO, device or socket)';
		return undef;
	}
	my $fl = fcntl($fh, F_GETFL, 0);
	fcntl($fh, F_SETFL, $fl & ~O_NONBLOCK) if $fl;
	if ($o{truncate} && !truncate($fh, 0)) {
		$$why = "cannot write: $!";
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

# open_write()'s error for $name: "cannot write NAME: WHY".
sub write_error($name, $why) {
	return "cannot write $name: " . ($why =~ s/\Acannot write: //r);
}

1;
