/**
 * `parse` for the scheme profiles of mailto, data and file (issue 25 point 4): the components
 * the profile gives (src/profiles/, `components`), one mechanism for all (`items`, `parts`,
 * `decoded`, `octets` of src/parse.ts's Component). Expectations are the RFCs' examples and
 * words: RFC 6068 §6's addresses ("Email address: "not@me"@example.org; corresponding 'mailto'
 * URI: <mailto:%22not%40me%22@example.org>"), RFC 2397 §2's default media type and §4's
 * examples, RFC 8089 Appendix B's file URIs.
 */
import { describe, expect, it } from 'vitest';
import { componentNames, parse, specs, type Component } from '../src/index.js';
import { rowOf } from '../src/eras/table.js';
import { runInMemory } from './cli/cli-harness.js';

const components = (input: string, spec: string): Record<string, Component> => {
  const r = parse(input, { spec });
  if (!r.valid) throw new Error(r.error.message);
  return r.components;
};

/** Every span of a component tree points at its text in the input. */
function spansHold(input: string, c: Component): void {
  if (c.kind !== 'default') expect(input.slice(c.start, c.end)).toBe(c.value);
  for (const i of c.items ?? []) spansHold(input, i);
  for (const p of Object.values(c.parts ?? {})) spansHold(input, p);
}

describe('mailto (RFC 6068 §2): to and hfields, decoded', () => {
  it('§6.2: each URI gives back the email address it was made from', () => {
    for (const [uri, address] of [
      ['mailto:%22not%40me%22@example.org', '"not@me"@example.org'],
      ['mailto:%22oh%5C%5Cno%22@example.org', '"oh\\\\no"@example.org'],
      ["mailto:%22%5C%5C%5C%22it's%5C%20ugly%5C%5C%5C%22%22@example.org", '"\\\\\\"it\'s\\ ugly\\\\\\""@example.org'],
      ['mailto:gorby%25kremvax@example.com', 'gorby%kremvax@example.com'],
    ] as const) {
      const c = components(uri, 'rfc6068');
      expect(c.to?.items?.map((a) => a.decoded)).toEqual([address]);
      spansHold(uri, c.to!);
    }
  });
  it('§6.1: "a CC of another user", the hfields in order with hfname and hfvalue', () => {
    const uri = 'mailto:joe@example.com?cc=bob@example.com&body=hello';
    const c = components(uri, 'rfc6068');
    expect(c.to?.items?.map((a) => [a.parts?.['local-part']?.value, a.parts?.domain?.value])).toEqual([['joe', 'example.com']]);
    expect(c.hfields).toMatchObject({ value: '?cc=bob@example.com&body=hello', start: 22, rule: 'hfields' });
    expect(c.hfields?.items?.map((h) => [h.parts?.hfname?.decoded, h.parts?.hfvalue?.decoded])).toEqual([['cc', 'bob@example.com'], ['body', 'hello']]);
    spansHold(uri, c.hfields!);
  });
  it('§6.3: the subject "café" and the domain label "natto" (U+7D0D U+8C46) decoded from UTF-8', () => {
    const uri = 'mailto:user@%E7%B4%8D%E8%B1%86.example.org?subject=caf%C3%A9';
    const c = components(uri, 'rfc6068');
    expect(c.to?.items?.[0]?.parts?.domain?.decoded).toBe('\u7D0D\u8C46.example.org');
    expect(c.hfields?.items?.[0]?.parts?.hfvalue?.decoded).toBe('café');
  });
  it('§2: "mailto:?to=..." has hfields and no to; "mailto:" neither; the names are the table\'s', () => {
    expect(Object.keys(components('mailto:?to=addr1@an.example,addr2@an.example', 'rfc6068'))).toEqual(['hfields']);
    expect(components('mailto:', 'rfc6068')).toEqual({});
    expect(componentNames('rfc6068')).toEqual(['to', 'hfields']);
  });
  it('a URI the profile refuses gives its error, as validate does', () => {
    expect(parse('mailto:Mike&family@example.org', { spec: 'rfc6068' })).toMatchObject({ valid: false, error: { layer: 'profile', offset: 11 } });
  });
});

describe('data (RFC 2397 §2, §3): media type, parameters, base64, octets', () => {
  it('§4 "data:,A%20brief%20note" "encodes the text/plain string "A brief note"": the default type and charset, 12 octets', () => {
    const c = components('data:,A%20brief%20note', 'rfc2397');
    expect(c.mediatype).toMatchObject({ value: '', kind: 'default', decoded: 'text/plain' });
    expect(c.mediatype?.items?.map((p) => [p.parts?.attribute?.decoded, p.parts?.value?.decoded, p.kind])).toEqual([['charset', 'US-ASCII', 'default']]);
    expect(c.base64).toBeUndefined();
    expect(c.data).toMatchObject({ value: 'A%20brief%20note', octets: 'A brief note'.length });
  });
  it('§4 the charset example (with "%be" for the invalid "%fg"): a parameter, three octets', () => {
    const uri = 'data:text/plain;charset=iso-8859-7,%be%be%be';
    const c = components(uri, 'rfc2397');
    expect(c.mediatype?.decoded).toBe('text/plain');
    expect(c.mediatype?.items?.map((p) => [p.parts?.attribute?.value, p.parts?.value?.value])).toEqual([['charset', 'iso-8859-7']]);
    expect(c.data?.octets).toBe(3);
    spansHold(uri, c.mediatype!);
  });
  it('";base64" (§2: "the data is encoded as base64"): its span, and the octets base64 stands for', () => {
    const uri = 'data:Image/GIF;base64,R0lGODdh';
    const c = components(uri, 'rfc2397');
    expect(c.mediatype).toMatchObject({ value: 'Image/GIF', decoded: 'image/gif', items: [] });
    expect(c.base64).toMatchObject({ value: ';base64', start: 14, end: 21 });
    expect(c.data?.octets).toBe(6);
    expect(components('data:;base64,SGk', 'rfc2397').data?.octets).toBeNull();
  });
});

