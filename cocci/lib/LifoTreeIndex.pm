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
package LifoTreeIndex;
use v5.36;
use Digest::SHA qw(sha256_hex);
use File::Path qw(make_path);
use LifoCommon qw(read_bytes);

my $FORMAT = 'kmap-lifo-index 1';

# $sigs: { path => "dev:ino:size:mtime:ctime" } of the files listed now
# (LifoSpatch::tree_files), listed from $started (a time()) on.
sub new($class, $cache_dir, $tree, $sigs, $started) {
	my $self = bless { dir => "$cache_dir/trees/" . sha256_hex($tree), sigs => $sigs,
		started => int $started, dirty => {}, memo => {}, made => {} }, $class;
	my %old;
	my ($id, $at);
	if (defined(my $text = read_bytes("$self->{dir}/files"))) {
		my @l = split /\n/, $text;
		if (@l && $l[0] =~ /^\Q$FORMAT\E (\w+) (\d+)\z/ && ($l[-1] // '') eq 'end') {
			($id, $at) = ($1, $2);
			for (@l[1 .. $#l - 1]) {
				my ($sig, $path) = split /\t/, $_, 2;
				$old{$path} = $sig;
			}
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
	my $text = read_bytes("$self->{dir}/grep-$key") // return undef;
	my @l = split /\n/, $text;
	return undef unless @l >= 2 && $l[0] eq "$FORMAT $self->{id}" && $l[-1] eq 'end';
	return { map { $_ => 1 } grep { $self->{sigs}{$_} && !$self->{dirty}{$_} } @l[1 .. $#l - 1] };
}

sub dirty_files($self, $files) { return grep { $self->{dirty}{$_} } @$files }

# What the grep $key found now, over the whole listing.
sub record($self, $key, $hits) { $self->{made}{$key} = $hits }

# What the last complete scan left for the next (LifoPasses.pm's plan of
# its passes), or undef; set_plan() leaves this scan's.
sub plan($self) {
	return undef unless defined $self->{id};
	my $text = read_bytes("$self->{dir}/plan") // return undef;
	return $text =~ s/\A\Q$FORMAT $self->{id}\E\n(.*)^end\n\z/$1/ms ? $text : undef;
}

sub set_plan($self, $text) { $self->{new_plan} = $text }

# After a complete scan: the listing and the greps made on it, which
# replace those of the last scan.  Returns undef or an error.
sub save($self) {
	my $dir = $self->{dir};
	eval { make_path($dir) };
	my $id = sprintf '%x%x', time, $$;
	my $write = sub ($name, $text) {
		my $tmp = "$dir/$name.$$.tmp";
		my $fh;
		return 1 if open($fh, '>:raw', $tmp) && print($fh $text) && close($fh) && rename($tmp, "$dir/$name");
		my $err = "cannot write $dir/$name: $!";
		unlink $tmp;
		die "$err\n";
	};
	my $ok = eval {
		for my $k (sort keys %{$self->{made}}) {
			$write->("grep-$k", join '', "$FORMAT $id\n", map({ "$_\n" } @{$self->{made}{$k}}), "end\n");
		}
		$write->('plan', "$FORMAT $id\n$self->{new_plan}end\n") if defined $self->{new_plan};
		my $s = $self->{sigs};
		# Written last: the greps above count only with this listing.
		$write->('files', join '', "$FORMAT $id $self->{started}\n",
			map({ "$s->{$_}\t$_\n" } sort keys %$s), "end\n");
		1;
	};
	return $@ =~ s/\n\z//r unless $ok;
	opendir my $d, $dir or return undef;
	unlink map { "$dir/$_" } grep { /^grep-(\w+)\z/ && !$self->{made}{$1} } readdir $d;
	return undef;
}

1;
