# SPDX-License-Identifier: GPL-2.0
# kernel-patches/series: every patch applies with git am, in order, to a
# scratch repository holding copies of the files the series touches in the
# packaged 6.12 tree (and, for those meant for it, 6.1); each passes the
# tree's checkpatch.pl (sign-off aside, which only the sender adds; the
# Assisted-by: LLM form only once the series' checkpatch patch is in) and
# checkpatch-ext/disclosure.pl.
use v5.36;
use Test::More;
use FindBin;
use lib "$FindBin::Bin/../lib", $FindBin::Bin;
use TestLib;
use File::Temp qw(tempdir);
use File::Path qw(make_path);

my $root = root();
my @series = map { s/#.*//r =~ s/^\s+|\s+$//gr } split /\n/, slurp("$root/kernel-patches/series");
@series = grep { length } @series;
ok(-f "$root/kernel-patches/$_", "$_ exists") for @series;
is($series[0], 'coccinelle/0001-coccinelle-api-add-kmap_local_lifo.cocci.patch',
   'the rule comes first: the changelogs after it name scripts/coccinelle/api/kmap_local_lifo.cocci');

# 6.1: the IAA driver, pte_offset_map()'s comment and ufs's kmap_local
# are not there; the checkpatch patch has its own version.
my %for = ('6.12' => [@series],
	   '6.1' => [map { s{^checkpatch/(?!6\.1/)}{checkpatch/6.1/}r }
		     grep { !m{^(?:docs/|by-hand/0001-|lifo/0002-)} } @series]);

# The types a checkpatch run reports.
sub types($out) { my %t; $t{$1}++ while $out =~ /^(?:ERROR|WARNING|CHECK):([A-Z_]+):/mg; return \%t }

# What checkpatch may say: sign-off aside; a new file always asks about
# MAINTAINERS (scripts/coccinelle/ is in COCCINELLE's F: already); commit
# ids cannot be looked up without the kernel's history (the checkpatch
# patch cites one of 7.3); a LIFO fix moves a kunmap_atomic() it does not
# convert (that is another patch).
sub allowed($p, $new) {
	return (MISSING_SIGN_OFF => 1, UNKNOWN_COMMIT_ID => 1,
		($new ? (FILE_PATH_CHANGES => 1) : ()),
		($p =~ m{^lifo/} ? (DEPRECATED_API => 1) : ()));
}

my $tmp = tempdir(CLEANUP => 1);
for my $kver (qw(6.12 6.1)) {
	my @p = @{$for{$kver}};
	scenario "$kver: the series applies with git am, checkpatch.pl and disclosure.pl pass" => sub {
		SKIP: {
			my $tree = packaged_tree($kver);
			skip "no packaged $kver tree (sh scripts/ktree.sh $kver)", 1 + 3 * @p unless $tree;
			my $d = "$tmp/$kver";
			my %files = map { $_ => 1 } qw(scripts/checkpatch.pl scripts/spelling.txt scripts/const_structs.checkpatch);
			for my $p (@p) { $files{$_} = 1 for slurp("$root/kernel-patches/$p") =~ m{^\+\+\+ b/(\S+)$}mg }
			for my $f (sort keys %files) {
				next unless -f "$tree/$f";
				make_path("$d/" . ($f =~ s{/[^/]*$}{}r));
				system('cp', "$tree/$f", "$d/$f") == 0 or die "cp $f";
			}
			my $git = "git -C '$d' -c user.name=T -c user.email=t\@example.org";
			is(system("$git init -q && $git add -A && $git commit -q -m base"), 0, "$kver: scratch repository");
			my @ok;
			for my $p (@p) {
				my $o = `$git am -q '$root/kernel-patches/$p' 2>&1`;
				ok($? == 0, "$kver: git am $p") or do { diag $o; system("$git am --abort 2>/dev/null") };
				push @ok, $p if $? == 0;
			}
			my $patched = "$d/scripts/checkpatch.pl";
			for my $p (@p) {
				my $f = "$root/kernel-patches/$p";
				my $new = slurp($f) =~ /^new file mode/m;
				my %allowed = allowed($p, $new);
				# The series' checkpatch knows Assisted-by: LLM; the packaged one
				# warns BAD_SIGN_OFF on it (what that patch fixes).
				my $o = `cd '$d' && perl '$patched' --no-tree --show-types '$f' 2>&1`;
				my @bad = grep { !$allowed{$_} } sort keys %{types($o)};
				is_deeply(\@bad, [], "$kver: the series' checkpatch.pl passes $p") or diag $o;
				my $dr = `perl '$root/checkpatch-ext/disclosure.pl' --no-config --no-signoff '$f' 2>&1`;
				is($? >> 8, 0, "$kver: disclosure.pl --no-signoff passes $p") or diag $dr;
			}
			# And the packaged checkpatch: nothing else than the above and
			# BAD_SIGN_OFF on Assisted-by: LLM.
			my @other;
			for my $p (@p) {
				my $f = "$root/kernel-patches/$p";
				my $o = `cd '$tree' && perl scripts/checkpatch.pl --no-tree --show-types '$f' 2>&1`;
				my $t = types($o);
				delete @$t{keys %{{ allowed($p, 1) }}};
				delete $t->{BAD_SIGN_OFF} if $o =~ /BAD_SIGN_OFF: Assisted-by expects/ && (() = $o =~ /BAD_SIGN_OFF/g) == 1;
				push @other, map { "$p: $_" } sort keys %$t;
			}
			is_deeply(\@other, [], "$kver: the packaged checkpatch.pl: only sign-off and the Assisted-by: LLM form") ;
		}
	};
}
done_testing;
