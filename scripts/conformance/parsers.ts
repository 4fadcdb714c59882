// The parsers the conformance report rates (docs/conformance.md): each an adapter in
// examples/adapters/ speaking the urispec diff protocol (docs/differential.md), with the
// command that runs it from the repository's root, the spec it says it implements (in its own
// words), and the urispec start rule that matches what it parses.
//
// `rule` is the RFC 3986 rule the parser's input is: `URI-reference` for a parser that takes
// relative references too, `URI` for one that parses absolute URIs only (every WHATWG parser
// without a base, libcurl, ajv-formats' `uri`, filter_var). `eras` are the eras its verdicts are
// counted in: rfc3986 for every parser, and rfc2396 for those that claim RFC 2396.

export type Language = 'JavaScript' | 'Python' | 'Ruby' | 'Go' | 'Java' | 'PHP' | 'C' | 'Rust' | 'Perl';

/** How to read a parser's version on this machine. */
export type VersionSource =
  | { npm: string }
  | { dpkg: string }
  | { command: string };

export interface Parser {
  /** Unique, as the report names it. */
  name: string;
  language: Language;
  /** The adapter's path in the repository. */
  adapter: string;
  /** The shell command, from the repository's root. */
  command: string;
  version: VersionSource[];
  /** What makes an input valid to the adapter: the parser call and the answer that counts as accepting. */
  validWhen: string;
  /** The spec the parser says it implements, in its own documentation's words (shortened). */
  claims: string;
  /** Follows the WHATWG URL Standard: its disagreements with the RFCs are another spec's rules. */
  whatwg?: boolean;
  /** The RFC 3986 rule matching what it parses (default `URI-reference`). */
  rule?: 'URI-reference' | 'URI';
  /** Eras it claims besides rfc3986 (its verdicts are counted in them too). */
  alsoClaims?: 'rfc2396'[];
  /** Has the adapter's resolution mode (`COMMAND resolve BASE`). */
  resolves?: boolean;
}

const node = (file: string) => `node examples/adapters/${file}`;
// Debian's Python: its python3-* packages are on its own path, not on another Python's.
const debianPython = (file: string) => `/usr/bin/python3 examples/adapters/${file}`;
const BUILD = 'build/conformance';

