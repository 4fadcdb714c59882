// Starting points for grammarDiff's witness search (src/grammar-diff.ts), beside each
// grammar's own per-rule examples: one or more strings for each feature whose syntax changed
// between 1994 and 2005, so that the one-character mutations around them reach every
// difference a learner should see. Validity is not assumed: the parsers decide.

/**
 * The teaching seeds, each short: the search mutates them one character at a time.
 *
 * @example
 * ```ts
 * import { TEACHING_SEEDS } from './grammar-diff-seeds.js';
 * TEACHING_SEEDS.includes('http://[::1]/'); // true: where IP literals differ
 * ```
 */
export const TEACHING_SEEDS: readonly string[] = [
  '',
  'a',
  '/',
  '//a',
  '//a/b',
  '?q',
  '#f',
  'g;x?y#s',
  ';x',
  '../g',
  'a:b',
  'g:h',
  'http:',
  'http:g',
  'http://a',
  'http://a/',
  'http://a/b/c/d;p?q#f',
  'http://a/b;p/c',
  'http://a/~u',
  'http://a/%41',
  'http://a:80/',
  'http://u:p@a/',
  'http://1.2.3.4/',
  'http://[::1]/',
  '//[::1]',
  '//u@a:80',
  'http://[v1.x]/',
  'http://a/?q/r',
  'http://a/#f?g',
  'ftp://a/b;type=d',
  'ftp://u:p@a:21/b',
  'mailto:a@b',
  'news:a.b',
  'news:<a@b>',
  'nntp://a/b/1',
  'telnet://a/',
  'gopher://a/1b',
  'wais://a/d?q',
  'file:///etc',
  'file://a/b',
  'prospero://a/b;c=d',
  'urn:a:b',
  'x-y+z.w:q',
  'HTTP://A/',
  // IRIs (RFC 3987): non-ASCII in every component, private use in the query, an astral character.
  'http://\u4f8b\u3048.jp/\u00fc?q=\u00e4#\u00e9',
  'http://a/?\ue000',
  '/\u{10000}',
  // Zone identifiers (RFC 6874), written as RFC 6874 says and as people write them.
  'http://[fe80::1%25eth0]/',
  'http://[fe80::1%eth0]/',
];
