# SPDX-License-Identifier: GPL-2.0
# What spatch printed for each file, kept so that a rescan runs spatch
# only on what changed.
#
# An entry is keyed by everything spatch's answer for one file depends on:
# the spatch version and command line, the semantic patch with its name
# sets emptied, for each set the names of it that the file holds as words,
# the file's path and the text spatch reads (cut down, LifoSlice.pm).
# The rules are intraprocedural, read no other file (--no-includes), and
# a name of a set that the file does not hold matches nothing in it; so
# a wrapper found or lost in another file changes the key of exactly the
# files that name it: a changed helper invalidates its callers, and no
# other file.
#
# Entries are small text files under DIR/spatch/, written beside and
# renamed into place, so that a scan that dies, or a full disk, leaves
# no half entry; one that cannot be read back is a miss.  Only what a
# spatch that ended well printed is kept (no timeout, no error).
package LifoCache;
use v5.36;
use Digest::SHA qw(sha256_hex);
use File::Path qw(make_path);
use File::Find ();
use LifoCommon qw(read_bytes open_write);
use LifoLists;
use LifoSlice;

# (4: a finding is kept as the record the rule prints, "FINDING: {...}",
# LifoFinding.pm, not as its warning.)
my $FORMAT = 'kmap-lifo-cache 4';

# undef and the reason when DIR cannot be used.
sub new($class, $dir) {
	eval { make_path("$dir/spatch") };
	return (undef, "cannot make $dir/spatch") unless -d "$dir/spatch" && -w _;
	return bless { dir => $dir, hits => 0, misses => 0, stored => 0, ahead => 0, write_error => undef }, $class;
}

sub dir($self) { return $self->{dir} }

# What the entries of one spatch command line share: { digest, sets
# (arrays of names), re (any of their names as a word) }.  $slice: the
# names whose functions spatch reads (LifoSlice.pm), or undef; $fields:
# the names that keep the helpers those call (LifoSlice::slice()).
sub rule_key($self, $rule_text, $slice, $fields, @command) {
	my ($blank, $sets) = LifoLists::blank_sets($rule_text);
	push @$sets, $slice, $fields // $slice if $slice;
	# (A set's element is a name, or "NAME=DATA": data about the name.)
	my %all = map { $_ => 1 } map { s/=.*//sr } map { @$_ } @$sets;
	# The cut copies spatch reads come from LifoSlice.pm's code: a change
	# there must not reuse answers about copies cut another way.
	state $cutter = sha256_hex(read_bytes($INC{'LifoSlice.pm'}) // '');
	return { digest => sha256_hex(join "\0", $FORMAT, $slice ? "cut $cutter" : 'whole', @command, $blank),
		sets => [map { [sort @$_] } @$sets],
		re => %all ? LifoSlice::names_regex(sort keys %all) : qr/(?!)/ };
}

# The key of a file's entry; $text: the file as it is in the tree (what
# is cut from it follows from the text and the names it holds).
sub file_key($self, $rk, $path, $text) {
	my %has;
	$has{$&} = 1 while $text =~ /$rk->{re}/g;
	return sha256_hex(join "\0", $rk->{digest}, $path,
		(map { join ',', grep { $has{s/=.*//sr} } @$_ } @{$rk->{sets}}), $text);
}

sub _path($self, $key) { return "$self->{dir}/spatch/" . substr($key, 0, 2) . "/$key" }

# The entry of $key: { lines => [what spatch printed on stdout for the
# file], parse_errors => N, handled => 0|1, cut => [[first, last]] (the
# lines emptied, LifoSlice.pm) }, or undef.
sub get($self, $key) {
	my $text = read_bytes($self->_path($key));
	my @l = split /\n/, $text // '', -1;
	# The body's checksum is the line before "end": a damaged body that
	# keeps its first and last lines is a miss too.
	unless (@l >= 3 && $l[0] eq "$FORMAT $key" && $l[-2] eq 'end' && $l[-1] eq ''
		&& $l[-3] eq 'S ' . sha256_hex(join "\n", @l[1 .. $#l - 3], '')) {
		$self->{misses}++;
		return undef;
	}
	my %e = (lines => [], parse_errors => 0, handled => 0, cut => []);
	for (@l[1 .. $#l - 3]) {
		if (/^O (.*)\z/s) { push @{$e{lines}}, $1 }
		elsif (/^P (\d+)\z/) { $e{parse_errors} = 0 + $1 }
		elsif ($_ eq 'H') { $e{handled} = 1 }
		elsif (/^C (\d+)-(\d+)\z/) { push @{$e{cut}}, [0 + $1, 0 + $2] }
		else { $self->{misses}++; return undef }
	}
	# Used now: kept by prune().
	utime undef, undef, $self->_path($key);
	$self->{hits}++;
	return \%e;
}

# Keeps an entry; a failure to write is remembered (write_error), not
# fatal: the scan's results do not depend on it.
sub put($self, $key, $e) {
	return if $self->{write_error};
	my $p = $self->_path($key);
	my $body = ($e->{handled} ? "H\n" : '') . "P " . ($e->{parse_errors} // 0) . "\n"
		. join('', map { "C $_->[0]-$_->[1]\n" } @{$e->{cut} // []})
		. join('', map { "O $_\n" } @{$e->{lines}});
	my $text = "$FORMAT $key\n$body" . 'S ' . sha256_hex($body) . "\nend\n";
	my $tmp = "$p.$$.tmp";
	eval { make_path($p =~ s{/[^/]*$}{}r) };
	my ($fh, $why);
	unless (($fh = open_write($tmp, \$why, fresh => 1)) && print($fh $text) && close($fh) && rename($tmp, $p)) {
		$self->{write_error} = "cannot write $p: " . ($why // "$!") =~ s/\Acannot write: //r;
		unlink $tmp;
		return;
	}
	$self->{stored}++;
}

# Removes the entries not used for $days days; at most once a day.
sub prune($self, $days = 30) {
	my $stamp = "$self->{dir}/spatch/.pruned";
	# (A link there is no stamp: lstat.)
	return 0 if lstat($stamp) && -f _ && -M _ < 1;
	my $n = 0;
	File::Find::find({ no_chdir => 1, wanted => sub {
		$n += unlink $_ if -f $_ && m{/[0-9a-f]{64}(?:\.\d+\.tmp)?\z} && -M _ > $days;
	} }, "$self->{dir}/spatch");
	if (my $fh = open_write($stamp, \my $why)) {
		utime undef, undef, $fh;
		close $fh;
	} else {
		$self->{write_error} //= LifoCommon::write_error($stamp, $why);
	}
	return $n;
}

# Files given to spatch in processes of their own, ahead of their pass
# (LifoPasses.pm): their results count as reused in this process.
sub note_ahead($self, $n) { $self->{ahead} += $n }

sub stats($self) { return { map { $_ => $self->{$_} } qw(hits misses stored ahead write_error) } }

1;