export const PARSERS: Parser[] = [
  {
    name: 'Node URL (ada)', validWhen: '`new URL(input)` does not throw', language: 'JavaScript', adapter: 'examples/adapters/node-url.mjs', command: node('node-url.mjs'),
    version: [{ command: `node -p '"Node " + process.versions.node + ", ada " + process.versions.ada'` }],
    claims: 'WHATWG URL Standard', whatwg: true, rule: 'URI', resolves: true,
  },
  {
    name: 'whatwg-url', validWhen: '`parseURL(input)` is not failure', language: 'JavaScript', adapter: 'examples/adapters/whatwg-url.mjs', command: node('whatwg-url.mjs'),
    version: [{ npm: 'whatwg-url' }], claims: 'WHATWG URL Standard (its reference implementation)', whatwg: true, rule: 'URI', resolves: true,
  },
  {
    name: 'fast-uri', validWhen: '`parse(input).error` is undefined', language: 'JavaScript', adapter: 'examples/adapters/fast-uri.mjs', command: node('fast-uri.mjs'),
    version: [{ npm: 'fast-uri' }], claims: 'RFC 3986 ("Dependency-free RFC 3986 URI toolbox")', resolves: true,
  },
  {
    name: 'uri-js', validWhen: '`parse(input).error` is undefined', language: 'JavaScript', adapter: 'examples/adapters/uri-js.mjs', command: node('uri-js.mjs'),
    version: [{ npm: 'uri-js' }], claims: 'RFC 3986 and RFC 3987 ("RFC 3986/3987 compliant")', resolves: true,
  },
  {
    name: 'url-parse', validWhen: '`new Url(input, {})` does not throw (it never reports an error)', language: 'JavaScript', adapter: 'examples/adapters/url-parse.mjs', command: node('url-parse.mjs'),
    version: [{ npm: 'url-parse' }], claims: 'none (a URL splitter for Node.js and browsers)', resolves: true,
  },
  {
    name: 'ajv-formats uri', validWhen: 'a schema `{"format": "uri"}` accepts it', language: 'JavaScript', adapter: 'examples/adapters/ajv-formats.mjs', command: node('ajv-formats.mjs uri'),
    version: [{ npm: 'ajv-formats' }, { npm: 'ajv' }], claims: 'JSON Schema `uri` format: RFC 3986 URI', rule: 'URI',
  },
  {
    name: 'ajv-formats uri-reference', validWhen: 'a schema `{"format": "uri-reference"}` accepts it', language: 'JavaScript', adapter: 'examples/adapters/ajv-formats.mjs',
    command: node('ajv-formats.mjs uri-reference'), version: [{ npm: 'ajv-formats' }, { npm: 'ajv' }],
    claims: 'JSON Schema `uri-reference` format: RFC 3986 URI-reference',
  },
  {
    name: 'urllib.parse', validWhen: '`urlsplit(input)` and its `.port` raise no ValueError', language: 'Python', adapter: 'examples/adapters/python-urllib.py', command: debianPython('python-urllib.py'),
    version: [{ command: '/usr/bin/python3 -c "import sys; print(\'Python \' + sys.version.split()[0])"' }],
    claims: 'RFC 3986, after RFC 2396 and RFC 1808 (a splitter: "not meant to validate")', resolves: true,
  },
  {
    name: 'rfc3986 (Python)', validWhen: '`uri_reference(input)` passes a Validator of every component', language: 'Python', adapter: 'examples/adapters/python-rfc3986.py', command: debianPython('python-rfc3986.py'),
    version: [{ dpkg: 'python3-rfc3986' }], claims: 'RFC 3986', resolves: true,
  },
  {
    name: 'hyperlink', validWhen: '`URL.from_text(input)` raises nothing', language: 'Python', adapter: 'examples/adapters/python-hyperlink.py', command: debianPython('python-hyperlink.py'),
    version: [{ dpkg: 'python3-hyperlink' }], claims: 'RFC 3986 (cited rule by rule in its URL class; DecodedURL for IRIs)', resolves: true,
  },
  {
    name: 'yarl', validWhen: '`URL(input, encoded=True)` raises nothing', language: 'Python', adapter: 'examples/adapters/python-yarl.py', command: debianPython('python-yarl.py'),
    version: [{ dpkg: 'python3-yarl' }], claims: 'none ("yet another URL library"; built on urllib.parse, its code cites RFC 3986)', resolves: true,
  },
  {
    name: 'Ruby URI::RFC3986_Parser', validWhen: '`parse(input)` raises no URI::Error', language: 'Ruby', adapter: 'examples/adapters/ruby-uri.rb', command: 'ruby examples/adapters/ruby-uri.rb rfc3986',
    version: [{ command: `ruby -ruri -e 'print "Ruby #{RUBY_VERSION}, uri #{URI::VERSION}"'` }], claims: 'RFC 3986', resolves: true,
  },
  {
    name: 'Ruby URI::RFC2396_Parser', validWhen: '`parse(input)` raises no URI::Error', language: 'Ruby', adapter: 'examples/adapters/ruby-uri.rb', command: 'ruby examples/adapters/ruby-uri.rb rfc2396',
    version: [{ command: `ruby -ruri -e 'print "Ruby #{RUBY_VERSION}, uri #{URI::VERSION}"'` }], claims: 'RFC 2396', alsoClaims: ['rfc2396'], resolves: true,
  },
  {
    name: 'Go net/url Parse', validWhen: '`url.Parse(input)` returns no error', language: 'Go', adapter: 'examples/adapters/go-net-url.go', command: `${BUILD}/go-net-url parse`,
    version: [{ command: 'go env GOVERSION' }], claims: 'RFC 3986 ("generally follows RFC 3986, except where it deviates for compatibility")', resolves: true,
  },
  {
    name: 'Go net/url ParseRequestURI', validWhen: '`url.ParseRequestURI(input)` returns no error', language: 'Go', adapter: 'examples/adapters/go-net-url.go', command: `${BUILD}/go-net-url requesturi`,
    version: [{ command: 'go env GOVERSION' }], claims: 'RFC 3986, as an HTTP request target: "an absolute URI or an absolute path"', rule: 'URI',
  },
  {
    name: 'java.net.URI', validWhen: '`new URI(input)` throws no URISyntaxException', language: 'Java', adapter: 'examples/adapters/JavaNetUri.java', command: `java -cp ${BUILD}/java JavaNetUri`,
    version: [{ command: 'java -XshowSettings:properties -version 2>&1 | sed -n "s/^ *java.runtime.version = /Java /p"' }],
    claims: 'RFC 2396, amended by RFC 2732', alsoClaims: ['rfc2396'], resolves: true,
  },
  {
    name: 'PHP parse_url', validWhen: '`parse_url(input)` is not false', language: 'PHP', adapter: 'examples/adapters/php-url.php', command: 'php examples/adapters/php-url.php parse_url',
    version: [{ command: `php -r 'echo "PHP ", PHP_VERSION;'` }], claims: 'none ("not meant to validate the given URL")',
  },
  {
    name: 'PHP filter_var URL', validWhen: '`filter_var(input, FILTER_VALIDATE_URL)` is not false', language: 'PHP', adapter: 'examples/adapters/php-url.php', command: 'php examples/adapters/php-url.php filter_var',
    version: [{ command: `php -r 'echo "PHP ", PHP_VERSION;'` }], claims: 'RFC 2396 (FILTER_VALIDATE_URL: "Validates value as URL (according to RFC 2396)")',
    rule: 'URI', alsoClaims: ['rfc2396'],
  },
  {
    name: 'uriparser', validWhen: '`uriParseSingleUriExA` succeeds on the whole input', language: 'C', adapter: 'examples/adapters/uriparser.c', command: `${BUILD}/uriparser`,
    version: [{ dpkg: 'liburiparser-dev' }], claims: 'RFC 3986 ("strictly RFC 3986 compliant")', resolves: true,
  },
  {
    name: 'libcurl URL API', validWhen: '`curl_url_set(CURLUPART_URL, input, CURLU_NON_SUPPORT_SCHEME)` is CURLUE_OK (an input with NUL cannot be passed: refused)', language: 'C', adapter: 'examples/adapters/libcurl.c', command: `${BUILD}/libcurl`,
    version: [{ dpkg: 'libcurl4-openssl-dev' }], claims: 'RFC 3986+ (curl\'s "RFC 3986 plus" URL syntax, absolute URLs)', rule: 'URI', resolves: true,
  },
  {
    name: 'rust url', validWhen: '`Url::parse(input)` is Ok', language: 'Rust', adapter: 'examples/adapters/rust-url.rs', command: `${BUILD}/rust-url/target/release/rust-url`,
    version: [{ command: `sed -n '/^name = "url"/{n;s/version = "\\(.*\\)"/url \\1/p}' ${BUILD}/rust-url/Cargo.lock` }],
    claims: 'WHATWG URL Standard ("based on the WHATWG URL Standard")', whatwg: true, rule: 'URI', resolves: true,
  },
  {
    name: 'Perl URI', validWhen: '`URI->new(input)->as_string` is the input unchanged (URI->new never fails: it escapes what it does not allow)', language: 'Perl', adapter: 'examples/adapters/perl-uri.pl', command: 'perl examples/adapters/perl-uri.pl',
    version: [{ command: `perl -MURI -e 'print "URI $URI::VERSION"'` }], claims: 'RFC 2396, updated by RFC 2732 (its manual)', alsoClaims: ['rfc2396'], resolves: true,
  },
];

/** The rule of era `spec` that corresponds to RFC 3986's `rule`. */
export function ruleIn(spec: string, rule: 'URI-reference' | 'URI'): string {
  if (spec === 'rfc2396') return rule === 'URI' ? 'absoluteURI' : 'URI-reference';
  if (spec === 'rfc3987') return rule === 'URI' ? 'IRI' : 'IRI-reference';
  return rule;
}
