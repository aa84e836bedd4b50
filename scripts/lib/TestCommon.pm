# SPDX-License-Identifier: GPL-2.0
# What the test suites share (scripts/README.md): each suite's helper
# module (cocci/t/TestLib.pm, checkpatch-ext/t/DTest.pm) exports these
# with its own; test-kernels/t and scripts/t use this one.
package TestCommon;
use v5.36;
use Exporter 'import';
use File::Path qw(make_path);
use Cwd qw(abs_path);
use Test::More ();
use lib abs_path(__FILE__) =~ s{/[^/]*\z}{}r;
use ReadFile ();
use ProcRun ();
our @EXPORT = qw(slurp write_to scenario packaged_tree);

# A file's bytes, or undef when it cannot be read (the programs' reader,
# scripts/lib/ReadFile.pm).
sub slurp($file) { ReadFile::read_bytes($file) }

# Writes $text to $file, making its folders; $mode: chmod it.
sub write_to($file, $text, $mode = undef) {
	make_path($file =~ s{/[^/]*$}{}r);
	open my $fh, '>', $file or die "$file: $!";
	print $fh $text;
	close $fh or die "$file: $!";
	chmod $mode, $file or die "chmod $file: $!" if defined $mode;
	return $file;
}

# A subtest in which a die is a failure of that subtest, with the
# message, and the file goes on with the next one (a plain subtest
# passes the die on and the test file ends there).
sub scenario($name, $code) {
	local $Test::Builder::Level = $Test::Builder::Level + 1;
	return Test::More::subtest($name => sub {
		return if eval { $code->(); 1 };
		my $err = $@;
		# (plan skip_all in a subtest ends it with an exception.)
		die $err if ref $err;
		Test::More::fail('runs to its end');
		Test::More::diag("died: $err");
	});
}

# The extracted packaged tree of $kver (sh scripts/ktree.sh: extracted
# once, into build/trees/ or $KTREE_CACHE), or undef.
sub packaged_tree($kver = '6.12') {
	state %tree;
	return $tree{$kver} //= do {
		my $root = abs_path(__FILE__) =~ s{/scripts/lib/[^/]+\z}{}r;
		my $r = ProcRun::run(['sh', "$root/scripts/ktree.sh", $kver], dir => $root, timeout => 3600);
		chomp(my $p = $r->{ok} ? $r->{stdout} : '');
		$p ne '' && -f "$p/scripts/checkpatch.pl" ? $p : '';
	} || undef;
}

1;
