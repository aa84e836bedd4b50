# SPDX-License-Identifier: GPL-2.0
# Helpers for the checkpatch-ext tests: run disclosure.pl on a text or a
# file and get its output and exit status.
package DTest;
use v5.36;
use Exporter 'import';
use File::Temp qw(tempdir);
use File::Copy qw(copy);
use File::Path qw(make_path);
use Cwd qw(abs_path);
use lib abs_path(__FILE__) =~ s{/checkpatch-ext/t/[^/]+$}{/scripts/lib}r;
use TestCommon qw(scenario packaged_tree);
our @EXPORT = qw(root files_matching tool tmpdir write_file read_file run check msg seed types_of has fixed sh
	scenario packaged_tree kernel_patch patched_checkpatch);

sub root { abs_path(__FILE__) =~ s{/checkpatch-ext/t/[^/]+$}{}r }
sub tool { root() . '/checkpatch-ext/disclosure.pl' }
# The files of $dir whose names $re matches, sorted.  (Not glob(): it
# splits a path on spaces, and the clone may be anywhere.)
sub files_matching($dir, $re) {
	opendir(my $dh, $dir) or return ();
	return map { "$dir/$_" } sort grep { /$re/ && -f "$dir/$_" } readdir $dh;
}

sub seed($n) { (files_matching(root() . '/checkpatch-ext/t/data', qr/\A\Q$n\E-.*\.patch\z/))[0] }

my $tmp;
sub tmpdir { $tmp //= tempdir('disclosure-t-XXXXXX', TMPDIR => 1, CLEANUP => 1) }

sub write_file($path, $data) {
	open my $fh, '>:raw', $path or die "$path: $!";
	print $fh $data;
	close $fh or die "$path: $!";
	return $path;
}

sub read_file($path) {
	open my $fh, '<:raw', $path or die "$path: $!";
	local $/;
	my $d = <$fh>;
	return $d // '';
}

# run(\@args, stdin => TEXT, cwd => DIR, env => {...}): { out, err, rc }
sub run($args, %o) {
	my $d = tmpdir();
	state $n = 0;
	$n++;
	my ($in, $out, $err) = map { "$d/run$n.$_" } qw(in out err);
	write_file($in, $o{stdin} // '');
	my $pid = fork // die "fork: $!";
	if (!$pid) {
		chdir($o{cwd} // $d) or die "chdir: $!";
		%ENV = (%ENV, %{$o{env} // {}});
		open STDIN, '<', $in or die;
		open STDOUT, '>', $out or die;
		open STDERR, '>', $err or die;
		my @cmd = $o{cmd} ? @{$o{cmd}} : ($^X, tool());
		exec @cmd, @$args;
		die "exec: $!";
	}
	waitpid $pid, 0;
	return { out => read_file($out), err => read_file($err), rc => $? >> 8, sig => $? & 127 };
}

# check(TEXT, @args): run on TEXT written to a file; --show-types on
sub check($text, @args) {
	state $k = 0;
	$k++;
	my $f = write_file(tmpdir() . "/input$k.patch", $text);
	my $r = run(['--show-types', '--no-config', '--color=never', @args, $f]);
	$r->{file} = $f;
	return $r;
}

# The LEVEL:TYPE pairs reported, in order.
sub types_of($r) { [ $r->{out} =~ /^(?:\S+:\d*:? ?)?((?:ERROR|WARNING|CHECK):[A-Z_]+):/mg ] }

# Whether $r reports $t: a LEVEL:TYPE, or a TYPE at any level.
sub has($r, $t) { scalar grep { /(?:^|:)\Q$t\E$/ } @{types_of($r)} }

# The patch around $body after --fix (with @args): its whole text.
sub fixed($body, @args) {
	my $r = check(msg($body), '--fix', @args);
	my $f = "$r->{file}.EXPERIMENTAL-checkpatch-fixes";
	return -e $f ? read_file($f) : read_file($r->{file});
}

# A shell command line: (exit status, stdout and stderr).
sub sh($cmd) { my $o = `$cmd 2>&1`; return ($? >> 8, $o) }

# A patch around a commit message body.
sub msg($body, %o) {
	my $subj = $o{subject} // 'mm: fix a thing';
	my $from = $o{from} // 'Jane Doe <jane@example.org>';
	return "From 1234567890abcdef1234567890abcdef12345678 Mon Sep 17 00:00:00 2001\n"
	     . "From: $from\nDate: Mon, 1 Sep 2025 10:00:00 +0000\nSubject: [PATCH] $subj\n\n"
	     . $body
	     . "---\n mm/foo.c | 2 +-\n 1 file changed, 1 insertion(+), 1 deletion(-)\n\n"
	     . "diff --git a/mm/foo.c b/mm/foo.c\nindex 1111111..2222222 100644\n--- a/mm/foo.c\n+++ b/mm/foo.c\n"
	     . "@@ -1,3 +1,3 @@\n int a;\n-int b;\n+int c;\n int d;\n"
	     . ($o{diff_extra} // '')
	     . "-- \n2.39.5\n";
}
# The kernel-patches/checkpatch patch for a packaged tree (6.12, or 6.1
# in its folder).
sub kernel_patch($kver) {
	my $dir = root() . '/kernel-patches/checkpatch' . ($kver eq '6.12' ? '' : "/$kver");
	return (files_matching($dir, qr/\A0001-checkpatch-.*\.patch\z/))[0];
}

# A scratch git repository holding a tree's scripts/checkpatch.pl and its
# data files (copies), with kernel-patches/checkpatch-llm/ and the tree's
# checkpatch patch applied by git am: (its folder or undef, git's output).
sub patched_checkpatch($tree, $kver) {
	state %made;
	return ($made{$kver}, '') if $made{$kver};
	my $d = tmpdir() . "/cp-$kver";
	make_path("$d/scripts");
	for my $f (qw(checkpatch.pl spelling.txt const_structs.checkpatch)) {
		copy("$tree/scripts/$f", "$d/scripts/$f") if -f "$tree/scripts/$f";
	}
	my ($llm) = files_matching(root() . '/kernel-patches/checkpatch-llm', qr/\A0001-checkpatch-.*\.patch\z/);
	my $patch = kernel_patch($kver);
	my $git = "git -C '$d' -c user.name=T -c user.email=t\@example.org";
	my $out = `$git init -q && $git add -A && $git commit -q -m base && $git am -q '$llm' '$patch' 2>&1`;
	return ($? == 0 ? ($made{$kver} = $d) : undef, $out);
}
1;
