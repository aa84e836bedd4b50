# SPDX-License-Identifier: GPL-2.0
# Structural check of a SARIF 2.1.0 log: the required properties, types,
# enums and minimums of the parts of the 2.1.0 schema
# (sarif-schema-2.1.0.json, OASIS) that make scan writes, and the
# properties each object may have.  Offline: no schema download.
package SarifCheck;
use v5.36;
use JSON::PP ();
use Exporter 'import';
our @EXPORT_OK = qw(check_sarif);

my %ALLOWED = (
	log => [qw($schema version runs inlineExternalProperties properties)],
	run => [qw(tool invocations conversion language versionControlProvenance originalUriBaseIds
		artifacts logicalLocations graphs results automationDetails runAggregates baselineGuid
		redactionTokens defaultEncoding defaultSourceLanguage newlineSequences columnKind
		externalPropertyFileReferences threadFlowLocations taxonomies addresses translations
		policies webRequests webResponses specialLocations properties)],
	tool => [qw(driver extensions properties)],
	toolComponent => [qw(guid name organization product productSuite shortDescription fullDescription
		fullName version semanticVersion dottedQuadFileVersion releaseDateUtc downloadUri
		informationUri globalMessageStrings notifications rules taxa locations language contents
		isComprehensive localizedDataSemanticVersion minimumRequiredLocalizedDataSemanticVersion
		associatedComponent translationMetadata supportedTaxonomies properties)],
	reportingDescriptor => [qw(id deprecatedIds guid deprecatedGuids name deprecatedNames
		shortDescription fullDescription messageStrings defaultConfiguration helpUri help
		relationships properties)],
	result => [qw(ruleId ruleIndex rule kind level message analysisTarget locations guid
		correlationGuid occurrenceCount partialFingerprints fingerprints stacks codeFlows graphs
		graphTraversals relatedLocations suppressions baselineState rank attachments hostedViewerUri
		workItemUris provenance fixes taxa webRequest webResponse properties)],
	location => [qw(id physicalLocation logicalLocations message annotations relationships properties)],
	physicalLocation => [qw(address artifactLocation region contextRegion properties)],
	artifactLocation => [qw(uri uriBaseId index description properties)],
	region => [qw(startLine startColumn endLine endColumn charOffset charLength byteOffset
		byteLength snippet message sourceLanguage properties)],
	message => [qw(text markdown id arguments properties)],
	mfString => [qw(text markdown properties)],
	invocation => [qw(commandLine arguments responseFiles startTimeUtc endTimeUtc exitCode
		ruleConfigurationOverrides notificationConfigurationOverrides toolExecutionNotifications
		toolConfigurationNotifications exitCodeDescription exitSignalName exitSignalNumber
		processStartFailureMessage executionSuccessful machine account processId executableLocation
		workingDirectory environmentVariables stdin stdout stderr stdoutStderr properties)],
	notification => [qw(locations message level threadId timeUtc exception descriptor
		associatedRule properties)],
	logicalLocation => [qw(name index fullyQualifiedName decoratedName parentIndex kind properties)],
	reportingConfiguration => [qw(enabled level rank parameters properties)],
	suppression => [qw(guid kind status location justification properties)],
);
my %LEVEL = map { $_ => 1 } qw(none note warning error);
my %BASELINE_STATE = map { $_ => 1 } qw(new unchanged updated absent);
my %SUPPRESSION_KIND = map { $_ => 1 } qw(inSource external);
my %SUPPRESSION_STATUS = map { $_ => 1 } qw(accepted underReview rejected);

