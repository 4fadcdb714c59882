import { describe, expect, it } from 'vitest';
import { compare, specs, UsageError } from '../src/index.js';

const ids = specs().map((s) => s.id);

describe('compare', () => {
  it('gives every era, newest first, each with its default start rule', () => {
    const c = compare('http://a/b');
    expect(c.input).toBe('http://a/b');
    expect(c.results.map((r) => r.spec)).toEqual(ids);
    expect(c.results.map((r) => r.rule)).toEqual(specs().map((s) => s.defaultRule));
  });

  // Issue 4's example: "~" is `national` in RFC 1738 §5 and RFC 1808 §2.2, unreserved later.
  const tilde: Record<string, boolean> = { rfc3986: true, 'rfc2396-draft': true, rfc1808: false, rfc1738: false };
  it.each(Object.entries(tilde).filter(([id]) => ids.includes(id)))('http://a/~u in %s is valid: %s', (spec, valid) => {
    const r = compare('http://a/~u').results.find((x) => x.spec === spec)!;
    expect(r.valid).toBe(valid);
    if (!valid) {
      expect(r.error!.offset).toBe(9);
      expect(r.error!.found).toBe('~');
    }
  });

  it('keeps the order of the eras it is given', () => {
    const chosen = [...ids].reverse();
    expect(compare('x', { specs: chosen }).results.map((r) => r.spec)).toEqual(chosen);
  });

  it('refuses an unknown era before validating anything', () => {
    expect(() => compare('x', { specs: ['rfc3986', 'rfc0000'] })).toThrow(UsageError);
  });
});
