# SPDX-License-Identifier: GPL-2.0
# Nothing lost, nothing hung: --fix patch by patch in an mbox, an atomic
# --fix-inplace, no regular expression worse than linear.
use v5.36;
use Test::More;
use FindBin;
use lib $FindBin::Bin;
use DTest;
use Time::HiRes qw(time);

my $SOB = "Signed-off-by: Jane Doe <jane\@example.org>\n";

# --fix on an mbox: each patch keeps its own Assisted-by
for my $era (['LLM', [], 'Assisted-by: LLM'], ['2025', ['--policy=kernel-2025'], 'Assisted-by: Claude:claude-opus-4-20250514']) {
	my ($name, $args, $ab) = @$era;
	my $one = msg("One.\n\n$ab\nCo-developed-by: Claude claude-opus-4-20250514\n$SOB", subject => 'one');
	my $two = msg("Two.\n\nCo-developed-by: Claude claude-opus-4-20250514\n$SOB", subject => 'two');
	my $f = write_file(tmpdir() . "/series-$name.mbox", "$one\n$two");
	DTest::run(['--no-config', '-q', @$args, '--fix-inplace', $f]);
	my $fixed = read_file($f);
	my @p = split /^(?=From 1234567890abcdef)/m, $fixed;
	is(scalar @p, 2, "$name mbox --fix: two patches still");
	is(scalar(() = $p[0] =~ /^\Q$ab\E$/mg), 1, "$name mbox --fix: patch 1 keeps one Assisted-by (duplicate dropped)");
	is(scalar(() = $p[1] =~ /^\Q$ab\E$/mg), 1, "$name mbox --fix: patch 2 gets its own Assisted-by");
	my $r = DTest::run(['--no-config', '--show-types', @$args, $f]);
	is_deeply(types_of($r), [], "$name mbox --fix: both patches clean and attributed") or diag $r->{out};
}

# --fix-inplace: a temporary file beside the original, renamed over it
scenario '--fix-inplace: a temporary file beside the original, renamed over it' => sub {
	my $d = tmpdir() . '/inplace';
	mkdir $d;
	my $bad = msg("Fix.\n\nCo-developed-by: Claude claude-opus-4-20250514\n$SOB");
	my $real = write_file("$d/real.patch", $bad);
	chmod 0640, $real;
	symlink('real.patch', "$d/link.patch") or die;
	my $ino = (stat $real)[1];
	my $r = DTest::run(['--no-config', '-q', '--fix-inplace', "$d/link.patch"]);
	is($r->{rc}, 1, '--fix-inplace through a symlink: reports');
	ok(-l "$d/link.patch", '--fix-inplace: the symlink stays a symlink');
	like(read_file($real), qr/^Assisted-by: LLM$/m, '--fix-inplace: the target is written through the symlink');
	isnt((stat $real)[1], $ino, '--fix-inplace: a new file renamed over the old one');
	is((stat $real)[2] & 07777, 0640, '--fix-inplace: the mode is kept');
	opendir(my $dh, $d) or die;
	is_deeply([sort grep { !/^\./ || /disclosure/ } readdir $dh], ['link.patch', 'real.patch'], '--fix-inplace: no temporary file left');
	# a write that fails (file size limit, as a full disk) leaves the original whole
	my $line = "+" . ("x" x 99) . "\n";
	my $big = msg("Fix.\n\nCo-developed-by: Claude claude-opus-4-20250514\n$SOB", diff_extra => $line x 200);
	my $f = write_file("$d/big.patch", $big);
	$r = DTest::run([], cmd => ['sh', '-c', 'trap "" XFSZ; ulimit -f 8 && exec "$0" "$@"', $^X, tool(), '--no-config', '-q', '--fix-inplace', $f]);
	is($r->{rc}, 2, '--fix-inplace on a full disk: exit 2');
	like($r->{err}, qr/cannot write/, '--fix-inplace on a full disk: says so');
	is(read_file($f), $big, '--fix-inplace on a full disk: the original is whole');
	opendir($dh, $d) or die;
	ok(!(grep { /disclosure-/ } readdir $dh), '--fix-inplace on a full disk: the temporary file removed');
};

# Linear time: a line of 1 MB of spaces between words, wherever it is
scenario 'linear time: a line of 1 MB of spaces between words' => sub {
	my $sp = ' ' x (1024 * 1024);
	my %where = (
		'body line' => msg("word${sp}word\n\n$SOB"),
		'subject' => msg("Fix.\n\n$SOB", subject => "mm:${sp}fix"),
		'Assisted-by value' => msg("Fix.\n\nAssisted-by: Claude${sp}x\n$SOB"),
		'co-author name' => msg("Fix.\n\n${SOB}Co-authored-by: Claude${sp}Opus${sp}4.5 <noreply\@anthropic.com>\n"),
		'sign-off' => msg("Fix.\n\nSigned-off-by: Jane${sp}Doe${sp}<jane\@example.org>\n"),
		'claim' => msg("This was generated${sp}with${sp}Claude${sp}Code.\n\n$SOB"),
		'trailing spaces' => msg("Fix.\n\nAssisted-by: LLM sparse$sp\n$SOB$sp\n"),
		'space before colon' => msg("Fix.\n\nAssisted-by: Claude$sp: claude-opus-4-5\n$SOB"),
	);
	for my $k (sort keys %where) {
		my $t0 = time;
		my $r = check($where{$k});
		my $dt = time - $t0;
		ok($r->{rc} <= 1 && $r->{err} eq '', "1 MB of spaces in the $k: checked") or diag $r->{err};
		cmp_ok($dt, '<', 1, sprintf("1 MB of spaces in the %s: %.2f s", $k, $dt));
	}
};

done_testing;
