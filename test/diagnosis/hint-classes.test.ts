// The character classes of the template rows (src/hints/template-rows.ts), tested by code instead of a
// RegExp (issue 17): each must be the RegExp it stands for, on every UTF-16 code unit, a
// character beyond the BMP, two characters, the empty string and null (the end of input).
import { describe, expect, it } from 'vitest';
import { TEMPLATE_CLASSES } from '../../src/hints/template-rows.js';

// RFC 6570 §2.3 (varchar = ALPHA / DIGIT / "_" / pct-encoded, with "." between varchars), §2.2
// (operators), §2.1 (the characters its comment excludes from literals, other than "{" and "}").
const REGEXPS: Record<keyof typeof TEMPLATE_CLASSES, RegExp> = {
  DIGIT: /^[0-9]$/,
  VARCHAR_OR_DOT: /^[A-Za-z0-9_.%]$/,
  OPERATOR: /^[+#./;?&=,!@|]$/,
  NOT_IN_LITERALS: /^[\u0000-\u0020\u007f"%<>\\^`|]$/,
  // §2.3 variable-list: what is written by mistake between two varspecs for ",", and a varname's first character.
  SEPARATOR: /^[ &;|+/]$/,
  VARNAME_START: /^[A-Za-z0-9_%]$/,
  EXPANDING_OPERATOR: /^[+#./;?&]$/,
};

describe('template hint classes', () => {
  it.each(Object.keys(REGEXPS) as Array<keyof typeof TEMPLATE_CLASSES>)('%s is its RegExp', (name) => {
    const test = TEMPLATE_CLASSES[name];
    const re = REGEXPS[name];
    const strings = [...Array.from({ length: 0x10000 }, (_, c) => String.fromCharCode(c)), '😀', 'ab', '0;', ''];
    let members = 0;
    for (const s of strings) {
      expect(test(s), JSON.stringify(s)).toBe(re.test(s));
      if (re.test(s)) members++;
    }
    expect(test(null)).toBe(false);
    expect(members).toBeGreaterThan(5);
  });
});
