/**
 * `parse` for the scheme profiles of mailto, data and file (issue 25 point 4): the components
 * the profile gives (src/profiles/, `components`), one mechanism for all (`items`, `parts`,
 * `decoded`, `octets` of src/parse.ts's Component). Expectations are the RFCs' examples and
 * words: RFC 6068 §6's addresses ("Email address: "not@me"@example.org; corresponding 'mailto'
 * URI: <mailto:%22not%40me%22@example.org>"), RFC 2397 §2's default media type and §4's
 * examples, RFC 8089 Appendix B's file URIs.
 */
import { describe, expect, it } from 'vitest';
import { componentNames, parse, type Component } from '../src/index.js';
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
