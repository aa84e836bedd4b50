# SPDX-License-Identifier: GPL-2.0
# findings.json and the SARIF 2.1.0 log; each finding in them is
# rendered by LifoFinding.pm.
package LifoOutput;
use v5.36;
use JSON::PP ();
use LifoFinding ();
use LifoCommon ();
use Exporter 'import';
our @EXPORT_OK = qw(findings_json sarif_log write_file read_json);

sub _json { JSON::PP->new->utf8->canonical->pretty }

# findings.json, schema version 4 (cocci/README.md): an object with the
# tool's version, the base of lines and columns and the findings, each
# the object LifoFinding::to_json makes: with its kind, message and
# fingerprint (version 3 had no kind or message, version 2 no
# fingerprint; version 1 was the bare array of findings).  %h:
# tool_version, complete, selection (what a partial scan reported on).
our $FINDINGS_VERSION = 4;
sub findings_json($f, %h) {
	return _json->encode({
		version => $FINDINGS_VERSION,
		tool => { name => 'kmap-lifo-scan', version => $h{tool_version} // '0' },
		line_base => 1, column_base => 0,
		complete => ($h{complete} // 1) ? JSON::PP::true : JSON::PP::false,
		(defined $h{selection} ? (selection => $h{selection}) : ()),
		findings => [map { LifoFinding::to_json($_) } @$f],
	});
}

# (A regular file only: LifoCommon's reader, which never waits on a FIFO.)
sub read_json($file) {
	my $why;
	my $text = LifoCommon::read_bytes($file, \$why) // die LifoCommon::read_error($file, $why) . "\n";
	return JSON::PP->new->utf8->decode($text);
}

# Findings from findings.json (any version; 1: the bare array).
sub from_json($j) {
	my $list = ref $j eq 'HASH' ? $j->{findings} // [] : $j;
	return map { LifoFinding::from_json($_) } @$list;
}

# %a: findings, help (the rule's /// header: the help text of the one
#     rule, LifoFinding::sarif_rule), tool_version, engine_version
#     (spatch's), ok, notifications (error texts), file_notes ([file,
#     text]: parse failures, timeouts: warnings that locate the file),
#     redact ([[absolute path, what to print]]), known (a LifoKnown:
#     BASELINE=, REVIEWED=; its findings are marked, LifoFinding::sarif_marks:
#     results hold every finding, as findings.json does).
# No absolute local path is written: locations are relative to SRCROOT,
# which the log leaves for the viewer to resolve (the kernel tree), and
# the texts have the paths of the tree and of OUT replaced.
sub sarif_log(%a) {
	my @redact = sort { length $b->[0] <=> length $a->[0] } grep { length $_->[0] } @{$a{redact} // []};
	my $clean = sub ($t) {
		for (@redact) { my ($p, $r) = @$_; $t =~ s{\Q$p\E/?}{$r}g }
		return $t;
	};
	my $art = \&LifoFinding::artifact;
	my $known = $a{known} && $a{known}->active ? $a{known} : undef;
	my @results = map {
		my $r = LifoFinding::sarif_result($_);
		my $fp = $r->{partialFingerprints}{$LifoFinding::FINGERPRINT_TAG};
		$known ? { %$r, LifoFinding::sarif_marks($known->reviewed($fp), $known->baseline_state($fp)) } : $r
	} @{$a{findings}};
	my @notes = (
		(map { { message => { text => $clean->($_) }, level => 'error' } } @{$a{notifications} // []}),
		(map { { message => { text => $clean->($_->[1]) }, level => 'warning',
			locations => [{ physicalLocation => { artifactLocation => $art->($_->[0]) } }] } } @{$a{file_notes} // []}),
	);
	my $log = {
		'$schema' => 'https://json.schemastore.org/sarif-2.1.0.json',
		version => '2.1.0',
		runs => [{
			tool => {
				driver => {
					name => 'kmap-lifo-scan',
					version => $a{tool_version} // '0',
					informationUri => 'https://docs.kernel.org/dev-tools/coccinelle.html',
					rules => [LifoFinding::sarif_rule($a{help})],
				},
				(defined $a{engine_version} ? (extensions => [{ name => 'coccinelle',
					version => $a{engine_version}, informationUri => 'https://coccinelle.gitlabpages.inria.fr/website/' }]) : ()),
			},
			# Where the kernel tree is on this machine is not written.
			originalUriBaseIds => { SRCROOT => { description => { text => 'The root of the kernel tree that was scanned.' } } },
			invocations => [{
				executionSuccessful => $a{ok} ? JSON::PP::true : JSON::PP::false,
				(@notes ? (toolExecutionNotifications => \@notes) : ()),
			}],
			results => \@results,
		}],
	};
	return _json->encode($log);
}

sub write_file($file, $text) {
	open my $fh, '>', $file or die "cannot write $file: $!\n";
	print $fh $text;
	close $fh or die "cannot write $file: $!\n";
}

1;
