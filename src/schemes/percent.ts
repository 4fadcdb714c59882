// Percent-decoding for the scheme profiles' components (RFC 3986 §2.1, RFC 2396 §2.4.1): the
// octets a pct-encoded triplet stands for, and their text when they are UTF-8 (RFC 6068 §2
// rule 5 and "Non-ASCII characters can be encoded according to UTF-8").

const encoder = new TextEncoder();

/** The octets of a string of characters and `%XX` triplets (each character below U+0080 an octet). */
export function percentOctets(text: string): Uint8Array {
  const out: number[] = [];
  for (let i = 0; i < text.length; i++) {
    if (text[i] === '%' && /^[0-9A-Fa-f]{2}$/.test(text.slice(i + 1, i + 3))) {
      out.push(Number.parseInt(text.slice(i + 1, i + 3), 16));
      i += 2;
    } else {
      for (const b of encoder.encode(text[i]!)) out.push(b);
    }
  }
  return Uint8Array.from(out);
}

const utf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

/** The decoded text, or null when the octets are not UTF-8. */
export function percentDecoded(text: string): string | null {
  try {
    return utf8.decode(percentOctets(text));
  } catch {
    return null;
  }
}
