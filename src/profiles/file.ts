// RFC 8089 §2 to §4: what the text of the 'file' URI scheme says in prose about the strings
// `file-URI` accepts. Its only MUST is on "transport-related handling" (retain the case), not on
// the URI; §4's SHOULD on the encoding of names is a warning. The interface is ./profile.ts's;
// the decisions are in docs/decisions.md ("rfc8089").

import { percentDecoded, percentUtf8 } from '../schemes/percent.js';
import { noFragmentHint } from './fragment-hint.js';
import type { SchemeProse } from './profile.js';

/**
 * Where the path of a file URI begins: after "file:" for a local-path, after the authority for
 * "//" auth-path (RFC 3986's host holds no "/"); Appendix E's forms read the same way.
 */
export function filePathStart(input: string): number {
  const start = 'file:'.length;
  if (!input.startsWith('//', start)) return start;
  const slash = input.indexOf('/', start + 2);
  return slash < 0 ? input.length : slash;
}

export const FILE_PROSE: SchemeProse = {
  document: 'RFC 8089',
  rules: { file: 'file-URI' },
  // A "#" after the path has begun follows a whole file-URI (path-absolute ends after any of its
  // characters): the reference's fragment. Before the path ("file://h#f") it is the host's.
  hint(startRule, input, e) {
    if (e.found !== '#' || startRule !== FILE_PROSE.rules.file) return undefined;
    const start = filePathStart(input);
    if (e.offset <= start || input[start] !== '/') return undefined;
    return noFragmentHint(startRule, 'RFC 3986 §3.5: "Fragment identifier semantics are independent of the URI scheme and thus cannot be redefined by scheme specifications"', true);
  },
  check(input, rule, warnings = true) {
    if (!warnings) return []; // the prose holds warnings only
    const start = filePathStart(input);
    // §4: "When a file URI is produced that represents textual data consisting of characters
    // from the Unicode Standard coded character set [UNICODE], the data SHOULD be encoded as
    // octets according to the UTF-8 character encoding scheme [STD63] before percent-encoding
    // is applied"; "A decision not to use percent-encoded UTF-8 is outside the scope of this
    // specification": a warning, not a refusal. Checked in place, on every accepted line: no
    // decoded copy (issue 17).
    if (percentUtf8(input, start)) return [];
    return [{
      level: 'warning',
      section: 'RFC 8089 §4',
      rule: 'path-absolute',
      rulePath: [rule, 'file-hier-part', 'path-absolute'],
      offset: start,
      holds: 'RFC 3986 §3.3 pct-encoded',
      says: 'the percent-encoded octets of the path are not UTF-8: a file name of Unicode characters SHOULD be encoded as UTF-8 before percent-encoding',
    }];
  },
  // §2: "The path component represents the absolute path to the file in the file system"; §4:
  // its names are UTF-8 before percent-encoding, so the path decoded (null: not UTF-8).
  components(input) {
    const start = filePathStart(input);
    const value = input.slice(start);
    return { path: { value, start, end: input.length, rule: 'path-absolute', decoded: percentDecoded(value) } };
  },
};
