// RFC 2045 §6.8, the Base64 Content-Transfer-Encoding, as a data URL's ";base64" data is read
// (RFC 2397 §2: "The appearance of ";base64" means that the data is encoded as base64").

import { tripletAt } from './percent.js';

/** RFC 2045 §6.8 Table 1, the base64 alphabet: "A" to "Z", "a" to "z", "0" to "9", "+", "/". */
function inAlphabet(b: number): boolean {
  const l = b | 0x20; // a letter in lower case
  return (l >= 0x61 && l <= 0x7a) || (b >= 0x30 && b <= 0x39) || b === 0x2b || b === 0x2f;
}

/**
 * Counts octets of base64 text, one at a time (`add`), and says what they stand for (`length`).
 * RFC 2045 §6.8: "Any characters outside of the base64 alphabet are to be ignored in
 * base64-encoded data", so only the alphabet and "=" count; "A full encoding quantum is always
 * completed at the end of a body", so they come in groups of four, and "=" pads only the last
 * group ("xx==" or "xxx=").
 */
class Base64Count {
  chars = 0;
  pad = 0;
  /** False when the octet makes it no base64 encoding: a letter after "=". */
  add(b: number): boolean {
    if (b === 0x3d) this.pad++;
    else if (!inAlphabet(b)) return true;
    else if (this.pad > 0) return false;
    else this.chars++;
    return true;
  }
  length(): number | null {
    const total = this.chars + this.pad;
    if (total % 4 !== 0 || this.pad > 2) return null;
    return (total / 4) * 3 - this.pad;
  }
}

/** The number of octets that base64 text stands for, or null when it is no base64 encoding. */
export function base64Length(octets: Uint8Array): number | null {
  const count = new Base64Count();
  for (const b of octets) if (!count.add(b)) return null;
  return count.length();
}

/**
 * `base64Length` of the octets of `text` from `start` (src/schemes/percent.ts `percentOctets`),
 * read in place: a triplet is its octet, a character below U+0080 its own; one above encodes to
 * octets of 0x80 or more, outside the alphabet, so it is ignored.
 */
export function base64LengthIn(text: string, start = 0): number | null {
  const count = new Base64Count();
  for (let i = start; i < text.length; i++) {
    let b = tripletAt(text, i);
    if (b >= 0) i += 2;
    else b = text.charCodeAt(i);
    if (!count.add(b)) return null;
  }
  return count.length();
}
