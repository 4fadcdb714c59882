// A hint's advice, applied, works (contract, "The diagnosis of a failure", `hint`): the fixed
// input is valid, or fails strictly further on. Rows for the hints an audit found wrong, each
// with the spec's words for why; then the same check, mechanical, over a sample of the audit's
// corpus (test/fixtures/hint-fixes.json: its rows whose fix failed, and a stride through its
// mailto, template, zone, "#", URN-bracket and scheme rows).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { validate } from '../../src/index.js';
import { templateParts } from '../../src/template/syntax.js';

interface Row {
  spec: string;
  rule?: string;
  input: string;
  /** What the hint says; null: no hint, or none that holds `not`. */
  says: string[] | null;
  /** Words the hint must not hold (with `says` null and no `not`: no hint at all). */
  not?: string[];
  /** The input with the hint's advice applied, and where the fixed parse must get to (its length: valid). */
  fixed?: string;
  past?: number;
  /** The variable names of the fixed template (RFC 6570 §2.3), where the fix must keep those meant. */
  names?: readonly string[];
  source: string;
}

const rows: Row[] = [
  // 1. RFC 6068 §2: "<addr-spec> is a mail address as specified in [RFC5322]"; rule 1 names
  // the characters of that address that "MUST be percent-encoded". A triplet decodes to the
  // character: one that atext refuses stays refused (`mailto:a%20b@c` fails at 7).
  { spec: 'rfc6068', input: 'mailto:a b@c', says: null, source: 'RFC 6068 §2 (addr-spec is RFC 5322\'s, decoded); RFC 5322 §3.2.3 atext' },
  { spec: 'rfc6068', input: 'mailto:a..b@c', says: null, source: 'RFC 5322 §3.2.3 dot-atom-text' },
  { spec: 'rfc6068', input: 'mailto:a,b@c', says: null, source: 'RFC 5322 §3.2.3 atext' },
  { spec: 'rfc6068', input: 'mailto:chris@exampl"e.com', says: null, source: 'RFC 5322 §3.2.3 atext' },
  { spec: 'rfc6068', input: 'mailto:use\tr@[10.0.0.1]', says: null, source: 'RFC 6068 §2 rule 2 (no NO-WS-CTL)' },
  { spec: 'rfc6068', input: 'mailto:joe@example.c:om?cc=bob@example.com&body=hello', says: null, source: 'RFC 5322 §3.2.3 atext' },
  // "/" for a backslash: `mailto:a@b/c` is refused by rule 1 ("/" in gen-delims); "%5C" decodes
  // to "\", no atext.
  { spec: 'rfc6068', input: 'mailto:a@b\\c', says: null, source: 'RFC 6068 §2 rule 1; RFC 5322 §3.2.3' },
  // In an hfvalue (*qchar, no "/") "%5C" is the fix, "/" is not.
  { spec: 'rfc6068', input: 'mailto:a@b?subject=x\\y', says: ['"%5C"'], not: ['"/"'], fixed: 'mailto:a@b?subject=x%5Cy', past: 23, source: 'RFC 6068 §2 (hfvalue = *qchar)' },
  // Rule 1 leaves an unencoded "?" only as the hfields' delimiter; the grammar reads
  // "?subject=x/y" as a local-part waiting for "@" and stops at the end. The hint says where the
  // hfields fail, "/" no qchar (hfvalue = *qchar), and its "%2F" makes the URI valid.
  { spec: 'rfc6068', input: 'mailto:?subject=x/y', says: ['the "?" at offset 7 begins the hfields', 'write %2F', 'hfvalue at offset 17'], fixed: 'mailto:?subject=x%2Fy', past: 21, source: 'RFC 6068 §2 rule 1; hfvalue = *qchar' },
  { spec: 'rfc6068', input: 'mailto:?a=b?c', says: ['only the first "?" is a delimiter', 'write the second "?" as %3F'], fixed: 'mailto:?a=b%3Fc', past: 15, source: 'RFC 6068 §2; §6.1 ("?" twice is incorrect)' },
  // Only the part the fix is in counts: the domain literal "[x]" (rule 1 wants "%5B") is another
  // mistake, which "%20" in the hfvalue neither makes nor mends.
  { spec: 'rfc6068', input: 'mailto:a@[x]?s=a b', says: ['"%20"'], source: 'RFC 6068 §2 (hfvalue = *qchar; rule 1 for the addr-spec)' },
  // "/" lets the grammar read the hfields as a to, whose domain rule 1 refuses at that "/".
  { spec: 'rfc6068', input: 'mailto:?to=addr1@an.example,addr2@an\\.example', says: null, not: ['"/"'], source: 'RFC 6068 §2 rule 1' },
  // Where the grammar read the "?" as the hfields' delimiter itself (it follows a whole to), rule 1
  // explains nothing: a "%" cut short at the end is the failure, as in every era (RFC 3986 §2.1).
  { spec: 'rfc6068', input: 'mailto:joe@example.com?cc=bob@example.com&subject=Hi%2', says: ['"%" begins a percent-encoding and needs two hex digits after it'], not: ['rule 1', 'offset 22'], fixed: 'mailto:joe@example.com?cc=bob@example.com&subject=Hi%25', past: 55, source: 'RFC 6068 §2 (hfvalue = *qchar); RFC 3986 §2.1' },
  // Non-ASCII: rules 4 and 5 have it percent-encoded as UTF-8.
  { spec: 'rfc6068', input: 'mailto:\u00fc@c', says: ['"%C3%BC"'], fixed: 'mailto:%C3%BC@c', past: 15, source: 'RFC 6068 §2 rules 4 and 5' },
  // A domain literal's brackets are gen-delims: "%5B" and "%5D" (rule 1), not "]" added.
  { spec: 'rfc6068', input: 'mailto:a@[1.2.3.4', says: ['"%5B1.2.3.4%5D" for "[1.2.3.4"', 'rule 1'], fixed: 'mailto:a@%5B1.2.3.4%5D', past: 22, source: 'RFC 6068 §2 rule 1' },
  { spec: 'rfc6068', input: 'mailto:user@[10.0.0.1@', says: null, not: ['"]"'], source: 'RFC 6068 §2 rule 1; dtext-no-obs' },
  // 2. RFC 6874 §2: `IPv6addrz = IPv6address "%25" ZoneID`: a zone only after a whole address.
  { spec: 'rfc6874', input: 'http://[fe80:%1::1]/', says: null, not: ['%25'], source: 'RFC 6874 §2 (IPv6addrz)' },
  { spec: 'rfc6874', input: 'ldap://[20%1:db8::7]/', says: null, not: ['%25'], source: 'RFC 6874 §2 (IPv6addrz)' },
  { spec: 'rfc6874', input: 'http://[::192.9.5.%5]/ipng', says: null, not: ['%25'], source: 'RFC 6874 §2 (IPv6addrz)' },
  { spec: 'rfc6874', input: 'http://[%2fe80::a%25en1]/', says: null, not: ['%25'], source: 'RFC 6874 §2 (IPv6addrz)' },
  { spec: 'rfc6874', input: 'http://[fe80::1%eth0]/', says: ['"%25eth0" for "%eth0"'], fixed: 'http://[fe80::1%25eth0]/', past: 22, source: 'RFC 6874 §2' },
  { spec: 'rfc3986', input: 'http://[%eth0]/', says: null, not: ['zone'], source: 'RFC 3986 §3.2.2 (IP-literal)' },
  { spec: 'rfc3986', input: 'http://[::192.%.5.5]/', says: null, not: ['zone'], source: 'RFC 3986 §3.2.2 (IPv6address)' },
  { spec: 'rfc3987', input: 'http://[%eth0]/', says: null, not: ['zone'], source: 'RFC 3987 §2.2 (IP-literal of RFC 3986)' },
  { spec: 'rfc2396', input: 'http://[%eth0]/', says: null, not: ['zone'], source: 'RFC 2732 §3 (ipv6reference)' },
  // Without zones, all up to the "]" goes: `%25e<1`, not `%25e`.
  { spec: 'rfc3986', input: 'http://[fe80::a%25e<1]/', says: ['remove "%25e<1"'], fixed: 'http://[fe80::a]/', past: 17, source: 'RFC 3986 §3.2.2; RFC 6874 §2' },
  // 3. Each era's scheme as its grammar has it.
  { spec: 'rfc1738', input: 'HTTP://a/', says: ['one or more lower-case letters, digits', 'RFC 1738 §5'], source: 'RFC 1738 §5 (scheme = 1*[ lowalpha | digit | "+" | "-" | "." ])' },
  { spec: 'rfc1808', rule: 'scheme', input: 'ht_tp', says: ['one or more letters, digits'], not: ['begins with a letter'], source: 'RFC 1808 §2.2 (scheme = 1*( alpha | digit | "+" | "-" | "." ))' },
  { spec: 'draft-ietf-uri-relative-url-01', rule: 'scheme', input: 'ht_tp', says: ['one or more letters, digits'], not: ['begins with a letter'], source: 'draft-ietf-uri-relative-url-01 §2.2' },
  { spec: 'rfc2396-draft', rule: 'scheme', input: 'ht_tp', says: ['one or more letters, digits'], not: ['begins with a letter'], source: 'draft-fielding-url-syntax-01 (scheme)' },
  { spec: 'rfc3986', rule: 'URI', input: '1http://a', says: ['begins with a letter, then letters, digits', 'RFC 3986 §3.1'], source: 'RFC 3986 §3.1' },
  // 4. RFC 6570 §2.2: `expression = "{" [ operator ] variable-list "}"`, and a variable-list
  // begins with a varname (§2.3): "}" closes nothing before one.
  ...['{', '{x,', '{+', '{x.', '{x:', '{?x,y:', '{&x:'].flatMap((input) => [
    { spec: 'rfc6570', input, says: null, not: ['add "}"'], source: 'RFC 6570 §2.2, §2.3 (varname)' },
    { spec: 'rfc6570', rule: 'expression', input, says: null, not: ['add "}"'], source: 'RFC 6570 §2.2, §2.3 (varname)' },
  ]),
  { spec: 'rfc6570', rule: 'expression', input: '', says: null, source: 'RFC 6570 §2.2 (expression begins with "{")' },
  { spec: 'rfc6570', input: '{x', says: ['offset 0 is not closed: add "}"'], fixed: '{x}', past: 3, source: 'RFC 6570 §2.2' },
  ...['{}', '{+}', '{&}'].map((input) => ({ spec: 'rfc6570', rule: 'expression', input, says: ['at least one variable name'], not: ['%7B'], source: 'RFC 6570 §2.2 (expression begins with "{")' })),
  { spec: 'rfc6570', input: '{}', says: ['at least one variable name', '%7B or %7D'], fixed: '%7B%7D', past: 6, source: 'RFC 6570 §2.1, §2.2' },
  // A template that ends after its "{" (or an operator after it): the same, with only the "{"
  // to encode; as `expression`, no literal to write.
  { spec: 'rfc6570', input: 'http://x/{a}{', says: ['at least one variable name', 'a literal "{" is written %7B'], fixed: 'http://x/{a}%7B', past: 15, source: 'RFC 6570 §2.1, §2.2' },
  { spec: 'rfc6570', input: 'x{+', says: ['at least one variable name', 'a literal "{" is written %7B'], fixed: 'x%7B+', past: 5, source: 'RFC 6570 §2.1 (literals hold "+"), §2.2' },
  ...['{', '{+'].map((input) => ({ spec: 'rfc6570', rule: 'expression', input, says: ['at least one variable name'], not: ['%7B'], source: 'RFC 6570 §2.2 (expression begins with "{")' })),
  { spec: 'rfc6570', input: '{x,', says: null, not: ['variable name, as in {var}'], source: 'RFC 6570 §2.2 (the list has begun: the "," row)' },
  // RFC 6570 §2.3: `variable-list = varspec *( "," varspec )`. A separator of another kind
  // ("&", ";", "|", "+", "/", a space) written "%26" would make one variable of two (`a%26b`);
  // a space or a "$" (no operator, §2.2, no varchar) written "%20" or "%24" would be part of the
  // varname. The hint writes the expression as §2.2 has it, and the variables are the ones meant.
  ...(
    [
      ['http://x/{?a&b}', '{?a,b}', '{?a&b}', ['a', 'b']],
      ['{;a;b}', '{;a,b}', '{;a;b}', ['a', 'b']],
      ['{/a/b}', '{/a,b}', '{/a/b}', ['a', 'b']],
      ['{a|b}', '{a,b}', '{a|b}', ['a', 'b']],
      ['{a+b}', '{a,b}', '{a+b}', ['a', 'b']],
      ['{a b}', '{a,b}', '{a b}', ['a', 'b']],
      ['{x y z}', '{x,y,z}', '{x y z}', ['x', 'y', 'z']],
      ['{a & b}', '{a,b}', '{a & b}', ['a', 'b']],
      ['{a*&b:3}', '{a*,b:3}', '{a*&b:3}', ['a', 'b']],
      ['{$var}', '{var}', '{$var}', ['var']],
      ['{a,$b}', '{a,b}', '{a,$b}', ['a', 'b']],
      ['{ var}', '{var}', '{ var}', ['var']],
      ['{var }', '{var}', '{var }', ['var']],
      ['{+ var}', '{+var}', '{+ var}', ['var']],
      ['{a, b}', '{a,b}', '{a, b}', ['a', 'b']],
      ['{a ,b}', '{a,b}', '{a ,b}', ['a', 'b']],
      ['{a , b}', '{a,b}', '{a , b}', ['a', 'b']],
      // An operator after "," (§2.2: once, after "{"), a modifier before its varname (§2.4), a
      // "{" inside an expression (§2.2: expressions do not nest): "%26", "%2A", "%3A", "%7B"
      // would make them part of a varname.
      ['{?a,&b}', '{?a}{&b}', '{?a,&b}', ['a', 'b']],
      ['{x,.y}', '{x}{.y}', '{x,.y}', ['x', 'y']],
      ['{*list}', 'list*', '*list', ['list']],
      ['{a,*b}', 'b*', '*b', ['a', 'b']],
      ['/users/{:id}', 'id', ':id', ['id']],
      ['{{name}}', '{name}', '{{name}}', ['name']],
      ['{+{path}}', '{+path}', '{+{path}}', ['path']],
      ['{a,{b}', '{a}{b}', '{a,{b}', ['a', 'b']],
      ['{(a)}', '{a}', '{(a)}', ['a']],
      ['x/{+(a,b)}', '{+a,b}', '{+(a,b)}', ['a', 'b']],
    ] as const
  ).map(([input, to, from, names]) => {
    const p = input.indexOf(from);
    const fixed = input.slice(0, p) + to + input.slice(p + from.length);
    return { spec: 'rfc6570', input, says: [`write "${to}" for "${from}"`], not: ['%26', '%3B', '%2F', '%7C', '%2B', '%20', '%24', '%2E', '%2A', '%3A', '%7B'], fixed, past: fixed.length, names, source: 'RFC 6570 §2.2, §2.3 (variable-list = varspec *( "," varspec ))' };
  }),
  // Where the whole expression stays wrong, the separator alone ("=" is another mistake).
  { spec: 'rfc6570', input: '{?a&b=c}', says: ['separated by ","', 'write "," for "&"'], not: ['%26'], fixed: '{?a,b=c}', past: 5, source: 'RFC 6570 §2.3' },
  { spec: 'rfc6570', input: '{ a', says: ['no part of an expression', 'remove it'], not: ['%20'], source: 'RFC 6570 §2.2' },
  { spec: 'rfc6570', input: '{a{b}', says: ['do not nest', 'at offset 0 is not closed before the "{" at offset 2: add "}"'], not: ['%7B'], fixed: '{a}{b}', past: 6, source: 'RFC 6570 §2.2' },
  // Parentheses that do not wrap the whole variable-list: no rewrite is named (RFC 6570 §2.2).
  { spec: 'rfc6570', input: '{a(b)}', says: null, not: ['write "{'], source: 'RFC 6570 §2.2' },
  { spec: 'rfc6570', input: '{:3}', says: ['a prefix ":" follows the varname it shortens'], not: ['%3A'], source: 'RFC 6570 §2.4.1' },
  // A reserved operator (op-reserve) has no expansion to be meant: the triplet stays the advice.
  { spec: 'rfc6570', input: '{a,=b}', says: ['"=" is written %3D'], source: 'RFC 6570 §2.2 (op-reserve), §2.3' },
  // Whitespace around the template: no literal of it (§2.1), as around a URI.
  { spec: 'rfc6570', input: ' {var}', says: ['remove the whitespace at the start'], not: ['%20'], source: 'RFC 6570 §2.1' },
  { spec: 'rfc6570', input: 'http://x/{var} ', says: ['remove the whitespace at the end'], not: ['%20'], fixed: 'http://x/{var}', past: 14, source: 'RFC 6570 §2.1' },
  // A "$" inside a varname: the triplet (RFC 6570 §2.3: pct-encoded is a varchar). A separator the
  // rewrite cannot place: the rule only, no triplet that would make it part of a varname.
  { spec: 'rfc6570', input: '{a$b}', says: ['"$" is written %24'], source: 'RFC 6570 §2.3' },
  { spec: 'rfc6570', input: '{a&}', says: ['separated by ","'], not: ['%26'], source: 'RFC 6570 §2.3' },
  // 5. RFC 1738 §2.2: "#" delimits a URL from a fragment: leaving it out is a fix only after a whole URL.
  ...['http#://example.com/', 'http://example.#com/', 'g#opher://a/', 'ftp#//a/b'].map((input) => ({ spec: 'rfc1738', input, says: null, not: ['leave the fragment out'], source: 'RFC 1738 §2.2, §5' })),
  { spec: 'draft-ietf-uri-url-03', input: 'http://#xample.com/', says: null, not: ['leave the fragment out'], source: 'draft-ietf-uri-url-03 (httpaddress)' },
  { spec: 'rfc1738', input: 'http://a/b#c', says: ['RFC 1738 §2.2', '"%23"', 'leave the fragment out'], fixed: 'http://a/b', past: 10, source: 'RFC 1738 §2.2' },
  // 6. RFC 3986 §3.2.2: only the literal's own brackets hold an IPv6 address.
  { spec: 'rfc3986', input: 'http://[::[1.2.3.4]/', says: null, not: ['IPv4'], source: 'RFC 3986 §3.2.2 (IP-literal)' },
  { spec: 'rfc2396', input: 'http://[::[92.9.5.5]/ipng', says: null, not: ['IPv4'], source: 'RFC 2732 §3 (ipv6reference)' },
  { spec: 'rfc3986', input: 'http://[1.2.3.4]/', says: ['without brackets: 1.2.3.4', '::ffff:1.2.3.4'], fixed: 'http://[::ffff:1.2.3.4]/', past: 24, source: 'RFC 3986 §3.2.2' },
  // 7. draft-ietf-uri-url-03 (March 1994) cites its own document, not RFC 1738 (December 1994).
  { spec: 'draft-ietf-uri-url-03', input: 'http://a/~b', says: ['national characters', 'draft-ietf-uri-url-03', '"%7E"'], not: ['RFC 1738'], fixed: 'http://a/%7Eb', past: 12, source: 'draft-ietf-uri-url-03 (national; "may not appear in URLs")' },
  { spec: 'draft-ietf-uri-url-03', input: 'http://a/b#c', says: ['no fragment', '"%23"'], not: ['RFC 1738'], fixed: 'http://a/b%23c', past: 13, source: 'draft-ietf-uri-url-03 (fragmentid is used by no URL rule)' },
  { spec: 'rfc1738', input: 'http://a/~b', says: ['RFC 1738 §2.2', '"%7E"'], source: 'RFC 1738 §2.2' },
  // RFC 2141 has no host: a bracket in its "URN:" prefix is no IP literal's.
  { spec: 'rfc2141', input: 'U]RN:foo:a123,456', says: null, not: ['IP literals'], source: 'RFC 2141 §2 (URN = "urn:" NID ":" NSS)' },
  { spec: 'rfc1738', input: 'http://[::1]/', says: ['no IP literals', 'RFC 2732'], source: 'RFC 1738 §5 (host)' },
  // 8. RFC 1738 §5: `article = 1*[ uchar | ... ] "@" host`: "%40" for an "@" with nothing before it
  // leaves the article waiting for its "@" (`news:%40example.com` fails at the end).
  { spec: 'rfc1738', input: 'news:@example.com', says: ['a message-id needs its local part before "@"'], not: ['%40'], fixed: 'news:id@example.com', past: 19, source: 'RFC 1738 §3.6, §5 (article)' },
  { spec: 'rfc1738', input: 'news:@L---1---\u001c.U---7J--3', says: ['a message-id needs its local part before "@"'], not: ['%40'], source: 'RFC 1738 §5 (article)' },
  // A blank in a userinfo that an older era's server rule holds with the host (RFC 2396 §3.2.2
  // `server = [ [ userinfo "@" ] hostport ]`): percent-encoded, not removed from the user name.
  { spec: 'rfc2396', input: 'http://u\u00a0@host/', says: ['"%C2%A0"'], not: ['remove it', 'host name'], fixed: 'http://u%C2%A0@host/', past: 20, source: 'RFC 2396 §3.2.2, §2.4' },
  // Where the template rows name no rewrite, no triplet puts a brace or a separator into a
  // varname (RFC 6570 §2.2, §2.3); ` }` keeps no "remove the whitespace" ("}" alone is no template).
  { spec: 'rfc6570', input: '{{a', says: ['do not nest'], not: ['%7B'], source: 'RFC 6570 §2.2' },
  { spec: 'rfc6570', input: '{a,{b', says: ['do not nest'], not: ['%7B'], source: 'RFC 6570 §2.2' },
  { spec: 'rfc6570', input: '{a&&b}', says: ['separated by ","'], not: ['%26'], source: 'RFC 6570 §2.3' },
  { spec: 'rfc6570', input: '{a {b}', says: ['separated by ","'], not: ['%20'], source: 'RFC 6570 §2.3' },
  { spec: 'rfc6570', input: ' }', says: null, not: ['remove the whitespace'], source: 'RFC 6570 §2.1' },
  // RFC 1738 §5 article: the "@" with nothing before it, whatever follows, is no "%40".
  { spec: 'rfc1738', input: 'news:@', says: ['a message-id needs its local part before "@"'], not: ['%40'], source: 'RFC 1738 §5 (article)' },
  // RFC 3986 §2.1: `pct-encoded = "%" HEXDIG HEXDIG`. Stopped at a second "%", the advice names
  // the "%" before it, which lacks its digits; none where "%25" for it would still stop there.
  { spec: 'rfc3986', input: 'http://a/%E%dE', says: ['(the "%" at offset 9)', '"%E" has one', 'write "%25" for its "%"'], fixed: 'http://a/%25E%dE', past: 16, source: 'RFC 3986 §2.1' },
  { spec: 'rfc3986', input: 'http://a/%%41', says: ['(the "%" at offset 9)', '"%" has none'], fixed: 'http://a/%25%41', past: 15, source: 'RFC 3986 §2.1' },
  { spec: 'rfc3986', input: 'http://a/%%zz', says: null, source: 'RFC 3986 §2.1' },
  // Leading whitespace removed only where what is left gets the rule past its first character:
  // a lone space as `reserved` would be the empty string, " 8" as `reserved` is "8" (RFC 3986 §2.2).
  { spec: 'rfc3986', rule: 'reserved', input: ' ', says: null, source: 'RFC 3986 Appendix C; §2.2 (reserved)' },
  { spec: 'rfc3986', rule: 'reserved', input: ' 8', says: null, source: 'RFC 3986 Appendix C; §2.2 (reserved)' },
  { spec: 'rfc3986', rule: 'reserved', input: ' :', says: ['whitespace at the start'], fixed: ':', past: 1, source: 'RFC 3986 Appendix C; §2.2 (reserved)' },
  // RFC 8089 §2: `auth-path = [ file-auth ] path-absolute`: closed, the IP literal gets the parse
  // to where the path must begin, which the unclosed one never reached (RFC 3986 §3.2.2).
  { spec: 'rfc8089', input: 'file://[::1', says: ['the "[" at offset 7 is not closed: an IP literal ends with "]"'], fixed: 'file://[::1]', past: 12, source: 'RFC 8089 §2; RFC 3986 §3.2.2' },
  { spec: 'rfc8089', input: 'file://[v1.x?', says: ['the "[" at offset 7 is not closed'], fixed: 'file://[v1.x]?', past: 13, source: 'RFC 8089 §2; RFC 3986 §3.2.2 (IPvFuture)' },
  // RFC 9110 §4.2.1: `"http" "://"`: "/" for each backslash gets past them.
  { spec: 'rfc9110', input: 'http:\\\\example.com\\', says: ['a backslash separates nothing in a URI: write "/"'], fixed: 'http://example.com/', past: 19, source: 'RFC 9110 §4.2.1; RFC 3986 §3.3' },
];

