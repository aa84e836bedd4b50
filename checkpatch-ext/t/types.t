# SPDX-License-Identifier: GPL-2.0
# Every message type: a case that must report it and one that must not.
use v5.36;
use Test::More;
use FindBin;
use lib $FindBin::Bin;
use DTest;
use Cases;

my ($SOB, $DESC) = ($Cases::SOB, $Cases::DESC);
my @cases = Cases::types();

for my $c (@cases) {
	my ($name, $body, $args, $want, $unwanted, $extra, $subject, $from) = @$c;
	my $r = check(msg($body, diff_extra => $extra, subject => $subject, from => $from), @$args);
	my $got = types_of($r);
	for my $w (@$want) {
		ok((grep { $_ eq $w } @$got), "$name: reports $w") or diag $r->{out};
	}
	for my $u (@$unwanted) {
		ok(!(grep { /(?:^|:)\Q$u\E$/ } @$got), "$name: does not report $u") or diag $r->{out};
	}
	my $bad = grep { /^(?:ERROR|WARNING)/ } @$got;
	is($r->{rc}, $bad ? 1 : 0, "$name: exit status");
}

# MISSING_HUMAN_SIGN_OFF says what it found: an Assisted-by that names no
# agent (a person, as curl uses the trailer) is no "agent involvement",
# but still asks for the sign-off
{
	my $r = check(msg("${DESC}Assisted-by: Jay Satiro\n"));
	ok(has($r, 'ERROR:MISSING_HUMAN_SIGN_OFF'), 'Assisted-by naming no agent, no sign-off: still an error') or diag $r->{out};
	my ($m) = $r->{out} =~ /^ERROR:MISSING_HUMAN_SIGN_OFF: (.*)$/m;
	unlike($m // '', qr/agent involvement/, '... not said to disclose an agent');
	like($m // '', qr/^Assisted-by: discloses assistance but names no known AI agent \('Jay Satiro'\), and there is no Signed-off-by/, '... says what it found');
	$r = check(msg("${DESC}Assisted-by: LLM\n"));
	like($r->{out}, qr/^ERROR:MISSING_HUMAN_SIGN_OFF: agent involvement is disclosed but no human Signed-off-by/m, 'Assisted-by: LLM: agent involvement, as before');
}

# Every type has a case that reports it.
my %seen;
$seen{$_ =~ s/^\w+://r} = 1 for map { @{$_->[3]} } @cases;
my $r = DTest::run(['--list-types']);
for my $t (split /\n/, $r->{out}) {
	ok($seen{$t}, "type $t has a must-report case");
}

done_testing;
