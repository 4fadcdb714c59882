/**
 * Components per era, read from the validating parse: one table a era, each row an input and
 * the components it has (absent ones must be absent, empty ones present with ''), with its
 * source; the edge cases the issue names; and `urispec parse`.
 */
import { describe, expect, it } from 'vitest';
import { componentValues, parse, UsageError } from '../src/index.js';
import { runInMemory } from './cli/cli-harness.js';

interface Row {
  input: string;
  /** Every component present, by value; kinds as `name:kind` keys where the era names forms. */
  components: Record<string, string>;
  kinds?: Record<string, string>;
  source: string;
}

const TABLES: Record<string, Row[]> = {
  rfc3986: [
    {
      input: 'foo://example.com:8042/over/there?name=ferret#nose',
      components: { scheme: 'foo', authority: 'example.com:8042', host: 'example.com', port: '8042', path: '/over/there', query: 'name=ferret', fragment: 'nose' },
      kinds: { host: 'reg-name', path: 'path-abempty' },
      source: 'RFC 3986 §3',
    },
    {
      input: 'urn:example:animal:ferret:nose',
      components: { scheme: 'urn', path: 'example:animal:ferret:nose' },
      kinds: { path: 'path-rootless' },
      source: 'RFC 3986 §3',
    },
    { input: 'http://a?', components: { scheme: 'http', authority: 'a', host: 'a', path: '', query: '' }, source: 'issue 5: an empty query' },
    { input: 'http://a', components: { scheme: 'http', authority: 'a', host: 'a', path: '' }, source: 'issue 5: no query' },
    { input: 'http://a#', components: { scheme: 'http', authority: 'a', host: 'a', path: '', fragment: '' }, source: 'RFC 3986 §5.2.1' },
    {
      input: 'file:///x',
      components: { scheme: 'file', authority: '', host: '', path: '/x' },
      kinds: { host: 'reg-name' },
      source: 'RFC 3986 §3.2.2: an empty authority (no userinfo: no "@")',
    },
    { input: 'http://a:/', components: { scheme: 'http', authority: 'a:', host: 'a', port: '', path: '/' }, source: 'RFC 3986 §3.2.3: an empty port' },
    { input: 'mailto:John.Doe@example.com', components: { scheme: 'mailto', path: 'John.Doe@example.com' }, kinds: { path: 'path-rootless' }, source: 'RFC 3986 §1.1.2: no authority' },
    {
      input: 'ldap://[2001:db8::7]/c=GB?objectClass?one',
      components: { scheme: 'ldap', authority: '[2001:db8::7]', host: '[2001:db8::7]', path: '/c=GB', query: 'objectClass?one' },
      kinds: { host: 'IP-literal' },
      source: 'RFC 3986 §1.1.2',
    },
    {
      input: 'telnet://192.0.2.16:80/',
      components: { scheme: 'telnet', authority: '192.0.2.16:80', host: '192.0.2.16', port: '80', path: '/' },
      kinds: { host: 'IPv4address' },
      source: 'RFC 3986 §1.1.2',
    },
    {
      input: '//@h',
      components: { authority: '@h', userinfo: '', host: 'h', path: '' },
      source: 'RFC 3986 §3.2.1: an empty userinfo',
    },
    { input: 'http://u:p@h/', components: { scheme: 'http', authority: 'u:p@h', userinfo: 'u:p', host: 'h', path: '/' }, source: 'RFC 3986 §3.2.1' },
    { input: '/g', components: { path: '/g' }, kinds: { path: 'path-absolute' }, source: 'RFC 3986 §4.2' },
    { input: 'g;x?y#s', components: { path: 'g;x', query: 'y', fragment: 's' }, kinds: { path: 'path-noscheme' }, source: 'RFC 3986 §5.4.1' },
    { input: '', components: { path: '' }, kinds: { path: 'path-empty' }, source: 'RFC 3986 §4.1' },
    { input: '1.2.3.4.example', components: { path: '1.2.3.4.example' }, source: 'RFC 3986 §4.2' },
    { input: 'http://1.2.3.4.example/', components: { scheme: 'http', authority: '1.2.3.4.example', host: '1.2.3.4.example', path: '/' }, kinds: { host: 'reg-name' }, source: 'RFC 3986 §3.2.2: IPv4address only when the whole host is one' },
  ],
  rfc1808: [
    {
      input: 'http://a/b/c/d;p?q#f',
      components: { scheme: 'http', net_loc: 'a', path: 'b/c/d', params: 'p', query: 'q', fragment: 'f' },
      kinds: { path: 'abs_path' },
      source: 'RFC 1808 §5',
    },
    { input: 'g;x?y#s', components: { path: 'g', params: 'x', query: 'y', fragment: 's' }, kinds: { path: 'rel_path' }, source: 'RFC 1808 §5.1' },
    { input: ';x', components: { path: '', params: 'x' }, kinds: { path: 'rel_path' }, source: 'RFC 1808 §5.1; §2.4.6: the path is what is left, here nothing' },
    { input: '?y', components: { path: '', query: 'y' }, kinds: { path: 'rel_path' }, source: 'RFC 1808 §5.1; §2.4.6' },
    { input: '//g', components: { net_loc: 'g' }, source: 'RFC 1808 §5.1' },
    { input: 'g:h', components: { scheme: 'g', path: 'h' }, source: 'RFC 1808 §5.1' },
    { input: 'http://a/b;p;q', components: { scheme: 'http', net_loc: 'a', path: 'b', params: 'p;q' }, source: 'RFC 1808 §2.4.5: params from the left-most ";"' },
    { input: 'file:///x', components: { scheme: 'file', net_loc: '', path: 'x' }, source: 'RFC 1808 §2.4.3: an empty net_loc' },
    { input: 'g;?#', components: { path: 'g', params: '', query: '', fragment: '' }, source: 'RFC 1808 §2.4' },
    { input: '', components: { path: '' }, kinds: { path: 'rel_path' }, source: 'RFC 1808 §5.2; §2.4.6: no slash' },
    // §2.4.6: "the parser must remember whether or not [the slash] was present so that later
    // processes can differentiate between relative and absolute paths".
    { input: '/', components: { path: '' }, kinds: { path: 'abs_path' }, source: 'RFC 1808 §2.4.6: an empty path after a slash' },
    { input: '/?q', components: { path: '', query: 'q' }, kinds: { path: 'abs_path' }, source: 'RFC 1808 §2.4.6' },
    { input: '/#f', components: { path: '', fragment: 'f' }, kinds: { path: 'abs_path' }, source: 'RFC 1808 §2.4.6' },
    { input: 'http://a/', components: { scheme: 'http', net_loc: 'a', path: '' }, kinds: { path: 'abs_path' }, source: 'RFC 1808 §2.4.3, §2.4.6: the "/" after the net_loc is left' },
    { input: 'http://a', components: { scheme: 'http', net_loc: 'a' }, source: 'RFC 1808 §2.4.3: "If no trailing slash "/" is present, the entire remaining parse string is assigned to <net_loc>"' },
  ],
  'rfc2396-draft': [
    {
      input: 'http://a/b/c/d;p?q',
      components: { scheme: 'http', server: 'a', host: 'a', path: 'b/c/d;p', query: 'q' },
      kinds: { host: 'hostname', path: 'abs_path' },
      source: 'seed 000 Appendix C',
    },
    { input: 'ftp://@host.com/', components: { scheme: 'ftp', server: '@host.com', user: '', host: 'host.com', path: '' }, source: 'seed 000 §4.3.1: an empty user name, no password' },
    { input: 'ftp://host.com/', components: { scheme: 'ftp', server: 'host.com', host: 'host.com', path: '' }, source: 'seed 000 §4.3.1: no user name' },
    { input: 'ftp://foo:@host.com/', components: { scheme: 'ftp', server: 'foo:@host.com', user: 'foo', password: '', host: 'host.com', path: '' }, source: 'seed 000 §4.3.1: an empty password' },
    { input: 'http://10.0.0.1:/', components: { scheme: 'http', server: '10.0.0.1:', host: '10.0.0.1', port: '', path: '' }, kinds: { host: 'hostnumber' }, source: 'seed 000 §4.3.1' },
    { input: 'file:///x', components: { scheme: 'file', server: '', path: 'x' }, source: 'seed 000 §4.3.1: an empty server' },
    { input: '?y', components: { path: '', query: 'y' }, source: 'seed 000 Appendix C' },
    { input: 'g#s', components: { path: 'g', fragment: 's' }, source: 'seed 000 Appendix C' },
    { input: 'http:g', components: { scheme: 'http', path: 'g' }, source: 'seed 000 Appendix C.2' },
  ],
  rfc2396: [
    {
      input: 'http://u@a:8/b;p?q#f',
      components: { scheme: 'http', authority: 'u@a:8', userinfo: 'u', host: 'a', port: '8', path: '/b;p', query: 'q', fragment: 'f' },
      kinds: { host: 'hostname', path: 'abs_path' },
      source: 'RFC 2396 §3, §3.2.2',
    },
    { input: 'mailto:a@b', components: { scheme: 'mailto', path: 'a@b' }, kinds: { path: 'opaque_part' }, source: 'RFC 2396 §3: an opaque_part' },
    { input: 'http://[::192.9.5.5]/ipng', components: { scheme: 'http', authority: '[::192.9.5.5]', host: '[::192.9.5.5]', path: '/ipng' }, kinds: { host: 'ipv6reference' }, source: 'RFC 2732 §2' },
    { input: 'http://a:/', components: { scheme: 'http', authority: 'a:', host: 'a', port: '', path: '/' }, source: 'RFC 2396 §3.2.2: an empty port' },
    { input: 'g;x?y#s', components: { path: 'g;x', query: 'y', fragment: 's' }, kinds: { path: 'rel_path' }, source: 'RFC 2396 Appendix C' },
    { input: '//g', components: { authority: 'g', host: 'g' }, source: 'RFC 2396 Appendix C' },
    { input: 'http://a', components: { scheme: 'http', authority: 'a', host: 'a' }, source: 'RFC 2396 §3: no path' },
    { input: 'http://a?', components: { scheme: 'http', authority: 'a', host: 'a', query: '' }, source: 'RFC 2396 §3.4: an empty query' },
  ],
  'draft-ietf-uri-relative-url-01': [
    // §2.2: `"//" net_loc [ "/" rel_path ]`: as in RFC 1808, the "/" after the net_loc separates, it is no part of the path.
    { input: 'http://a/b/c/d', components: { scheme: 'http', net_loc: 'a', path: 'b/c/d' }, kinds: { path: 'rel_path' }, source: 'draft-ietf-uri-relative-url-01 §5' },
    { input: '/g', components: { path: '/g' }, kinds: { path: 'abs_path' }, source: 'draft-ietf-uri-relative-url-01 §5' },
    // §2.2 prints pchar with ";", "?" and "#": the grammar's path takes them all.
    { input: 'http://a/b;p?q#f', components: { scheme: 'http', net_loc: 'a', path: 'b;p?q#f' }, source: 'draft-ietf-uri-relative-url-01 §2.2 (pchar includes ";", "?", "#")' },
    { input: 'g', components: { path: 'g' }, kinds: { path: 'rel_path' }, source: 'draft-ietf-uri-relative-url-01 §5' },
    { input: '//g', components: { net_loc: 'g' }, source: 'draft-ietf-uri-relative-url-01 §5' },
  ],
  'draft-ietf-uri-url-03': [
    { input: 'ftp://h/a/b', components: { scheme: 'ftp', host: 'h', path: 'a/b' }, kinds: { host: 'hostname' }, source: 'draft-ietf-uri-url-03, BNF: ftpaddress' },
    { input: 'news:comp.x', components: { scheme: 'news', group: 'comp.x' }, source: 'draft-ietf-uri-url-03, BNF: newsaddress' },
    { input: 'wais://h/db?s', components: { scheme: 'wais', host: 'h', database: 'db', search: 's' }, source: 'draft-ietf-uri-url-03, BNF: waisindex' },
    { input: 'http://h:80/a?q', components: { scheme: 'http', host: 'h', port: '80', path: 'a', search: 'q' }, source: 'draft-ietf-uri-url-03, BNF: httpaddress' },
  ],
  rfc1738: [
    {
      input: 'ftp://u:p@h.com:21/a/b;type=d',
      components: { scheme: 'ftp', user: 'u', password: 'p', host: 'h.com', port: '21', fpath: 'a/b', ftptype: 'd' },
      kinds: { host: 'hostname' },
      source: 'RFC 1738 §3.2',
    },
    { input: 'http://a/b?c', components: { scheme: 'http', host: 'a', hpath: 'b', search: 'c' }, source: 'RFC 1738 §3.3' },
    { input: 'http://a/', components: { scheme: 'http', host: 'a', hpath: '' }, source: 'RFC 1738 §3.3' },
    { input: 'http://a', components: { scheme: 'http', host: 'a' }, source: 'RFC 1738 §3.3: the "/" may be omitted' },
    { input: 'gopher://h/1sel', components: { scheme: 'gopher', host: 'h', gtype: '1', selector: 'sel' }, source: 'RFC 1738 §3.4' },
    // §3.4.1: selector strings "may contain any octets except 09 hexadecimal": the first "%09"
    // ends the selector, the second the search (§3.4.3); docs/decisions.md, "gopher's selector".
    { input: 'gopher://h/1sel%09query', components: { scheme: 'gopher', host: 'h', gtype: '1', selector: 'sel', search: 'query' }, source: 'RFC 1738 §3.4.1, §3.4.2' },
    { input: 'gopher://h/1sel%09q%09+', components: { scheme: 'gopher', host: 'h', gtype: '1', selector: 'sel', search: 'q', 'gopher+_string': '+' }, source: 'RFC 1738 §3.4.3, §3.4.4' },
    {
      input: 'gopher://h/1sel%09%09+%091%0D%0A+-1%0D%0Av%0D%0A.%0D%0A',
      components: { scheme: 'gopher', host: 'h', gtype: '1', selector: 'sel', search: '', 'gopher+_string': '+%091%0D%0A+-1%0D%0Av%0D%0A.%0D%0A' },
      source: 'RFC 1738 §3.4.3 (an empty search), §3.4.9 (a gopher+_string holds "%09")',
    },
    { input: 'gopher://h/1%09a', components: { scheme: 'gopher', host: 'h', gtype: '1', selector: '', search: 'a' }, source: 'RFC 1738 §3.4.1: "The Gopher selector string may be an empty string"' },
    // §5: search holds no "/" or "?", so "a/b" is no search: the grammar's derivation (selector = *xchar) stands.
    { input: 'gopher://h/1sel%09a/b', components: { scheme: 'gopher', host: 'h', gtype: '1', selector: 'sel%09a/b' }, source: 'RFC 1738 §5: gopherurl, search' },
    { input: 'gopher://h/1sel%09a?b%09+', components: { scheme: 'gopher', host: 'h', gtype: '1', selector: 'sel%09a?b%09+' }, source: 'RFC 1738 §5: search holds no "?"' },
    { input: 'mailto:x@y', components: { scheme: 'mailto', encoded822addr: 'x@y' }, source: 'RFC 1738 §3.5' },
    { input: 'news:comp.x', components: { scheme: 'news', group: 'comp.x' }, source: 'RFC 1738 §3.6' },
    { input: 'news:a@b.c', components: { scheme: 'news', article: 'a@b.c', host: 'b.c' }, source: 'RFC 1738 §3.6' },
    { input: 'nntp://1.2.3.4/g.x/12', components: { scheme: 'nntp', host: '1.2.3.4', group: 'g.x', digits: '12' }, kinds: { host: 'hostnumber' }, source: 'RFC 1738 §3.7' },
    { input: 'telnet://u@h/', components: { scheme: 'telnet', user: 'u', host: 'h' }, source: 'RFC 1738 §3.8' },
    { input: 'wais://h/db?s', components: { scheme: 'wais', host: 'h', database: 'db', search: 's' }, source: 'RFC 1738 §3.9' },
    { input: 'wais://h/db/t/p', components: { scheme: 'wais', host: 'h', database: 'db', wtype: 't', wpath: 'p' }, source: 'RFC 1738 §3.9' },
    { input: 'file:///x', components: { scheme: 'file', fpath: 'x' }, source: 'RFC 1738 §3.10' },
    { input: 'prospero://h/a/b;f=v', components: { scheme: 'prospero', host: 'h', ppath: 'a/b', fieldspec: ';f=v' }, source: 'RFC 1738 §3.11' },
    { input: 'prospero://h/a/b;f=v;g=w', components: { scheme: 'prospero', host: 'h', ppath: 'a/b', fieldspec: ';f=v;g=w' }, source: 'RFC 1738 §5: *[ fieldspec ]' },
    { input: 'foo:bar', components: { scheme: 'foo', schemepart: 'bar' }, source: 'RFC 1738 §5 otherurl' },
  ],
};

