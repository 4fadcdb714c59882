// RFC 2045 §6.8, the Base64 Content-Transfer-Encoding, as a data URL's ";base64" data is read
// (RFC 2397 §2: "The appearance of ";base64" means that the data is encoded as base64").

const ALPHABET = /^[A-Za-z0-9+/]$/;

/**
 * The number of octets that base64 text stands for, or null when it is no base64 encoding.
 * RFC 2045 §6.8: "Any characters outside of the base64 alphabet are to be ignored in
 * base64-encoded data", so only the alphabet and "=" count; "A full encoding quantum is always
 * completed at the end of a body", so they come in groups of four, and "=" pads only the last
 * group ("xx==" or "xxx=").
 */
export function base64Length(octets: Uint8Array): number | null {
  let chars = 0;
  let pad = 0;
  for (const b of octets) {
    const c = String.fromCharCode(b);
    if (c === '=') pad++;
    else if (!ALPHABET.test(c)) continue;
    else if (pad > 0) return null;
    else chars++;
  }
  const total = chars + pad;
  if (total % 4 !== 0 || pad > 2) return null;
  return (total / 4) * 3 - pad;
}
