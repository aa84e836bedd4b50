# SPDX-License-Identifier: GPL-2.0
# findings.json and SARIF 2.1.0 output.
package LifoOutput;
use v5.36;
use JSON::PP ();
use LifoFingerprint ();
use Exporter 'import';
our @EXPORT_OK = qw(findings_json sarif_log write_file read_json sort_findings);

sub _json { JSON::PP->new->utf8->canonical->pretty }

sub sort_findings(@f) {
	return sort { $a->{file} cmp $b->{file} || $a->{line} <=> $b->{line}
		|| $a->{column} <=> $b->{column} || $a->{first}{expr} cmp $b->{first}{expr} } @f;
}

# findings.json, schema version 3 (cocci/README.md): an object with the
# tool's version, the base of lines and columns and the findings, each
# with its fingerprint (version 2 had none; version 1 was the bare array
# of findings).  %h: tool_version, complete,
# selection (what a partial scan reported on).
our $FINDINGS_VERSION = 3;
sub findings_json($f, %h) {
	my @o = map { {
		file => $_->{file}, line => $_->{line}, column => $_->{column},
		function => $_->{function},
		first_mapping => { expr => $_->{first}{expr}, function => $_->{first}{map}, line => $_->{first}{line} },
		second_mapping => { expr => $_->{second}{expr}, function => $_->{second}{map}, line => $_->{second}{line} },
		impact => $_->{impact}, reason => $_->{reason}, affected => $_->{affected},
		rule => $_->{rule}, subsystem => $_->{subsystem},
		fingerprint => LifoFingerprint::fingerprint($_),
	} } @$f;
	return _json->encode({
		version => $FINDINGS_VERSION,
		tool => { name => 'kmap-lifo-scan', version => $h{tool_version} // '0' },
		line_base => 1, column_base => 0,
		complete => ($h{complete} // 1) ? JSON::PP::true : JSON::PP::false,
		(defined $h{selection} ? (selection => $h{selection}) : ()),
		findings => \@o,
	});
}

sub read_json($file) {
	open my $fh, '<', $file or die "cannot read $file: $!\n";
	local $/;
	return JSON::PP->new->utf8->decode(<$fh>);
}

# Findings from findings.json (version 3 or 2, or 1: the bare array) back into
# the internal form.
sub from_json($j) {
	my $list = ref $j eq 'HASH' ? $j->{findings} // [] : $j;
	return map { {
		file => $_->{file}, line => $_->{line}, column => $_->{column} // 0,
		end_column => $_->{column} // 0, function => $_->{function},
		first => { expr => $_->{first_mapping}{expr}, map => $_->{first_mapping}{function}, line => $_->{first_mapping}{line} },
		second => { expr => $_->{second_mapping}{expr}, map => $_->{second_mapping}{function}, line => $_->{second_mapping}{line} },
		impact => $_->{impact}, reason => $_->{reason}, affected => $_->{affected},
		rule => $_->{rule}, subsystem => $_->{subsystem},
	} } @$list;
}

# %a: findings, rules (names), help ({ rule => text }: its /// header),
#     tool_version, engine_version (spatch's), ok, notifications (error
#     texts), file_notes ([file, text]: parse failures, timeouts: warnings
#     that locate the file), redact ([[absolute path, what to print]]).
# No absolute local path is written: locations are relative to SRCROOT,
# which the log leaves for the viewer to resolve (the kernel tree), and
# the texts have the paths of the tree and of OUT replaced.
sub sarif_log(%a) {
	my @rules = map { {
		id => $_,
		name => $_,
		shortDescription => { text => 'Nested kmap_local mappings released out of order' },
		fullDescription => { text => 'kmap_local_*(), kmap_atomic() and, with CONFIG_HIGHPTE, pte_offset_map() push onto one per-CPU stack; mappings must be released in reverse order (Documentation/mm/highmem.rst).' },
		(defined $a{help}{$_} ? (help => { text => $a{help}{$_}, markdown => _markdown($a{help}{$_}) }) : ()),
		defaultConfiguration => { level => 'warning' },
		helpUri => 'https://docs.kernel.org/mm/highmem.html',
	} } @{$a{rules}};
	my %ri = map { $rules[$_]{id} => $_ } 0 .. $#rules;
	my @redact = sort { length $b->[0] <=> length $a->[0] } grep { length $_->[0] } @{$a{redact} // []};
	my $clean = sub ($t) {
		for (@redact) { my ($p, $r) = @$_; $t =~ s{\Q$p\E/?}{$r}g }
		return $t;
	};
	my $art = sub ($file) { { uri => _uri_escape($file), uriBaseId => 'SRCROOT' } };
	my @results;
	for my $f (@{$a{findings}}) {
		my $loc = sub ($line, $sc, $ec, $msg) {
			my %region = (startLine => 0 + $line);
			if (defined $sc) {
				$region{startColumn} = $sc + 1;
				$region{endColumn} = $ec + 1 if defined $ec && $ec > $sc;
			}
			my %l = (physicalLocation => {
				artifactLocation => $art->($f->{file}),
				region => \%region,
			});
			$l{message} = { text => $msg } if defined $msg;
			return \%l;
		};
		my $loc0 = $loc->($f->{line}, $f->{column}, $f->{end_column}, undef);
		$loc0->{logicalLocations} = [{ name => $f->{function}, kind => 'function' }];
		my $rel1 = $loc->($f->{first}{line}, undef, undef, "$f->{first}{expr} mapped by $f->{first}{map}()");
		$rel1->{id} = 1;
		my $rel2 = $loc->($f->{second}{line}, undef, undef, "$f->{second}{expr} mapped by $f->{second}{map}()");
		$rel2->{id} = 2;
		push @results, {
			ruleId => $f->{rule},
			(exists $ri{$f->{rule}} ? (ruleIndex => $ri{$f->{rule}}) : ()),
			level => ($f->{impact} // '') eq 'fix' ? 'warning' : 'note',
			message => { text => "$f->{function}(): $f->{first}{expr} mapped before $f->{second}{expr} but released first; release $f->{second}{expr} before $f->{first}{expr} (impact: $f->{impact}: $f->{reason})" },
			locations => [$loc0],
			relatedLocations => [$rel1, $rel2],
			partialFingerprints => { 'lifoFinding/v1' => join(':', $f->{file}, $f->{function}, $f->{first}{expr}, $f->{second}{expr}),
				$LifoFingerprint::VERSION_TAG => LifoFingerprint::fingerprint($f) },
			properties => { impact => $f->{impact}, reason => $f->{reason} },
		};
	}
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
					rules => \@rules,
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

# The rule's help as Markdown: its text, with function names as code.
sub _markdown($t) {
	return $t =~ s/\b([a-z_][a-z0-9_]*\(\))/`$1`/gr;
}

sub _uri_escape($s) {
	$s =~ s/([^A-Za-z0-9\-._~\/])/sprintf '%%%02X', ord $1/ge;
	return $s;
}

sub write_file($file, $text) {
	open my $fh, '>', $file or die "cannot write $file: $!\n";
	print $fh $text;
	close $fh or die "cannot write $file: $!\n";
}

1;