sub check_sarif($log) {
	my @e;
	my $err = sub ($path, $msg) { push @e, "$path: $msg" };
	my $is_obj = sub ($v) { ref $v eq 'HASH' };
	my $is_arr = sub ($v) { ref $v eq 'ARRAY' };
	my $is_str = sub ($v) { defined $v && !ref $v && !JSON::PP::is_bool($v) };
	my $is_int = sub ($v) { defined $v && !ref $v && $v =~ /^-?\d+$/ };
	my $is_bool = sub ($v) { JSON::PP::is_bool($v) };
	my $obj = sub ($v, $path, $kind, @req) {
		if (!$is_obj->($v)) { $err->($path, "must be an object ($kind)"); return 0 }
		my %ok = map { $_ => 1 } @{$ALLOWED{$kind}};
		for (sort keys %$v) { $err->($path, "property '$_' not allowed in $kind") unless $ok{$_} }
		for (@req) { $err->($path, "required property '$_' missing ($kind)") unless exists $v->{$_} }
		$err->("$path.properties", 'must be an object') if exists $v->{properties} && !$is_obj->($v->{properties});
		return 1;
	};
	my ($message, $mfstr, $artloc, $location);
	$mfstr = sub ($v, $path) {
		$obj->($v, $path, 'mfString', 'text') or return;
		$err->("$path.text", 'must be a string') unless $is_str->($v->{text});
	};
	$message = sub ($v, $path) {
		$obj->($v, $path, 'message') or return;
		$err->($path, "message needs 'text' or 'id'") unless exists $v->{text} || exists $v->{id};
		$err->("$path.text", 'must be a string') if exists $v->{text} && !$is_str->($v->{text});
	};
	$artloc = sub ($v, $path) {
		$obj->($v, $path, 'artifactLocation') or return;
		$err->("$path.uri", 'must be a string') if exists $v->{uri} && !$is_str->($v->{uri});
		$err->("$path.uriBaseId", 'must be a string') if exists $v->{uriBaseId} && !$is_str->($v->{uriBaseId});
		$err->("$path.index", 'must be an integer >= -1') if exists $v->{index} && !($is_int->($v->{index}) && $v->{index} >= -1);
	};
	$location = sub ($v, $path) {
		$obj->($v, $path, 'location') or return;
		$err->("$path.id", 'must be an integer >= -1') if exists $v->{id} && !($is_int->($v->{id}) && $v->{id} >= -1);
		$message->($v->{message}, "$path.message") if exists $v->{message};
		if (exists $v->{physicalLocation}) {
			my $p = $v->{physicalLocation};
			my $pp = "$path.physicalLocation";
			if ($obj->($p, $pp, 'physicalLocation')) {
				$err->($pp, "needs 'artifactLocation' or 'address'") unless exists $p->{artifactLocation} || exists $p->{address};
				$artloc->($p->{artifactLocation}, "$pp.artifactLocation") if exists $p->{artifactLocation};
				if (exists $p->{region}) {
					my $r = $p->{region};
					if ($obj->($r, "$pp.region", 'region')) {
						for my $k (qw(startLine startColumn endLine endColumn)) {
							$err->("$pp.region.$k", 'must be an integer >= 1')
								if exists $r->{$k} && !($is_int->($r->{$k}) && $r->{$k} >= 1);
						}
						$err->("$pp.region", 'needs startLine, charOffset or byteOffset')
							unless grep { exists $r->{$_} } qw(startLine charOffset byteOffset);
						$err->("$pp.region", 'endColumn before startColumn on one line')
							if exists $r->{endColumn} && exists $r->{startColumn} && !exists $r->{endLine}
							&& $r->{endColumn} < $r->{startColumn};
					}
				}
			}
		}
		if (exists $v->{logicalLocations}) {
			if (!$is_arr->($v->{logicalLocations})) { $err->("$path.logicalLocations", 'must be an array') }
			else {
				my $i = 0;
				$obj->($_, "$path.logicalLocations[" . $i++ . "]", 'logicalLocation') for @{$v->{logicalLocations}};
			}
		}
	};

	$obj->($log, '$', 'log', qw(version runs)) or return @e;
	$err->('$.version', "must be \"2.1.0\"") unless ($log->{version} // '') eq '2.1.0';
	$err->('$.$schema', 'must be a string') if exists $log->{'$schema'} && !$is_str->($log->{'$schema'});
	if (!$is_arr->($log->{runs})) { $err->('$.runs', 'must be an array'); return @e }
	my $ri = 0;
	for my $run (@{$log->{runs}}) {
		my $rp = '$.runs[' . $ri++ . ']';
		$obj->($run, $rp, 'run', 'tool') or next;
		my @rules;
		if ($obj->($run->{tool}, "$rp.tool", 'tool', 'driver')) {
			my @comp = ([$run->{tool}{driver}, "$rp.tool.driver"]);
			if (exists $run->{tool}{extensions}) {
				if (!$is_arr->($run->{tool}{extensions})) { $err->("$rp.tool.extensions", 'must be an array') }
				else { my $i = 0; push @comp, map { [$_, "$rp.tool.extensions[" . $i++ . ']'] } @{$run->{tool}{extensions}} }
			}
			for (@comp) {
				my ($d, $dp) = @$_;
				if ($obj->($d, $dp, 'toolComponent', 'name')) {
					$err->("$dp.name", 'must be a string') unless $is_str->($d->{name});
					$err->("$dp.version", 'must be a string') if exists $d->{version} && !$is_str->($d->{version});
					$err->("$dp.informationUri", 'must be an absolute URI')
						if exists $d->{informationUri} && ($d->{informationUri} // '') !~ m{^[a-z][a-z0-9+.-]*:}i;
					if (exists $d->{rules}) {
						if (!$is_arr->($d->{rules})) { $err->("$dp.rules", 'must be an array') }
						else {
							my $i = 0;
							for my $r (@{$d->{rules}}) {
								my $p = "$dp.rules[" . $i++ . "]";
								push @rules, $r;
								$obj->($r, $p, 'reportingDescriptor', 'id') or next;
								$err->("$p.id", 'must be a string') unless $is_str->($r->{id});
								for my $k (qw(shortDescription fullDescription help)) {
									$mfstr->($r->{$k}, "$p.$k") if exists $r->{$k};
								}
								if (exists $r->{defaultConfiguration}) {
									my $c = $r->{defaultConfiguration};
									$obj->($c, "$p.defaultConfiguration", 'reportingConfiguration')
										and exists $c->{level} && !$LEVEL{$c->{level} // ''}
										and $err->("$p.defaultConfiguration.level", 'must be none, note, warning or error');
								}
								$err->("$p.helpUri", 'must be an absolute URI')
									if exists $r->{helpUri} && ($r->{helpUri} // '') !~ m{^[a-z][a-z0-9+.-]*:}i;
							}
						}
					}
				}
			}
		}
		if (exists $run->{originalUriBaseIds}) {
			if (!$is_obj->($run->{originalUriBaseIds})) { $err->("$rp.originalUriBaseIds", 'must be an object') }
			else { $artloc->($run->{originalUriBaseIds}{$_}, "$rp.originalUriBaseIds.$_") for sort keys %{$run->{originalUriBaseIds}} }
		}
		if (exists $run->{invocations}) {
			if (!$is_arr->($run->{invocations})) { $err->("$rp.invocations", 'must be an array') }
			else {
				my $i = 0;
				for my $inv (@{$run->{invocations}}) {
					my $p = "$rp.invocations[" . $i++ . "]";
					$obj->($inv, $p, 'invocation', 'executionSuccessful') or next;
					$err->("$p.executionSuccessful", 'must be a boolean') unless $is_bool->($inv->{executionSuccessful});
					for my $n (@{$inv->{toolExecutionNotifications} // []}) {
						my $np = "$p.toolExecutionNotifications[]";
						$obj->($n, $np, 'notification', 'message') or next;
						$message->($n->{message}, "$np.message");
						$err->("$np.level", 'must be none, note, warning or error') if exists $n->{level} && !$LEVEL{$n->{level} // ''};
						if (exists $n->{locations}) {
							if (!$is_arr->($n->{locations})) { $err->("$np.locations", 'must be an array') }
							else { $location->($_, "$np.locations[]") for @{$n->{locations}} }
						}
					}
				}
			}
		}
		next unless exists $run->{results};
		if (!$is_arr->($run->{results})) { $err->("$rp.results", 'must be an array'); next }
		my $i = 0;
		for my $res (@{$run->{results}}) {
			my $p = "$rp.results[" . $i++ . "]";
			$obj->($res, $p, 'result', 'message') or next;
			$message->($res->{message}, "$p.message");
			$err->("$p.ruleId", 'must be a string') if exists $res->{ruleId} && !$is_str->($res->{ruleId});
			if (exists $res->{ruleIndex}) {
				if (!($is_int->($res->{ruleIndex}) && $res->{ruleIndex} >= -1)) { $err->("$p.ruleIndex", 'must be an integer >= -1') }
				elsif ($res->{ruleIndex} >= 0) {
					my $r = $rules[$res->{ruleIndex}];
					if (!$r) { $err->("$p.ruleIndex", 'refers to no rule of tool.driver.rules') }
					elsif (exists $res->{ruleId} && $r->{id} ne $res->{ruleId}) { $err->("$p.ruleId", "differs from the id of rule $res->{ruleIndex}") }
				}
			}
			$err->("$p.level", 'must be none, note, warning or error') if exists $res->{level} && !$LEVEL{$res->{level} // ''};
			for my $k (qw(locations relatedLocations)) {
				next unless exists $res->{$k};
				if (!$is_arr->($res->{$k})) { $err->("$p.$k", 'must be an array'); next }
				my $j = 0;
				$location->($_, "$p.$k\[" . $j++ . "]") for @{$res->{$k}};
			}
			$err->("$p.baselineState", 'must be new, unchanged, updated or absent')
				if exists $res->{baselineState} && !$BASELINE_STATE{$res->{baselineState} // ''};
			if (exists $res->{suppressions}) {
				if (!$is_arr->($res->{suppressions})) { $err->("$p.suppressions", 'must be an array') }
				else {
					my $j = 0;
					for my $s (@{$res->{suppressions}}) {
						my $sp = "$p.suppressions[" . $j++ . ']';
						$obj->($s, $sp, 'suppression', 'kind') or next;
						$err->("$sp.kind", 'must be inSource or external') if exists $s->{kind} && !$SUPPRESSION_KIND{$s->{kind} // ''};
						$err->("$sp.status", 'must be accepted, underReview or rejected')
							if exists $s->{status} && !$SUPPRESSION_STATUS{$s->{status} // ''};
						$err->("$sp.justification", 'must be a string') if exists $s->{justification} && !$is_str->($s->{justification});
						$location->($s->{location}, "$sp.location") if exists $s->{location};
					}
				}
			}
			if (exists $res->{partialFingerprints}) {
				my $pf = $res->{partialFingerprints};
				if (!$is_obj->($pf)) { $err->("$p.partialFingerprints", 'must be an object') }
				else { $is_str->($pf->{$_}) or $err->("$p.partialFingerprints.$_", 'must be a string') for sort keys %$pf }
			}
		}
	}
	return @e;
}

1;
