# SPDX-License-Identifier: GPL-2.0
# Which files of a tree name which functions, kept between scans of the
# same tree, so that a rescan greps only the files that changed.
#
# A file is taken as unchanged when its device, inode, size, modification
# and change times are those the last complete scan listed, as git's
# index does; one changed in the second that scan listed it (or later) is
# not trusted ("racily clean").  Lists of files are kept per grep (its
# flags and patterns) and only with the listing they were made on.  The
# answers spatch gives are kept by content, not here (LifoCache.pm).
# Each file of the index ends with a checksum of its body: one damaged,
# even where its first and last lines are kept, is not trusted.
package LifoTreeIndex;
use v5.36;
use Digest::SHA qw(sha256_hex);
use File::Path qw(make_path);
use LifoCommon qw(read_bytes);

my $FORMAT = 'kmap-lifo-index 2';

# $sigs: { path => "dev:ino:size:mtime:ctime" } of the files listed now
# (LifoTree::tree_files), listed from $started (a time()) on.
sub new($class, $cache_dir, $tree, $sigs, $started) {
	my $self = bless { dir => "$cache_dir/trees/" . sha256_hex($tree), sigs => $sigs,
		started => int $started, dirty => {}, memo => {}, made => {} }, $class;
	my %old;
	my ($id, $at);
	my ($head, $body) = $self->_read('files');
	if (defined $head && $head =~ /^\Q$FORMAT\E (\w+) (\d+)\z/) {
		($id, $at) = ($1, $2);
		for (split /\n/, $body) {
			my ($sig, $path) = split /\t/, $_, 2;
			$old{$path} = $sig;
		}
	}
	for my $path (keys %$sigs) {
		my $sig = $sigs->{$path};
		my ($mtime, $ctime) = (split /:/, $sig)[3, 4];
		$self->{dirty}{$path} = 1 if !defined $id || ($old{$path} // '') ne $sig
			|| $mtime >= $at || $ctime >= $at;
	}
	$self->{id} = $id;
	return $self;
}

sub dirty_count($self) { return scalar keys %{$self->{dirty}} }

# Whether $files is the whole listing (a grep of part of it is not kept).
sub covers($self, $files) { return @$files == keys %{$self->{sigs}} }

sub grep_key($self, $flags, @patterns) { return sha256_hex(join "\0", $flags, sort @patterns) }

# The files that the grep $key found last time and that are unchanged
# since, { path => 1 }; undef when that grep was not kept.
sub hits($self, $key) {
	return undef unless defined $self->{id};
	my ($head, $body) = $self->_read("grep-$key");
	return undef unless defined $head && $head eq "$FORMAT $self->{id}";
	return { map { $_ => 1 } grep { $self->{sigs}{$_} && !$self->{dirty}{$_} } split /\n/, $body };
}

sub dirty_files($self, $files) { return grep { $self->{dirty}{$_} } @$files }

# What the grep $key found now, over the whole listing.
sub record($self, $key, $hits) { $self->{made}{$key} = $hits }

# What the last complete scan left for the next (LifoPasses.pm's plan of
# its passes), or undef; set_plan() leaves this scan's.
sub plan($self) {
	return undef unless defined $self->{id};
	my ($head, $body) = $self->_read('plan');
	return defined $head && $head eq "$FORMAT $self->{id}" ? $body : undef;
}

# The first line and the body of the index's file $name, or () when it
# is missing, cut short or damaged: the line before the last ("end") is
# "S " and the SHA-256 of the body.
sub _read($self, $name) {
	my $text = read_bytes("$self->{dir}/$name") // return ();
	return () unless $text =~ /\A([^\n]*)\n(.*)^S ([0-9a-f]{64})\nend\n\z/ms && sha256_hex($2) eq $3;
	return ($1, $2);
}

# A file of the index, as _read() reads it.
sub _text($head, $body) { return "$head\n${body}S " . sha256_hex($body) . "\nend\n" }

sub set_plan($self, $text) { $self->{new_plan} = $text }

# After a complete scan: the listing and the greps made on it, which
# replace those of the last scan.  Returns undef or an error.
sub save($self) {
	my $dir = $self->{dir};
	eval { make_path($dir) };
	my $id = sprintf '%x%x', time, $$;
	my $write = sub ($name, $text) {
		my $tmp = "$dir/$name.$$.tmp";
		my ($fh, $why);
		return 1 if ($fh = LifoCommon::open_write($tmp, \$why, fresh => 1)) && print($fh $text) && close($fh) && rename($tmp, "$dir/$name");
		my $err = "cannot write $dir/$name: " . ($why // "$!") =~ s/\Acannot write: //r;
		unlink $tmp;
		die "$err\n";
	};
	my $ok = eval {
		for my $k (sort keys %{$self->{made}}) {
			$write->("grep-$k", _text("$FORMAT $id", join '', map { "$_\n" } @{$self->{made}{$k}}));
		}
		$write->('plan', _text("$FORMAT $id", $self->{new_plan})) if defined $self->{new_plan};
		my $s = $self->{sigs};
		# Written last: the greps above count only with this listing.
		$write->('files', _text("$FORMAT $id $self->{started}", join '', map { "$s->{$_}\t$_\n" } sort keys %$s));
		1;
	};
	return $@ =~ s/\n\z//r unless $ok;
	opendir my $d, $dir or return undef;
	unlink map { "$dir/$_" } grep { /^grep-(\w+)\z/ && !$self->{made}{$1} } readdir $d;
	return undef;
}

1;
