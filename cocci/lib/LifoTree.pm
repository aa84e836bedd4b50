# SPDX-License-Identifier: GPL-2.0
# The .c and .h files of a kernel tree that a scan reads, and the names
# it cannot give to spatch.
package LifoTree;
use v5.36;

# Why a file of the tree (its path from the tree's root) cannot be given
# to spatch, or undef.  spatch reads its files one a line
# (--file-groups, where a colon also ends the name) and prints
# "FILE:LINE:COL: ..." lines, and its Python scripts fail on a name that
# is not UTF-8; grep and the rest take any other name.
sub unscannable_name($path) {
	return 'a name with a line break' if $path =~ /[\n\r]/;
	return 'a name with a colon' if $path =~ /:/;
	return 'a name that starts with a space' if $path =~ /\A\s/;
	return 'a name that is not UTF-8' unless utf8::decode(my $copy = $path);
	return undef;
}

# A name as a message shows it: a newline as \n, other control
# characters and bytes outside ASCII as \xHH.
sub shown_name($path) {
	my %c = ("\n" => '\n', "\t" => '\t', "\r" => '\r');
	return $path =~ s{([^\x20-\x7e])}{$c{$1} // sprintf '\\x%02x', ord $1}ger;
}

# Every .c and .h file of the tree, relative paths sorted.  What cannot
# be read (a folder or file without permission, a FIFO or other special
# file named *.c, which would block grep and spatch) or given to spatch
# (unscannable_name) is left out and described in @{$o{errors}}.
# Options: under (only the files under that
# folder of the tree, still named from the tree's root), sigs (filled
# with each file's "dev:ino:size:mtime:ctime", LifoTreeIndex.pm), kconfig
# (filled with the Kconfig files met on the way, LifoImpact.pm).
# Folders .git, .pc and .tmp* are skipped; a link to a folder is not
# followed.  (readdir and lstat: twice as fast as File::Find here.)
sub tree_files($tree, %o) {
	my ($errors, $sigs, $kconfig) = ($o{errors} // [], $o{sigs}, $o{kconfig});
	my @f;
	my $start = $o{under} // '';
	my @todo = ($start);
	return () unless _readable_dir($tree, $start, $errors);
	while (defined(my $rel = shift @todo)) {
		my $dir = length $rel ? "$tree/$rel" : $tree;
		opendir my $dh, $dir or do { push @$errors, "cannot read the folder " . ($rel || '.') . ": $!"; next };
		my @names = grep { $_ ne '.' && $_ ne '..' } readdir $dh;
		closedir $dh;
		for my $name (@names) {
			my $path = length $rel ? "$rel/$name" : $name;
			lstat "$tree/$path" or next;
			if (-d _) {
				push @todo, $path if $name !~ /^\.(?:git|pc|tmp.*)\z/s && _readable_dir($tree, $path, $errors);
				next;
			}
			my $link = -l _;
			if ($kconfig && $name =~ /^Kconfig/ && -f "$tree/$path") { push @$kconfig, $path; next }
			next unless $name =~ /\.[ch]\z/;
			stat "$tree/$path" if $link;
			if ($link && -d _) { next }
			elsif (my $why = unscannable_name($path)) { push @$errors, shown_name($path) . ": $why, not read" }
			elsif (!-f _) { push @$errors, "$path: " . (-e _ ? 'not a regular file (FIFO, device or socket)' : 'dangling symbolic link') . ", not read" }
			elsif (!-r _) { push @$errors, "cannot read $path: permission denied" }
			else {
				push @f, $path;
				$sigs->{$path} = join ':', (stat _)[0, 1, 7, 9, 10] if $sigs;
			}
		}
	}
	return sort @f;
}

# Whether a folder of the tree can be listed (else an error).
sub _readable_dir($tree, $rel, $errors) {
	my $d = length $rel ? "$tree/$rel" : $tree;
	return 1 if -r $d && -x _;
	push @$errors, "cannot read the folder " . ($rel || '.') . ": permission denied";
	return 0;
}

1;
