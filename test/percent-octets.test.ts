/**
 * The octets of percent-encoded text (RFC 3986 §2.1) as the scheme profiles read them in place,
 * on every accepted line (issue 17): whether they are UTF-8 (RFC 3629), and what base64 text
 * they hold (RFC 2045 §6.8). The in-place readers are held to the plain ones: Node's fatal
 * UTF-8 decoder (the WHATWG Encoding Standard's) over the octets, and base64Length over them.
 */
import { describe, expect, it } from 'vitest';
import { base64Length, base64LengthIn } from '../src/schemes/base64.js';
import { percentDecoded, percentOctets, percentUtf8 } from '../src/schemes/percent.js';
import { mulberry32 } from './oracle/prng.js';

const decoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
function decodes(octets: Uint8Array): boolean {
  try {
    decoder.decode(octets);
    return true;
  } catch {
    return false;
  }
}

/** Random text of triplets (half of them of octets 0x80 and above), characters and stray "%". */
function texts(seed: number, n: number): string[] {
  const rng = mulberry32(seed);
  const pieces = ['a', '/', 'é', '€', '\u{1F600}', '%', '%4', '%G0', '=', '+', 'Q'];
  const hex = (b: number): string => `%${b.toString(16).padStart(2, '0')}`;
  return Array.from({ length: n }, () => {
    let s = '';
    for (let k = rng.int(0, 9); k > 0; k--) {
      const r = rng.next();
      s += r < 0.5 ? hex(rng.int(0x80, 0xff)) : r < 0.7 ? hex(rng.int(0, 0x7f)).toUpperCase() : rng.pick(pieces);
    }
    return s;
  });
}

describe('percentOctets', () => {
  it('reads a triplet as its octet, a character as its UTF-8 octets, a "%" without two HEXDIG as itself', () => {
    expect([...percentOctets('a%41é')]).toEqual([0x61, 0x41, 0xc3, 0xa9]);
    expect([...percentOctets('%4%zz%')]).toEqual([0x25, 0x34, 0x25, 0x7a, 0x7a, 0x25]);
    expect([...percentOctets('%e2%82%AC')]).toEqual([0xe2, 0x82, 0xac]);
  });
});

describe('percentUtf8: the octets are UTF-8 (RFC 3629), read in place', () => {
  it('holds the sequences RFC 3629 §3 allows and refuses the ones it excludes', () => {
    expect(percentUtf8('caf%C3%A9')).toBe(true);
    expect(percentUtf8('%E2%82%AC and %F0%9F%98%80')).toBe(true);
    expect(percentUtf8('%F4%8F%BF%BF')).toBe(true); // U+10FFFF, the last code point
    // "The octet values C0, C1, F5 to FF never appear": overlong forms, beyond U+10FFFF.
    expect(percentUtf8('%C0%80')).toBe(false);
    expect(percentUtf8('%E0%80%80')).toBe(false);
    expect(percentUtf8('%F4%90%80%80')).toBe(false);
    // "The definition of UTF-8 prohibits encoding character numbers between U+D800 and U+DFFF".
    expect(percentUtf8('%ED%A0%80')).toBe(false);
    // A sequence cut short: by the end, by a character as written, by a new lead octet.
    expect(percentUtf8('%E2%82')).toBe(false);
    expect(percentUtf8('%E2%82x')).toBe(false);
    expect(percentUtf8('%C3%C3%A9')).toBe(false);
    expect(percentUtf8('%A9')).toBe(false); // a continuation octet with no lead
  });
  it('reads only from start to end: a triplet across the end is no triplet', () => {
    expect(percentUtf8('x%C3%A9', 1)).toBe(true);
    expect(percentUtf8('%C3%A9', 0, 3)).toBe(false);
    expect(percentUtf8('%C3%A9', 3)).toBe(false);
    expect(percentUtf8('%C3%A', 0, 5)).toBe(false);
  });
  it('agrees with the fatal decoder over percentOctets on 20,000 random texts', () => {
    for (const s of texts(17, 20_000)) {
      const expected = decodes(percentOctets(s));
      if (percentUtf8(s) !== expected) expect({ s, utf8: !expected }).toEqual({ s, utf8: expected });
      if ((percentDecoded(s) !== null) !== expected) expect({ s, decoded: !expected }).toEqual({ s, decoded: expected });
      const from = Math.min(s.length, 3);
      if (percentUtf8(s, from) !== decodes(percentOctets(s.slice(from)))) expect({ s, from }).toBe('agreeing');
    }
  });
});

describe('base64LengthIn: base64Length of the octets, read in place', () => {
  it('counts RFC 2045 §6.8 quanta: "=" pads only the last group, other characters are ignored', () => {
    expect(base64LengthIn('QUJD')).toBe(3);
    expect(base64LengthIn('QUI=')).toBe(2);
    expect(base64LengthIn('QQ==')).toBe(1);
    expect(base64LengthIn('%51%55%4A%44')).toBe(3);
    expect(base64LengthIn('QU JD!é')).toBe(3);
    expect(base64LengthIn('QQ=')).toBe(null);
    expect(base64LengthIn('Q=Q=')).toBe(null);
    expect(base64LengthIn('Q===')).toBe(null);
    expect(base64LengthIn('data:,QUJD', 'data:,'.length)).toBe(3);
  });
  it('agrees with base64Length over percentOctets on 20,000 random texts', () => {
    for (const s of texts(2045, 20_000)) {
      if (base64LengthIn(s) !== base64Length(percentOctets(s))) expect({ s, n: base64LengthIn(s) }).toEqual({ s, n: base64Length(percentOctets(s)) });
    }
  });
});
