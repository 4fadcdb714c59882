/**
 * RFC 3987 §5.3, normalization and comparison of IRIs, from its own examples: what it shares
 * with RFC 3986 §6 and the two points where it differs (a non-ASCII host keeps its case; no
 * character normalization), and equivalence through the §3.1 mapping (§5.3.2.3).
 */
import { describe, expect, it } from 'vitest';
import { equivalent, normalize } from '../src/index.js';

const iri = { spec: 'rfc3987' as const };

describe('RFC 3987 §5.3', () => {
  it('holds the two IRIs of §5.3.2 equivalent', () => {
    // example://a/b/c/%7Bfoo%7D/ros&#xE9;  and  eXAMPLE://a/./b/../b/%63/%7bfoo%7d/ros%C3%A9
    expect(equivalent('example://a/b/c/%7Bfoo%7D/ros\u00e9', 'eXAMPLE://a/./b/../b/%63/%7bfoo%7d/ros%C3%A9', iri)).toBe(true);
    // As URIs (RFC 3986), é is no character of a URI at all.
    expect(equivalent('example://a/b/c/%7Bfoo%7D/ros\u00e9', 'eXAMPLE://a/./b/../b/%63/%7bfoo%7d/ros%C3%A9')).toBe(false);
  });

  it('lower-cases the scheme and a US-ASCII only host, upper-cases triplets (§5.3.2.1)', () => {
    expect(normalize('HTTP://www.EXAMPLE.com/%3a', iri).normalized).toBe('http://www.example.com/%3A');
    // "Case equivalence for non-ASCII characters in IRI components that are IDNs" is §5.3.3's: not done here.
    expect(normalize('HTTP://\u00c9XAMPLE.com/', iri).normalized).toBe('http://\u00c9XAMPLE.com/');
    expect(normalize('HTTP://\u00c9XAMPLE.com/', { spec: 'rfc3986' }).error?.offset).toBe(7);
  });

  it('applies no character normalization (§5.3.2.2): NFC and NFD forms stay different', () => {
    const nfc = 'http://www.example.org/r\u00e9sum\u00e9.html';
    const nfd = 'http://www.example.org/re\u0301sume\u0301.html';
    expect(normalize(nfd, iri).normalized).toBe(nfd);
    expect(equivalent(nfc, nfd, iri)).toBe(false);
  });

  it('decodes percent-encoded unreserved characters only (§5.3.2.3), and removes dot-segments (§5.3.2.4)', () => {
    expect(normalize('http://example.org/%7euser/./a/../%C3%A9', iri).normalized).toBe('http://example.org/~user/%C3%A9');
  });

  it('gives the four http IRIs of §5.3.3 one normal form, and keeps "?" and "#"', () => {
    const forms = ['http://example.com', 'http://example.com/', 'http://example.com:/', 'http://example.com:80/'].map((s) => normalize(s, iri).normalized);
    expect(new Set(forms)).toEqual(new Set(['http://example.com/']));
    expect(equivalent('http://example.com/?', 'http://example.com/', iri)).toBe(false);
    expect(equivalent('http://example.com/#', 'http://example.com/', iri)).toBe(false);
  });

  it('gives an input that is no IRI reference the diagnosis, and refuses other specs', () => {
    expect(normalize('http://a/\ue000', iri).error?.rule).toBe('isegment');
    expect(() => normalize('x', { spec: 'rfc6874' as 'rfc3986' })).toThrow(/RFC 3987 §5.3/);
  });
});
