# SPDX-License-Identifier: GPL-2.0
# make scan, make fixes and make scan-trees against the file system:
# folders in OUT of the names the tool replaces that it did not make; a
# file of the tree replaced by a FIFO during a scan; file names with any
# byte; a full disk.
use v5.36;
use Test::More;
use FindBin;
use lib "$FindBin::Bin/../lib", $FindBin::Bin;
use TestLib;
use File::Temp qw(tempdir);
use Time::HiRes qw(time);
use File::Find ();
use JSON::PP ();

plan skip_all => 'spatch not installed' unless have_spatch();
my $root = root();
my $tmp = tempdir(CLEANUP => 1);
my $t = fake_tree();
# Runs a command (a list, no shell), bounded: (exit status, stdout, stderr).
my $runs = 0;
sub run3(@cmd) {
	my $err = "$tmp/stderr." . $runs++;
	my $pid = open(my $fh, '-|') // die "fork: $!";
	if (!$pid) {
		open STDERR, '>', $err or die;
		exec('timeout', 300, @cmd) or exit 127;
	}
	my $o = do { local $/; <$fh> } // '';
	close $fh;
	return ($? >> 8, $o, slurp($err) // '');
}

# make fixes' build check replaces OUT/build-src and OUT/build-ARCH (and
# removes the arm-src and arm-obj of earlier versions): a user's folder
# of any of these names stops it before anything is written, and stays.
for my $name (qw(arm-obj arm-src build-src build-arm)) {
	scenario "make fixes: a user's OUT/$name stops it, and stays" => sub {
		my $out = "$tmp/fix-$name";
		write_to("$out/$name/sentinel", "the user's\n");
		my ($st, $o, $e) = run3('perl', "$root/cocci/bin/make-fixes.pl", '--tree', $t, '--out', $out,
			'--fixer', "perl $root/cocci/t/data/fake-fixer.pl", '--jobs', 2, '--quiet',
			'--author', 'Test Author <test@example.org>', '--finding', 'mm/copy.c', '--build-check', 'auto');
		is($st, 2, "make fixes with a user's OUT/$name: exit 2");
		like($e, qr{\Q$out/$name\E was not made by this tool}, '... naming the folder');
		is(slurp("$out/$name/sentinel"), "the user's\n", '... the folder and its file stay');
		ok(!-e "$out/patches", '... and no patch is written');
	};
}
scenario 'the build check stamps the folders it makes, and replaces them' => sub {
	my $out = "$tmp/fix-own";
	my ($st, $o) = run_cmd("timeout 300 perl '$root/cocci/bin/make-fixes.pl' --tree '$t' --out '$out'"
		. " --fixer 'perl $root/cocci/t/data/fake-fixer.pl' --jobs 2 --quiet --author 'T <t\@example.org>'"
		. " --finding mm/copy.c 2>&1");
	SKIP: {
		skip 'no ARM cross compiler or sparse: the build check makes no folder', 2 unless -d "$out/build-src";
		ok(-e "$out/build-src/.kmap-lifo-made" && -e "$out/build-arm/.kmap-lifo-made", 'the build check stamps the folders it makes')
			or diag $o;
		($st, $o) = run_cmd("timeout 300 perl '$root/cocci/bin/make-fixes.pl' --tree '$t' --out '$out'"
			. " --fixer 'perl $root/cocci/t/data/fake-fixer.pl' --jobs 2 --quiet --author 'T <t\@example.org>'"
			. " --finding mm/copy.c 2>&1");
		unlike($o, qr/was not made by this tool/, '... and replaces them on the next run');
	}
};
# make scan-trees checks revisions out into OUT/.scan-trees.src.
scenario 'make scan-trees: a user\'s OUT/.scan-trees.src stops it, and stays' => sub {
	SKIP: {
		skip 'git not installed', 4 unless system('git --version >/dev/null 2>&1') == 0;
		my $g = fake_tree(git => 1);
		my $out = "$tmp/trees";
		write_to("$out/.scan-trees.src/sentinel", "the user's\n");
		my ($st, $o, $e) = run3('perl', "$root/cocci/bin/scan-trees.pl", '--out', $out, '--jobs', 2,
			'--revs', 'HEAD~1 HEAD', $g);
		is($st, 2, "make scan-trees with a user's OUT/.scan-trees.src: exit 2");
		like($e, qr{\Q$out/.scan-trees.src\E was not made by this tool}, '... naming the folder');
		is(slurp("$out/.scan-trees.src/sentinel"), "the user's\n", '... the folder stays');
		ok(!-e "$out/trees.json", '... and no report is written');
	}
};

# cocci/bin/lifo-rule.pl writes its rule, lists and wrappers.txt into
# --out: a folder of the user's, whose other files (tmp/, ahead*, ...,
# names its passes use for scratch) stay; an --out inside the tree is
# refused before anything is written there.
scenario 'lifo-rule.pl: the other files of --out stay; --out inside the tree refused' => sub {
	my $out = "$tmp/rule-out";
	write_to("$out/$_", "the user's\n") for qw(tmp/notes.txt ahead-of-release/x ahead.txt pass.cocci .kmap-lifo-made);
	my ($st, $o, $e) = run3('perl', "$root/cocci/bin/lifo-rule.pl", '--tree', $t, '--out', $out, '--jobs', 1, '--quiet');
	is($st, 0, 'lifo-rule.pl into a folder with files of the user\'s: exit 0') or diag $e;
	is($o, "$out/kmap_local_lifo.cocci\n", '... prints the rule\'s path');
	like(slurp("$out/kmap_local_lifo.cocci") // '', qr/^virtual records$/m, '... the rule is there');
	ok(-f "$out/maps.list" && -f "$out/wrappers.txt", '... with its lists and wrappers.txt');
	is_deeply([map { slurp("$out/$_") } qw(tmp/notes.txt ahead-of-release/x ahead.txt pass.cocci .kmap-lifo-made)],
		[("the user's\n") x 5], '... the user\'s files stay as they were');
	opendir my $d, $out or die;
	is_deeply([sort grep { /^\./ && !/^\.\.?\z/ } readdir $d], ['.kmap-lifo-made'], '... and no scratch is left');
	($st, $o, $e) = run3('perl', "$root/cocci/bin/lifo-rule.pl", '--tree', $t, '--out', "$t/rule", '--jobs', 1, '--quiet');
	is($st, 2, '--out inside the tree: exit 2');
	like($e, qr/is inside the kernel tree/, '... with a message');
	ok(!-e "$t/rule", '... and nothing made in the tree');
};

# A symbolic link put at OUT/.lock, to a file of the user's: the scan
# stops, naming it, and never writes through it (it emptied the file).
scenario 'a symbolic link at OUT/.lock: not followed' => sub {
	my $out = "$tmp/lock-link";
	my $victim = write_to("$tmp/lock-victim.txt", "the user's\n");
	mkdir $out;
	symlink $victim, "$out/.lock" or die;
	my ($st, $o, $e) = run3('perl', "$root/cocci/bin/lifo-scan.pl", '--tree', $t, '--out', $out, '--jobs', 1);
	is($st, 2, 'OUT/.lock a symbolic link: exit 2');
	like($e, qr{cannot write \Q$out/.lock\E: it is a symbolic link \(not followed\): remove it}, '... saying so');
	is(slurp($victim), "the user's\n", '... the file it names is left as it was');
	ok(!-e "$out/findings.json", '... and nothing is written');
};

# A file of the tree replaced by a FIFO during the scan, before the grep
# that selects the files reads it or after (a grep of the tree that
# does the swap: cocci/t/data/swap-grep.sh): the scan ends, within its
# bound, with exit 2 naming the file; the other files are checked.
my $real_grep = `sh -c 'command -v grep'`;
chomp $real_grep;
my $bin = tempdir(CLEANUP => 1);
symlink "$root/cocci/t/data/swap-grep.sh", "$bin/grep" or die;
for (['mm/copy.c', 'before', ''], ['mm/copy.c', 'after', ''], ['mm/copy.c', 'after', '--wrappers'],
	['mm/copy.c', 'before', '--wrappers'], ['mm/copy.c', 'after', '--no-slice'], ['arch/arm/Kconfig', 'after', '']) {
	my ($file, $when, $opt) = @$_;
	scenario "$file replaced by a FIFO $when the grep $opt" => sub {
		my $ft = fake_tree();
		my $out = "$tmp/fifo-" . $runs;
		local $ENV{PATH} = "$bin:$ENV{PATH}";
		local @ENV{qw(REAL_GREP SWAP SWAP_WHEN SWAP_DONE)} = ($real_grep, "$ft/$file", $when, "$out.swapped");
		my $t0 = time;
		my ($st, $o, $e) = run3('perl', "$root/cocci/bin/lifo-scan.pl", '--tree', $ft, '--out', $out, '--jobs', 1,
			'--stall', 100, $opt ? $opt : ());
		my $what = "$file replaced by a FIFO $when the grep" . ($opt ? " ($opt)" : '');
		ok(-p "$ft/$file", "$what: swapped") or diag $e;
		ok(time - $t0 < 60, '... the scan ends') or diag $e;
		is($st, 2, '... exit 2');
		like($e, qr{^    \Q$file\E: not a regular file \(FIFO, device or socket\), not read$}m, '... naming the file in the summary');
		is(scalar(() = $o =~ /^\S+:\d+:\d+: /mg), $file =~ /\.c\z/ ? 2 : 3, '... and the other files are checked');
		ok(-f "$out/incomplete/scan.json", '... results in OUT/incomplete');
	};
}

# A FIFO in the cache where the tree's index is kept: a miss, not a hang.
scenario 'a FIFO in the cache where the tree\'s index is kept: a miss' => sub {
	my $ft = fake_tree();
	my $cache = "$tmp/fifo-cache";
	my @scan = ('perl', "$root/cocci/bin/lifo-scan.pl", '--tree', $ft, '--out', "$tmp/fifo-cache-out", '--jobs', 1,
		'--wrappers', '--cache', $cache);
	my ($st) = run3(@scan);
	my @index = glob "$cache/trees/*/files";
	is(scalar @index, 1, 'a scan with a cache keeps the index of the tree');
	unlink @index;
	system('mkfifo', @index) == 0 or die;
	my $t0 = time;
	($st, my $o, my $e) = run3(@scan);
	ok(time - $t0 < 60, 'its listing replaced by a FIFO: the rescan ends');
	is($st, 0, '... exit 0') or diag $e;
	is(scalar(() = $o =~ /^\S+:\d+:\d+: /mg), 3, '... with every finding');
};

# File names with any byte.  Those spatch can be given are scanned like
# any other, with or without the passes, cut or whole, and kept in the
# cache; the others are refused by name (exit 2).  None is left out
# without a word, and no name runs a command.
scenario 'file names with any byte' => sub {
	my @scanned = ('mm/a b.c', "mm/it's.c", 'mm/$(touch PWNED).c', 'mm/-dash.c', '-top.c', 'mm/"q".c',
		'mm/back\\slash.c', 'mm/semi;colon.c', 'mm/ lead.c', "mm/tab\there.c", "mm/\xc3\xbc.c", 'drivers/a b/-x.c');
	my @refused = (["mm/new\nline.c", 'mm/new\nline.c: a name with a line break'],
		["drivers/new\nfolder/x.c", 'drivers/new\nfolder/x.c: a name with a line break'],
		["mm/cr\rx.c", 'mm/cr\rx.c: a name with a line break'],
		['mm/co:lon.c', 'mm/co:lon.c: a name with a colon'],
		[' lead.c', ' lead.c: a name that starts with a space'],
		["mm/\xff.c", 'mm/\xff.c: a name that is not UTF-8']);
	my $copy = slurp("$t/mm/copy.c");
	my $make = sub (@names) {
		my $ft = fake_tree();
		my $i = 0;
		for (@names) {
			$i++;
			write_to("$ft/$_", $copy =~ s/copy_two/copy_two_$i/r =~ s/copy_ok/copy_ok_$i/r);
		}
		# A parse error in a function spatch reads, in a name with a space.
		write_to("$ft/mm/p e.c", "void f(struct page *p)\n{\n\tvoid *s = kmap_local_page(p);\n\tint x = ) (;\n\tkunmap_local(s);\n}\n");
		return $ft;
	};
	my $found = sub ($o, @names) {
		my %line = map { (/^(.*):11:1: (copy_two_\d+)\(\)/ ? ("$1 $2" => 1) : ()) } split /\n/, $o;
		my $i = 0;
		return [grep { $i++; !$line{"$_ copy_two_$i"} } @names];
	};
	my $pwned = sub (@dirs) {
		my $n = 0;
		File::Find::find(sub { $n++ if /PWNED\z/ && !/\.c\z/ }, grep { -d } @dirs);
		return $n;
	};
	my $ft = $make->(@scanned, map { $_->[0] } @refused);
	for my $opt ('', '--wrappers', '--no-slice') {
		my $out = "$tmp/names-" . $runs;
		my ($st, $o, $e) = run3('perl', "$root/cocci/bin/lifo-scan.pl", '--tree', $ft, '--out', $out, '--jobs', 2, $opt ? $opt : ());
		my $what = 'odd file names' . ($opt ? " ($opt)" : '');
		is($st, 2, "$what: exit 2 (some refused)");
		is_deeply($found->($o, @scanned), [], '... every other one is scanned') or diag $o, $e;
		like($o, qr{^mm/copy\.c:11:1: copy_two\(\)}m, '... as are the plain ones');
		my ($list) = $e =~ /^  files not read \(errors\): \d+\n((?:    .*\n)*)/m;
		is_deeply([sort split /\n/, $list // ''], [sort map { "    $_->[1], not read" } @refused], '... each refused one is named, escaped')
			or diag $e;
		my $json = JSON::PP->new->decode(slurp("$out/incomplete/scan.json") // '{}');
		is_deeply($json->{parse_errors}, ['mm/p e.c'], '... a parse error is counted against its file');
		is($pwned->($ft, $out, $root, $tmp), 0, '... and no name ran a command');
	}
	# Given by name (FILES=): the same.
	my ($st, $o, $e) = run3('perl', "$root/cocci/bin/lifo-scan.pl", '--tree', $ft, '--out', "$tmp/names-files", '--jobs', 2,
		'--file', "mm/new\nline.c", '--file', 'mm/a b.c');
	is($st, 2, 'FILES= with a name with a line break: exit 2');
	like($e, qr{^    mm/new\\nline\.c: a name with a line break, not read$}m, '... naming it');
	like($o, qr{^mm/a b\.c:11:1: copy_two_1\(\)}m, '... the other file is scanned');
	# With the cache: a complete scan, then a rescan that reuses it all.
	$ft = $make->(@scanned);
	my @scan = ('perl', "$root/cocci/bin/lifo-scan.pl", '--tree', $ft, '--out', "$tmp/names-cache", '--jobs', 2,
		'--wrappers', '--cache', "$tmp/names-cache.c");
	($st, $o, $e) = run3(@scan);
	is($st, 0, 'odd file names only spatch can be given: exit 0, with the cache') or diag $e;
	is_deeply($found->($o, @scanned), [], '... every one is scanned');
	sleep 1;
	($st, my $o2, $e) = run3(@scan);
	is($o2, $o, '... a rescan finds the same');
	my $json = JSON::PP->new->decode(slurp("$tmp/names-cache/scan.json") // '{}');
	is($json->{cache}{given_to_spatch}, 0, '... with no file given to spatch') or diag $e;
	# A timeout on a file whose name has a space: named, and not kept.
	my @fault = (@scan[0 .. $#scan], '--spatch', "sh $root/cocci/t/data/fault-spatch.sh");
	{
		local $ENV{FAULT} = 'timeout:mm/a b.c';
		($st, $o, $e) = run3(@fault);
	}
	$json = JSON::PP->new->decode(slurp("$tmp/names-cache/scan.json") // '{}');
	is_deeply($json->{timeouts}, ['mm/a b.c'], 'a timeout on mm/a b.c: named') or diag $e;
	# (The same spatch command: the same cache keys.)
	($st, $o, $e) = run3(@fault);
	$json = JSON::PP->new->decode(slurp("$tmp/names-cache/scan.json") // '{}');
	is($json->{cache}{given_to_spatch}, 1, '... and given to spatch again on the next scan (nothing of it was kept)') or diag $e;
	is($pwned->($ft, $root, $tmp), 0, '... and no name ran a command');
};

# A full disk: a small tmpfs of a private mount namespace (unshare; no
# root needed where user namespaces are allowed, nothing mounted outside
# the test) holds OUT.  cocci/t/data/full-disk.pl fills it to leave one
# page more each time, from none to enough, so that each write of a scan
# meets the full disk in turn (the lists and the rule of the passes, the
# cut copies, spatch's lists of files and its output, the results);
# then TMPDIR full.  Every scan that cannot write ends with exit 2 and
# says so, and the results of the last complete scan stay.
scenario 'a full disk' => sub {
	SKIP: {
		my $mnt = "$tmp/mnt";
		mkdir $mnt;
		my @ns = ('unshare', '--user', '--map-root-user', '--mount', '--propagation', 'private');
		skip 'cannot mount a tmpfs in a private user and mount namespace (unshare)', 18
			unless system(@ns, 'sh', '-c', 'mount -t tmpfs -o size=64k tmpfs "$1"', 'sh', $mnt) == 0;
		for my $opt ('--wrappers', '--no-slice') {
			my $report = "$tmp/full$opt.json";
			system(@ns, 'sh', '-c', 'mount -t tmpfs -o size=1m tmpfs "$1" && shift && exec "$@"', 'sh', $mnt,
				$^X, "$root/cocci/t/data/full-disk.pl", $report, $mnt, $t, $opt);
			my $r = JSON::PP->new->decode(slurp($report) // '{}');
			my @runs = @{$r->{runs} // []};
			my @failed = grep { $_->{status} } @runs;
			is($r->{first}, 0, "full disk ($opt): the first scan, with room, is complete");
			ok(@failed >= 3, '... then a scan with less room each time fails at ' . scalar(@failed) . ' points');
			is_deeply([map { "$_->{free}: $_->{status}" } grep { $_->{status} != 2 } @failed], [], '... each with exit 2');
			is_deeply([map { $_->{free} } grep { $_->{stderr} !~ /No space left on device/ } @failed], [],
				'... saying "No space left on device"') or diag map { "free $_->{free}:\n$_->{stderr}" } @failed;
			is_deeply([map { $_->{free} } grep { !$_->{same} } @failed], [], '... the previous results stay');
			is_deeply([map { @{$_->{others}} } @failed], [], '... and nothing else is left in OUT');
			ok(@runs && $runs[-1]{status} == 0 && $runs[-1]{findings} == 3, '... until there is room: exit 0, every finding')
				or diag explain $runs[-1];
			is($r->{tmpdir}{status}, 2, "TMPDIR on a full disk ($opt): exit 2") or diag $r->{tmpdir}{stderr};
			like($r->{tmpdir}{stderr} // '', qr/No space left on device.*\n.*stopped by the error above \(the disk is full\): exit 2/,
				'... and says why');
		}
	}
};

# Standard output on a full disk (/dev/full): not "no findings".
scenario 'standard output on a full disk: not "no findings"' => sub {
	my $out = "$tmp/devfull";
	system('sh', '-c', 'exec "$@" >/dev/full 2>"$0"', "$out.err", 'perl', "$root/cocci/bin/lifo-scan.pl",
		'--tree', $t, '--out', $out, '--jobs', 1);
	is($? >> 8, 2, 'findings printed to a full disk: exit 2');
	like(slurp("$out.err"), qr/cannot write the findings to the standard output: No space left on device/, '... saying so');
	ok(-f "$out/findings.json", '... the results in OUT are written');
};

done_testing;