describe.each(Object.keys(TABLES))('%s components', (spec) => {
  it.each(TABLES[spec]!)('$input ($source)', (row) => {
    const r = parse(row.input, { spec });
    expect(r.valid).toBe(true);
    if (!r.valid) return;
    expect(componentValues(r.components)).toEqual(row.components);
    for (const [name, kind] of Object.entries(row.kinds ?? {})) expect(r.components[name]?.kind).toBe(kind);
    // Each component is the span it claims.
    for (const c of Object.values(r.components)) {
      if (c.rule.endsWith('url')) continue; // RFC 1738's scheme is its rule's literal
      expect(row.input.slice(c.start, c.end)).toBe(c.value);
    }
  });
});

describe('RFC 1808 §2.4.6: a path preceded by a slash is told from one that is not', () => {
  // "Even though the initial slash is not part of the URL path, the parser must remember whether
  // or not it was present so that later processes can differentiate between relative and
  // absolute paths" (and §4 step 5 resolves the two differently).
  it.each([
    ['/', ''],
    ['/?q', '?q'],
    ['/#f', '#f'],
    ['/;p', ';p'],
    ['http://a/', 'http://a'],
    ['http:/', 'http:'],
  ])('%j and %j', (slashed, bare) => {
    const a = parse(slashed, { spec: 'rfc1808' });
    const b = parse(bare, { spec: 'rfc1808' });
    if (!a.valid || !b.valid) throw new Error('both are URLs of §2.2');
    expect(a.components.path?.kind).toBe('abs_path');
    expect(b.components.path?.kind).not.toBe('abs_path');
    expect(a.components).not.toEqual(b.components);
  });
});