describe('file (RFC 8089 §2): host (or local) and path, decoded', () => {
  it.each([
    ['file:///path/to/file', '', '/path/to/file'],
    ['file:/path/to/file', undefined, '/path/to/file'],
    ['file://host.example.com/path/to/file', 'host.example.com', '/path/to/file'],
    ['file://localhost/caf%C3%A9', 'localhost', '/café'],
  ])('%s', (uri, host, path) => {
    const c = components(uri, 'rfc8089');
    expect(c.host?.value).toBe(host);
    expect(c.path).toMatchObject({ rule: 'path-absolute', decoded: path });
    spansHold(uri, c.path!);
  });
});

describe('urispec parse prints members and parts', () => {
  it('mailto', async () => {
    const r = await runInMemory(['parse', '--spec', 'rfc6068', 'mailto:c%26d@e?subject=caf%C3%A9']);
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/to\[0\]\.local-part +c%26d +dot-atom-text; decoded "c&d"/);
    expect(r.stdout).toMatch(/hfields\[0\]\.hfvalue +caf%C3%A9 +decoded "café"/);
  });
  it('data, --json', async () => {
    const r = await runInMemory(['parse', '--spec', 'rfc2397', '--json', 'data:;base64,SGk=']);
    expect(JSON.parse(r.stdout.trim()).components.data).toEqual({ value: 'SGk=', start: 13, end: 17, rule: 'data', octets: 2 });
  });
});

/**
 * An era built on another (`profile.on`) holds that era's rules as printed there: a string of
 * one of them has that era's components (RFC 3986 §3's scheme, authority, path, query and
 * fragment; RFC 2396 §3's), whatever the scheme's own list names. The reference is the base
 * era's own parse of the same string by the same rule, over the RFCs' example URIs (RFC 3986
 * §1.1.2 and §5.4.1, RFC 2396 §5 and Appendix C) and URIs of each profile's scheme.
 */
describe('a profile era\'s parse by a rule of the era it builds on', () => {
  const EXAMPLES = [
    'ftp://ftp.is.co.za/rfc/rfc1808.txt', 'http://www.ietf.org/rfc/rfc2396.txt', 'ldap://[2001:db8::7]/c=GB?objectClass?one',
    'mailto:John.Doe@example.com', 'news:comp.infosystems.www.servers.unix', 'tel:+1-816-555-1212', 'telnet://192.0.2.16:80/',
    'urn:oasis:names:specification:docbook:dtd:xml:4.1.2', 'http://a/b/c/d;p?q', 'g;x?y#s', '../../g', '//g', '?y', '#s', '',
    'file:///etc/fstab', 'file://host.example.com/path/to/file', 'data:,A%20brief%20note', 'data:text/plain;charset=iso-8859-7,%be%be#f',
    'urn:example:a123,z456?+r?=q#f', 'mailto:a@b?subject=x', 'http://u@a:8080/b?c#f', 'HTTP://A/',
  ];
  const profiled = specs().filter((s) => rowOf(s.id)?.profile?.on !== undefined);

  it('covers every era built on another', () => {
    expect(profiled.map((s) => s.id).sort()).toEqual(['rfc2397', 'rfc6068', 'rfc8089', 'rfc8141', 'rfc9110']);
  });

  for (const era of profiled) {
    const base = rowOf(era.id)!.profile!.on!;
    const rules = [...(rowOf(base)?.withScheme ?? []), 'authority', 'fragment'].filter((r) => era.rules.some((x) => x.name === r));
    it(`${era.id}: ${rules.join(', ')} give ${base}'s components and names`, () => {
      let compared = 0;
      for (const rule of rules) {
        expect(componentNames(era.id, rule), rule).toEqual(componentNames(base, rule));
        for (const input of EXAMPLES) {
          const mine = parse(input, { spec: era.id, rule });
          const theirs = parse(input, { spec: base, rule });
          // A URI of the profile's scheme is held to the scheme's rule too (scheme-uris.test.ts):
          // only where both accept are the components compared.
          if (!mine.valid || !theirs.valid) continue;
          compared++;
          expect(mine.components, `${rule} ${input}`).toEqual(theirs.components);
        }
      }
      expect(compared).toBeGreaterThan(20);
    });
  }

  it('a rule of the profile\'s own keeps the profile\'s list', () => {
    expect(componentNames('rfc6068', 'mailtoURI')).toEqual(componentNames('rfc6068'));
    expect(Object.keys(components('mailto:a@b', 'rfc6068'))).toEqual(['to']);
  });

  it('urispec parse prints them', async () => {
    const r = await runInMemory(['parse', '--spec', 'rfc2397', '--rule', 'URI-reference', 'data:,a#f']);
    expect(r.stdout).toMatch(/scheme +data\n.*path +,a +opaque_part\n.*fragment +f/);
  });
});