/** Each row's advice applied: valid, or failing at `past` or beyond. */
function getsFurther(spec: string, rule: string | undefined, fixed: string, past: number): boolean {
  const r = validate(fixed, { spec, rule });
  return r.valid || r.error.offset >= past;
}

describe('a hint\'s advice, applied, gets the parse further', () => {
  it.each(rows.map((r) => [`${r.spec} ${r.rule ?? ''} ${JSON.stringify(r.input)}`, r] as const))('%s', (_n, row) => {
    const r = validate(row.input, { spec: row.spec, rule: row.rule });
    expect(r.valid).toBe(false);
    if (r.valid) return;
    const hint = r.error.hint;
    if (row.says === null && row.not === undefined) expect(hint, row.source).toBeUndefined();
    for (const s of row.says ?? []) expect(hint, row.source).toContain(s);
    for (const s of row.not ?? []) expect(hint ?? '', row.source).not.toContain(s);
    if (row.fixed !== undefined) expect(getsFurther(row.spec, row.rule, row.fixed, row.past!), `${row.source}: ${row.fixed}`).toBe(true);
    if (row.names !== undefined) {
      const names = templateParts(row.fixed!).flatMap((p) => (p.type === 'expression' ? p.varspecs.map((v) => v.name) : []));
      expect(names, row.source).toEqual(row.names);
    }
  });

  it('says of each era\'s scheme what its grammar takes: a digit first, capitals', () => {
    // RFC 1738 §5 lowalpha and a digit first; RFC 3986 §3.1 ALPHA first, either case.
    for (const spec of ['rfc1738', 'rfc1808', 'rfc2396-draft', 'draft-ietf-uri-relative-url-01', 'rfc2396', 'rfc3986', 'rfc3987']) {
      const r = validate('a_b', { spec, rule: 'scheme' });
      expect(r.valid, spec).toBe(false);
      const hint = r.valid ? '' : (r.error.hint ?? '');
      expect(hint.includes('begins with a letter'), `${spec}: ${hint}`).toBe(!validate('1', { spec, rule: 'scheme' }).valid);
      expect(hint.includes('lower-case'), `${spec}: ${hint}`).toBe(!validate('A', { spec, rule: 'scheme' }).valid);
    }
  });

  it('every hint over the audit\'s sample whose advice can be applied gets the parse further', () => {
    const sample = JSON.parse(readFileSync(join(import.meta.dirname, '../fixtures/hint-fixes.json'), 'utf8')) as Array<{ spec: string; rule: string; input: string }>;
    let applied = 0;
    for (const { spec, rule, input } of sample) {
      const r = validate(input, { spec, rule });
      if (r.valid || r.error.hint === undefined) continue;
      for (const [fixed, past] of fixesOf(input, r.error.offset, r.error.found, r.error.hint)) {
        expect(getsFurther(spec, rule, fixed, past), `${spec} ${rule} ${JSON.stringify(input)}: ${r.error.hint} (${JSON.stringify(fixed)})`).toBe(true);
        applied++;
      }
    }
    expect(applied).toBeGreaterThan(100);
  });
});

