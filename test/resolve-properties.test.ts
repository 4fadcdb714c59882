/**
 * Properties over generated references: random strings derived from each era's printed
 * grammar (test/oracle/, fixed seed), kept when urispec accepts them. For each era, the target
 * of every resolution is valid in that era; in RFC 3986, parse then §5.3 recomposition gives
 * the input back.
 */
import { describe, expect, it } from 'vitest';
import { isValid, parse, recompose, resolve } from '../src/index.js';
import { samples } from './oracle/derive.js';
import { loadPrinted } from './oracle/printed-grammars.js';

interface Era {
  spec: string;
  /** The rule references are drawn from, and the one bases are drawn from. */
  refRule: string;
  baseRule: string;
  /** The rule every target must match. */
  targetRule: string;
  /** The printed example base of the era's resolution table. */
  base: string;
}

const ERAS: Era[] = [
  { spec: 'rfc3986', refRule: 'URI-reference', baseRule: 'absolute-URI', targetRule: 'URI', base: 'http://a/b/c/d;p?q' },
  { spec: 'rfc2396-draft', refRule: 'URL-reference', baseRule: 'absoluteURL', targetRule: 'URL-reference', base: 'http://a/b/c/d;p?q' },
  { spec: 'rfc1808', refRule: 'URL', baseRule: 'absoluteURL', targetRule: 'URL', base: 'http://a/b/c/d;p?q#f' },
];

const SEED = 0x5eed5;

function valid(spec: string, rule: string, n: number, seed: number): string[] {
  return samples(loadPrinted(spec), rule, seed, n).filter((s) => isValid(s, { spec, rule }));
}

describe.each(ERAS)('$spec', (era) => {
  const refs = valid(era.spec, era.refRule, 3000, SEED);
  const bases = [era.base, ...valid(era.spec, era.baseRule, 60, SEED + 1)];

  it('draws thousands of valid references', () => {
    expect(refs.length).toBeGreaterThan(1000);
  });

  it('every target against the printed base is valid in the era, and absolute', () => {
    for (const ref of refs) {
      const r = resolve(era.base, ref, { spec: era.spec });
      expect(r.error, ref).toBeUndefined();
      expect(isValid(r.target!, { spec: era.spec, rule: era.targetRule }), `${ref} -> ${r.target}`).toBe(true);
      expect(r.target!, ref).toMatch(/^[A-Za-z0-9+.-]+:/);
    }
  });

  it('every target against generated bases is valid in the era (or the base is refused with a record)', () => {
    let resolved = 0;
    for (const base of bases) {
      for (const ref of refs.slice(0, 150)) {
        const r = resolve(base, ref, { spec: era.spec });
        if (r.error) {
          expect(r.error.which, `${base} ${ref}`).toBe('base');
          continue;
        }
        resolved++;
        expect(isValid(r.target!, { spec: era.spec, rule: era.targetRule }), `${base} + ${ref} -> ${r.target}`).toBe(true);
      }
    }
    expect(resolved).toBeGreaterThan(1000);
  });
});

describe('rfc3986: parse then §5.3 recomposition gives the input back', () => {
  it.each(['URI-reference', 'URI', 'relative-ref', 'absolute-URI'])('%s', (rule) => {
    const inputs = valid('rfc3986', rule, 1500, SEED + 2);
    expect(inputs.length).toBeGreaterThan(500);
    for (const input of inputs) {
      const p = parse(input, { rule });
      expect(p.valid, input).toBe(true);
      if (!p.valid) continue;
      const c = p.components;
      const back = recompose({
        scheme: c.scheme?.value,
        authority: c.authority?.value,
        path: c.path?.value ?? '',
        query: c.query?.value,
        fragment: c.fragment?.value,
      });
      expect(back).toBe(input);
      // The authority is its parts, each where the grammar put it.
      if (c.authority) {
        const a = (c.userinfo ? `${c.userinfo.value}@` : '') + c.host!.value + (c.port ? `:${c.port.value}` : '');
        expect(a, input).toBe(c.authority.value);
      }
    }
  });
});
