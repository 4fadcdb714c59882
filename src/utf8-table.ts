// UTF-8's well-formed byte sequences (Unicode Standard, Table 3-7; RFC 3629 §4), as tables: the
// lead byte fixes the sequence's length and the range its second byte must be in (every later
// byte is 80..BF). Read by the percent-decoding of the scheme profiles (src/schemes/percent.ts)
// and by the CLI's decoding of input lines (src/cli/lines.ts), so that both hold the same table.

/** The length of the sequence each lead byte begins: 1 for ASCII, 0 for no well-formed sequence. */
export const UTF8_LENGTH = new Uint8Array(256);
/** The lowest and highest second byte after each lead byte of a sequence of two or more. */
export const UTF8_SECOND_LOW = new Uint8Array(256);
export const UTF8_SECOND_HIGH = new Uint8Array(256);

UTF8_LENGTH.fill(1, 0x00, 0x80);
UTF8_LENGTH.fill(2, 0xc2, 0xe0);
UTF8_LENGTH.fill(3, 0xe0, 0xf0);
UTF8_LENGTH.fill(4, 0xf0, 0xf5);
UTF8_SECOND_LOW.fill(0x80, 0xc2, 0xf5);
UTF8_SECOND_HIGH.fill(0xbf, 0xc2, 0xf5);
UTF8_SECOND_LOW[0xe0] = 0xa0; // no overlong three-byte form
UTF8_SECOND_HIGH[0xed] = 0x9f; // no surrogate
UTF8_SECOND_LOW[0xf0] = 0x90; // no overlong four-byte form
UTF8_SECOND_HIGH[0xf4] = 0x8f; // nothing past U+10FFFF