/** The fixes a hint proposes, applied to the input, each with where the fixed parse must get to. */
function fixesOf(input: string, offset: number, found: string | null, hint: string): Array<[string, number]> {
  const out: Array<[string, number]> = [];
  const replace = (x: string): void => {
    out.push([input.slice(0, offset) + x + input.slice(offset + (found ?? '').length), offset + x.length]);
  };
  let m: RegExpExecArray | null;
  if ((m = /write "(%[0-9A-F]{2}(?:%[0-9A-F]{2})*)"$/.exec(hint)) && found !== null) replace(m[1]!);
  if ((m = /percent-encode its UTF-8 bytes: \S+ → "([^"]+)"/.exec(hint))) replace(m[1]!);
  if (/^a space is written "%20"$/.test(hint)) replace('%20');
  if (/^a backslash separates nothing in a URI: write "\/"/.test(hint)) replace('/');
  if (/\(or "%5C" for a backslash itself\)/.test(hint)) replace('%5C');
  if (/^a URL has no fragment in this era/.test(hint)) {
    if (hint.includes('write "%23"')) replace('%23');
    if (hint.endsWith('leave the fragment out')) out.push([input.slice(0, offset), offset]);
  }
  if ((m = /^"~" is not allowed as is in this era.*write "(%7E)"/.exec(hint))) replace(m[1]!);
  if ((m = /has no zone identifier in an IP literal: remove "([^"]+)"/.exec(hint))) {
    const p = input.indexOf(m[1]!, input.lastIndexOf('[', offset));
    out.push([input.slice(0, p) + input.slice(p + m[1]!.length), p + 1]);
  }
  if ((m = /^a zone identifier's "%" is written "%25" in a URI: "([^"]+)" for "([^"]+)"/.exec(hint))) {
    const p = input.indexOf(m[2]!, input.lastIndexOf('[', offset));
    out.push([input.slice(0, p) + m[1]! + input.slice(p + m[2]!.length), p + m[1]!.length]);
  }
  if (/is not closed: add "\}"$/.test(hint)) out.push([`${input.slice(0, offset)}}${input.slice(offset)}`, offset + 1]);
  if (/a literal "\{" is written %7B$/.test(hint) && found === null) {
    const p = input.lastIndexOf('{', offset);
    out.push([`${input.slice(0, p)}%7B${input.slice(p + 1)}`, offset + 2]);
  }
  if (/a literal brace is written %7B or %7D$/.test(hint)) {
    const p = input.lastIndexOf('{', offset);
    out.push([`${input.slice(0, p)}%7B${input.slice(p + 1, offset)}%7D${input.slice(offset + 1)}`, offset + 5]);
  }
  if (/^the "\[" at offset \d+ is not closed: .* ends with "\]"$/.test(hint)) out.push([`${input.slice(0, offset)}]${input.slice(offset)}`, offset + 1]);
  if ((m = /: write "([^"]+)" for "([^"]+)"$/.exec(hint))) {
    const p = input.lastIndexOf(m[2]!, offset);
    out.push([input.slice(0, p) + m[1]! + input.slice(p + m[2]!.length), p + m[1]!.length]);
  }
  if ((m = /^an IPv4 address is written without brackets: (\S+?)(?:;.*such as (\S+))?$/.exec(hint))) {
    const p = input.indexOf(`[${m[1]!}`);
    const close = input[p + 1 + m[1]!.length] === ']' ? 1 : 0;
    out.push([input.slice(0, p) + m[1]! + input.slice(p + 1 + m[1]!.length + close), p + m[1]!.length]);
    if (m[2] !== undefined) out.push([input.slice(0, p + 1) + m[2] + input.slice(p + 1 + m[1]!.length), p + m[2].length + 2]);
  }
  if (/^remove the whitespace at the end/.test(hint)) out.push([input.slice(0, offset), offset]);
  return out;
}
