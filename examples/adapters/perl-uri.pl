# urispec diff adapter: Perl's URI module (https://metacpan.org/pod/URI; Debian: liburi-perl),
# which says it implements RFC 3986 (it began with RFC 2396).
#
# URI->new never fails: it escapes every character outside RFC 2396's `uric` and "#" (and trims
# surrounding white space) and keeps the rest. So the only verdict it gives is whether it had
# to change the input: an input is valid here when URI->new($input)->as_string is the input
# itself. Components: scheme, authority, path, query and fragment as URI gives them, raw.
# Resolution mode (`resolve BASE`): URI->new($ref)->abs($base).
#
#   urispec diff --spec rfc3986 --against 'perl examples/adapters/perl-uri.pl'
use strict;
use warnings;
use JSON::PP;
use URI;

my ($mode, $base) = @ARGV;
my $json = JSON::PP->new->allow_nonref->utf8(0);
binmode(STDIN, ':encoding(UTF-8)');
binmode(STDOUT, ':encoding(UTF-8)');
$| = 1;

while (my $line = <STDIN>) {
  # A lone surrogate (\ud800) is refused by JSON::PP: the parser is never asked, and the
  # answer says why.
  my $input = eval { $json->decode($line) };
  unless (defined $input) {
    print $json->encode({ valid => JSON::PP::false, error => "the adapter cannot decode this input: $@" }), "\n";
    next;
  }
  my $answer = eval {
    if (defined $mode && $mode eq 'resolve') {
      { valid => JSON::PP::true, components => { target => URI->new($input)->abs($base)->as_string } };
    } else {
      my $u = URI->new($input);
      my %c = (scheme => scalar $u->scheme, fragment => scalar $u->fragment);
      if ($u->can('authority')) {
        $c{authority} = $u->authority;
        $c{path} = $u->path;
        $c{query} = $u->query;
        if (defined $u->authority && $u->can('host')) {
          $c{userinfo} = $u->userinfo;
          $c{host} = eval { $u->host };
          $c{port} = $u->_port;
        }
      } else {
        $c{path} = $u->opaque;
      }
      my $same = $u->as_string eq $input;
      my $a = { valid => $same ? JSON::PP::true : JSON::PP::false, components => \%c };
      $a->{error} = 'URI->new changed it to ' . $u->as_string unless $same;
      $a;
    }
  };
  $answer = { valid => JSON::PP::false, error => "$@" } unless defined $answer;
  print $json->encode($answer), "\n";
}