describe('RFC 1738 §5: prosperourl reports every fieldspec', () => {
  it('as items, in order', () => {
    const r = parse('prospero://h/a/b;f=v;g=w;h=x', { spec: 'rfc1738' });
    if (!r.valid) throw new Error('a prosperourl');
    expect(r.components.fieldspec?.items?.map((i) => [i.value, i.start, i.end])).toEqual([
      [';f=v', 16, 20],
      [';g=w', 20, 24],
      [';h=x', 24, 28],
    ]);
  });
});

describe('invalid inputs give the error record', () => {
  it.each([
    ['rfc3986', 'http://[fe80::1%25eth0]/', 15, 'IPv6address'], // IPv6 with zone-like text: RFC 3986 has no zone; the address inside "[...]" is what a reader fixes (h16 = 1*4HEXDIG takes no "%", RFC 6874 added the ZoneID)
    ['rfc3986', 'http://[::1%eth0]/', 11, 'IPv6address'],
    ['rfc3986', 'http://exa mple.com/', 10, 'reg-name'],
    ['rfc1808', 'http://a/~u', 9, 'abs_path'],
  ])('%s %s: offset %d', (spec, input, offset, rule) => {
    const r = parse(input, { spec });
    expect(r.valid).toBe(false);
    if (r.valid) return;
    expect(r.error.offset).toBe(offset);
    expect(r.error.rulePath).toContain(rule);
  });

  it('a start rule may be chosen; an unknown one is a UsageError', () => {
    const r = parse('[::1]:80', { rule: 'authority' });
    expect(r.valid && componentValues(r.components)).toEqual({ authority: '[::1]:80', host: '[::1]', port: '80' });
    expect(() => parse('x', { rule: 'nope' })).toThrow(UsageError);
  });
});

describe('urispec parse', () => {
  it('readable: one row a component present, empty ones as (empty)', async () => {
    const r = await runInMemory(['parse', 'http://a?']);
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/query +\(empty\)/);
    expect(r.stdout).not.toMatch(/fragment/);
  });

  it('--json: the contract key order, then the components', async () => {
    const r = await runInMemory(['parse', '--json', '--spec', 'rfc1808', 'http://a/b;p?q#f', 'http://a/~u']);
    expect(r.status).toBe(1);
    const [ok, bad] = r.stdout.trim().split('\n').map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(Object.keys(ok!)).toEqual(['input', 'spec', 'rule', 'valid', 'components']);
    expect(Object.keys(bad!)).toEqual(['input', 'spec', 'rule', 'valid', 'error']);
    expect((ok!.components as Record<string, { value: string }>).params!.value).toBe('p');
  });

  it('URIs from standard input; usage errors exit 2', async () => {
    expect((await runInMemory(['parse', '--json'], 'g\n')).stdout).toMatch(/"path-noscheme"/);
    expect((await runInMemory(['parse', '--spec', 'nope', 'x'])).status).toBe(2);
  });
});
