# SPDX-License-Identifier: GPL-2.0
# A bug report draft for the findings of one function that make fixes
# cannot patch (the release sits in a helper, in a loop, behind a
# structure's field ...), in the form the kernel's static checker
# reports take (smatch's "[bug report]" mails, the 0-day robot's cocci
# warnings): the warning as the tool prints it, the code lines it cites
# with the one that breaks the order marked "-->", how it was found,
# and why there is no patch.  The maintainer of the file gets it; the
# sender reads it, edits it and sends it (git send-email takes it).
package LifoBugReport;
use v5.36;
use LifoPatch qw(subject_prefix api_name wrap);
use LifoFinding ();
use LifoCommon ();

# Why patch mode cannot move the release, from the findings and the code.
#   $seed: { maps => {name=>1}, releases => {...}, iterators => {...} }
#   $helpers: { name => kind } (scan.json's wrappers)
sub reasons($tree, $g, $seed, $helpers, $lines) {
	my @why;
	for my $f (@{$g->{findings}}) {
		my $kind = LifoFinding::kind($f);
		if ($kind eq 'field') {
			my $fn = $f->{first}{mapped_in} // $f->{second}{mapped_in};
			push @why, "the mapping is held in a structure's field, mapped in $fn(), not in $g->{function}() itself";
		} elsif ($kind eq 'array') {
			push @why, "the mappings are made and released in loops over the array $f->{first}{expr}: the order of a loop is not a pair of statements to swap";
		}
		for my $m ($f->{first}, $f->{second}) {
			next if $seed->{maps}{$m->{map}} || $seed->{iterators}{$m->{map}};
			push @why, "$m->{expr} is mapped by $m->{map}(), " . ($helpers->{$m->{map}}
				? "a helper of this tree that " . _kind($helpers->{$m->{map}})
				: "a call through which helpers of this tree map it");
		}
		my $text = $lines->[$f->{line} - 1] // '';
		my $at = length $text > $f->{column} ? substr($text, $f->{column}) : $text;
		if ($at =~ /^\s*(?:\w+\s*=\s*)?([A-Za-z_]\w*)\s*\(/ && !$seed->{releases}{$1} && !$seed->{iterators}{$1}) {
			push @why, "$f->{first}{expr} is released by $1(), " . ($helpers->{$1}
				? "a helper of this tree that " . _kind($helpers->{$1}) : "a call through which helpers of this tree release it");
		}
	}
	push @why, "the rule's patch mode moves a release only when the two releases are consecutive statements of the function"
		. " (cocci/bin/lifo-fix.sh made no change here)";
	my %s;
	return grep { !$s{$_}++ } @why;
}

sub _kind($k) {
	return {
		map => 'returns a mapped address', release => 'releases its argument',
		keyrelease => 'releases what was mapped with the same arguments', fieldmap => 'leaves a field of its argument mapped',
		fieldrelease => 'releases a field of its argument', opmap => 'maps (an operation of a structure)',
		oprelease => 'releases (an operation of a structure)',
	}->{$k} // "is a $k helper";
}

# The warning, as the rule prints it (after "FUNC(): "): its message when
# the finding carries it (a scan's, findings.json version 4), else made
# from the fields (older findings.json).
sub warning($f) {
	return LifoFinding::message($f) =~ s/^[A-Za-z_]\w*\(\): //r if defined LifoFinding::message($f);
	my $m = sub ($x) { "$x->{expr} ($x->{map}" . (defined $x->{mapped_in} ? " in $x->{mapped_in}()" : '') . ", line $x->{line})" };
	return "$f->{first}{expr} ($f->{first}{map}, line $f->{first}{line}) mapped in a loop and released in a loop in the same order;"
		. " release the later elements first" if LifoFinding::kind($f) eq 'array';
	return $m->($f->{first}) . ' mapped before ' . $m->($f->{second})
		. " but released first; release $f->{second}{expr} before $f->{first}{expr}";
}

# The lines a finding cites (the two mappings and the early release) with
# two lines around each, numbered; "-->" marks the release.
sub code_lines($file, $lines, @findings) {
	my (%cite, %mark);
	for my $f (@findings) {
		$cite{$_} = 1 for grep { $_ } $f->{first}{line}, $f->{second}{line}, $f->{line};
		$mark{$f->{line}} = 1;
	}
	my %show;
	for my $n (keys %cite) { $show{$_} = 1 for grep { $_ >= 1 && $_ <= @$lines } $n - 2 .. $n + 2 }
	my ($out, $prev) = ("$file\n", 0);
	for my $n (sort { $a <=> $b } keys %show) {
		$out .= "    ...\n" if $prev && $n > $prev + 1;
		$out .= sprintf "%s %5d %s\n", $mark{$n} ? '-->' : '   ', $n, $lines->[$n - 1] =~ s/\s+\z//r;
		$prev = $n;
	}
	return $out;
}

# The draft: a message with From, To, Cc, Subject and the body.
#   %a: from ("Name <email>"), to, cc (lists), tool ({ version,
#   coccinelle, rule }), seed, helpers, commit ("abc123 (\"subject\")" or
#   undef), kernel ("6.12.118"), name (the sender's name)
sub draft($tree, $g, %a) {
	my $file = $g->{file};
	my $why;
	my $text = LifoCommon::read_bytes("$tree/$file", \$why) // die LifoCommon::read_error("$tree/$file", $why) . "\n";
	my @lines = map { s/\r\z//r } split /\n/, $text;
	my $prefix = subject_prefix($tree, $file);
	my $api = api_name($g);
	my $subject = "[bug report] $prefix $g->{function}(): $api mappings released out of order";
	my $msg = "From 0000000000000000000000000000000000000000 Mon Sep 17 00:00:00 2001\n"
		. "From: $a{from}\n"
		# No maintainer (an orphan): the lists in To:.
		. (@{$a{to} // []} ? 'To: ' . join(",\n    ", @{$a{to}}) . "\n" . (@{$a{cc} // []} ? 'Cc: ' . join(",\n    ", @{$a{cc}}) . "\n" : '')
			: @{$a{cc} // []} ? 'To: ' . join(",\n    ", @{$a{cc}}) . "\n" : '')
		. "Subject: $subject\n\n";
	my $where = $a{commit} ? "Commit $a{commit} leads to the following" : "Linux $a{kernel} has the following";
	$msg .= "Hello,\n\n" . wrap("$where kmap-lifo static checker warning (a Coccinelle rule, $a{tool}{rule}):") . "\n";
	for my $f (@{$g->{findings}}) {
		$msg .= "\t$file:$f->{line} $g->{function}()\n\twarn: " . warning($f) . "\n\n";
	}
	$msg .= code_lines($file, \@lines, @{$g->{findings}}) . "\n";
	my $because = "These mappings are slots of a per-CPU stack and must be released in reverse order,"
		. " as Documentation/mm/highmem.rst says.";
	if ($g->{impact} eq 'fix') {
		$because .= " Releasing the outer mapping first trips the WARN_ON_ONCE() in kunmap_local_indexed() and pops"
			. " the slot of the inner mapping, which is still in use. Affected: kernels with $g->{affected}.";
	} else {
		$because .= " Here nothing changes at run time (" . $g->{reason} . "): a cleanup.";
	}
	$msg .= wrap($because) . "\n";
	my @r = reasons($tree, $g, $a{seed}, $a{helpers} // {}, \@lines);
	$msg .= wrap("There is no patch with this report: " . join('; ', @r) . ". The order has to be changed by hand,"
		. " by someone who knows the code.") . "\n";
	$msg .= wrap("How it was found: make scan of kmap-lifo $a{tool}{version} (Coccinelle $a{tool}{coccinelle}, with the"
		. " helpers it infers from the tree: functions that map or release for their callers), on "
		. ($a{commit} ? "a git tree" : "Linux $a{kernel}") . ".") . "\n";
	$msg .= "regards,\n$a{name}\n";
	return ($subject, $msg);
}

1;
