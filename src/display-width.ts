// How many terminal columns a character takes, so that a caret can sit under the right one:
// 2 for East Asian Wide and Fullwidth characters (Unicode Standard Annex #11), 0 for combining
// marks (they draw over the character before them), 1 otherwise.

/**
 * The East Asian Wide (W) and Fullwidth (F) code points of EastAsianWidth-15.0.0.txt, as merged
 * [first, last] pairs, written compactly (the page loads this module): base-36 numbers, each
 * pair as the gap from the previous pair's last code point and the pair's length minus one.
 * test/display-width.test.ts reads the Unicode file again and compares.
 */
const WIDE_CODED =
  '3cw 2n 3i3 1 e 1 5b 3 4 0 3 0 ei 1 m 1 1f b 18 0 k 0 e 0 9 1 i 1 6 1 9 0 6 0 m 0 8 1 2 0 5 0 3 0 8 0 5 1 t 0 10 0 2 0 5 2 2 0 1q 2 p 0 f 0 nw 1 1g 0 5 0 mj p 2 2g d 5x r b 5 1q 3 2d 3 2u 6 16 2 2l 2 2b d 1a 2 13 9 5f3 1t h3g 4 1i wq s hw 8mb 6l9 e7 lt 9 n y 2 i 2 3 46 2n 3k 6 m4a 4 c 1 f 4qf 9 yd 17 8 6w8 3 2 6 2 1 2 82 g 0 u 2 3 0 f 3 9 az c21 0 5n 0 5b 0 3 9 2u 2 e 17 5 8 8 1 f 5 4b w d 8 2 1x 2 l d 16 5 4 d g 4 0 4 1y 2 0 2 56 3 1q e 3 2 n j 0 r 1 e 0 2f 2c 1d 1x 7 0 4 2 3 2 5 3 c 1 8 8 6c b 5 0 7w 1a 2 9 2 54 35 c 4 8 8 19 2 6 9 d 5 8 8 8 zs 1ekd 3 1ekd';

const WIDE: number[] = [];
{
  let last = 0;
  const parts = WIDE_CODED.split(' ');
  for (let i = 0; i < parts.length; i += 2) {
    const first = last + parseInt(parts[i]!, 36);
    last = first + parseInt(parts[i + 1]!, 36);
    WIDE.push(first, last);
  }
}

function isWide(cp: number): boolean {
  // Binary search over the pairs.
  let lo = 0;
  let hi = WIDE.length / 2 - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (cp < WIDE[2 * mid]!) hi = mid - 1;
    else if (cp > WIDE[2 * mid + 1]!) lo = mid + 1;
    else return true;
  }
  return false;
}

const COMBINING = /^[\p{Mn}\p{Me}]$/u;

/**
 * Conjoining Hangul jamo vowels and final consonants (U+1160..U+11FF, U+D7B0..U+D7FF): UAX #11
 * calls them N, but after an initial consonant (U+1100..U+115F, W) they are drawn into the one
 * two-column syllable block the initial began (Unicode §3.12, decomposed "한" is U+1112 U+1161
 * U+11AB), so a terminal gives them no column of their own, as glibc's wcwidth does (0).
 */
function isTrailingJamo(cp: number): boolean {
  return (cp >= 0x1160 && cp <= 0x11ff) || (cp >= 0xd7b0 && cp <= 0xd7ff);
}

/** The columns `ch` (one code point) takes in a terminal. */
export function columnsOf(ch: string): number {
  const cp = ch.codePointAt(0)!;
  if (cp < 0x300) return 1;
  if (COMBINING.test(ch)) return 0;
  if (isTrailingJamo(cp)) return 0;
  return isWide(cp) ? 2 : 1;
}

/** The wide ranges, for the test that compares them with the Unicode data file. */
export const WIDE_RANGES: readonly number[] = WIDE;
