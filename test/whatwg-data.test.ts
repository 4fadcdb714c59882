/**
 * The WHATWG column on data URLs (issue 25 point 7): where Fetch's data: URL processor
 * (https://fetch.spec.whatwg.org/#data-url-processor) parts from RFC 2397. Each named difference
 * is checked against Node's fetch (undici, an implementation of that processor): what it gives
 * for the URL is what the note says, and RFC 2397's verdict is urispec's.
 */
import { describe, expect, it } from 'vitest';
import { dataDifferences } from '../src/whatwg-data.js';
import { whatwgColumn } from '../src/whatwg.js';

async function fetched(url: string): Promise<{ type: string | null; body: string } | 'failure'> {
  try {
    const r = await fetch(url);
    return { type: r.headers.get('content-type'), body: Buffer.from(await r.arrayBuffer()).toString('latin1') };
  } catch {
    return 'failure';
  }
}

const notes = (input: string) => dataDifferences(input, new URL(input).href);

describe('Fetch\'s data: URL processor against RFC 2397', () => {
  it('forgiving-base64 decodes without "=" padding (RFC 2045 §6.8 completes the quantum)', async () => {
    expect(notes('data:;base64,SGk').join('\n')).toMatch(/without its "=" padding.*RFC 2397 accepts it$/s);
    expect(await fetched('data:;base64,SGk')).toEqual({ type: 'text/plain;charset=US-ASCII', body: 'Hi' });
  });
  it('forgiving-base64 fails on a character outside the alphabet, which RFC 2045 ignores', async () => {
    expect(notes('data:;base64,SG!k=')[0]).toContain('Fetch fails on a character outside the base64 alphabet');
    expect(await fetched('data:;base64,SG!k=')).toBe('failure');
  });
  it('a "%" without two hex digits stays (§4\'s "%fg"; RFC 2397 refuses it)', async () => {
    const input = 'data:text/plain;charset=iso-8859-7,%be%fg%be';
    expect(notes(input).join('\n')).toMatch(/keeps a "%" that begins no escape.*RFC 2397 refuses it$/s);
    expect(await fetched('data:,a%fg')).toEqual({ type: 'text/plain;charset=US-ASCII', body: 'a%fg' });
  });
  it('the media type is not percent-decoded', async () => {
    expect(notes('data:text/plain;charset=%75tf-8,x')[0]).toContain('does not percent-decode the media type');
    expect(await fetched('data:text/plain;charset=%75tf-8,x')).toMatchObject({ type: 'text/plain;charset=%75tf-8' });
  });
  it('parameters without a type: text/plain and no charset (RFC 2397 §2\'s default has US-ASCII)', async () => {
    expect(notes('data:;name=x,y')[0]).toContain('no charset');
    expect(await fetched('data:;name=x,y')).toMatchObject({ type: 'text/plain;name=x' });
    expect(notes('data:;charset=utf-8,y')).toEqual([]);
  });
  it('a media type it cannot parse falls back to text/plain;charset=US-ASCII', async () => {
    expect(notes('data:foo,x').join('\n')).toMatch(/cannot parse as text\/plain;charset=US-ASCII \(step 14\); RFC 2397 refuses it/);
    expect(await fetched('data:foo,x')).toMatchObject({ type: 'text/plain;charset=US-ASCII' });
  });
  it('";base64" in another case or after spaces, and whitespace around the media type', async () => {
    const input = 'data: text/plain ; BASE64 ,SGk=';
    const n = notes(input).join('\n');
    expect(n).toContain('strips ASCII whitespace around the media type');
    expect(n).toContain('reads "; BASE64" as ";base64"');
    expect(await fetched(input)).toEqual({ type: 'text/plain', body: 'Hi' });
  });
  it('the fragment is dropped', async () => {
    expect(notes('data:,x#frag')[0]).toContain('drops the fragment');
    expect(await fetched('data:,x#frag')).toMatchObject({ body: 'x' });
  });
  it('a fragment is RFC 2396 §4.1\'s: dataurl alone holds no "#", the era\'s URI-reference accepts it', () => {
    // RFC 2396 §4.1: "URI-reference = [ absoluteURI | relativeURI ] [ "#" fragment ]".
    const [n] = notes('data:,a#f');
    expect(n).toContain('RFC 2397\'s dataurl alone holds no "#"');
    expect(n).toContain('the fragment is RFC 2396 §4.1\'s');
    expect(n).toMatch(/RFC 2397 accepts it as a URI-reference \(the dataurl before the "#"\), not as a dataurl$/);
    expect(n).not.toContain('refuses');
    // RFC 2396 §3.1: a scheme in any case; dataurl's "data:" is lower case.
    expect(notes('DATA:;base64,SGk').join('\n')).toMatch(/RFC 2397 accepts it as a URI-reference \(its scheme in any case, RFC 2396 §3.1\), not as a dataurl$/);
    // Refused where the era's URI-reference refuses it too.
    expect(notes('data:,a%fg#f').join('\n')).toMatch(/RFC 2397 refuses it$/);
  });
  it('none where both read the URL alike, or for another scheme', () => {
    for (const input of ['data:,A%20brief%20note', 'data:text/plain;charset=iso-8859-7,%be%be', 'data:image/gif;base64,R0lGODdh']) expect(notes(input)).toEqual([]);
    expect(dataDifferences('http://a/', 'http://a/')).toEqual([]);
  });
  it('the column carries them, and its summary names RFC 2397', () => {
    const c = whatwgColumn('data:;base64,SGk');
    expect(c.data).toHaveLength(1);
    expect(c.summary).toContain('WHATWG (Fetch) vs RFC 2397: Fetch decodes base64 without');
    expect(whatwgColumn('data:,x').data).toBeUndefined();
  });
});
