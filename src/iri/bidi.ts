// RFC 3987 §4.2: bidirectional IRIs. Reported as warnings: its restrictions are SHOULDs ("given
// as shoulds, rather than as musts"); `to-uri` and `toURI()` list them beside the mapped URI.
// §4.1's ban on bidi formatting characters is a MUST NOT: `validate` refuses them after the
// grammar (src/profiles/iri.ts), so an IRI here holds none.

import type { DerivationNode } from '../explain.js';

/**
 * "The following syntax rules from section 2.2 correspond to components for the purpose of
 * Bidi behavior: iuserinfo, ireg-name, isegment, isegment-nz, isegment-nz-nc, ireg-name, iquery,
 * and ifragment" (§4.2).
 */
export const BIDI_COMPONENTS: readonly string[] = ['iuserinfo', 'ireg-name', 'isegment', 'isegment-nz', 'isegment-nz-nc', 'iquery', 'ifragment'];

/**
 * Strong right-to-left characters, approximated: the letters of the scripts written right to
 * left. §4.2's "right-to-left characters" are Bidi_Class R and AL, which JavaScript's property
 * escapes do not reach; this reading misses some (U+05BE maqaf, not a letter; U+10980, Meroitic
 * not listed) and takes U+0640 tatweel (AL, Script Common) as left-to-right. The limitation is
 * stated in docs/decisions.md ("rfc3987", Bidi).
 */
const RTL_SCRIPTS = [
  'Adlam', 'Arabic', 'Avestan', 'Chorasmian', 'Cypriot', 'Elymaic', 'Hanifi_Rohingya', 'Hatran', 'Hebrew',
  'Imperial_Aramaic', 'Inscriptional_Pahlavi', 'Inscriptional_Parthian', 'Kharoshthi', 'Lydian', 'Mandaic',
  'Manichaean', 'Mende_Kikakui', 'Nabataean', 'Nko', 'Old_Hungarian', 'Old_North_Arabian', 'Old_Sogdian',
  'Old_South_Arabian', 'Old_Turkic', 'Palmyrene', 'Phoenician', 'Psalter_Pahlavi', 'Samaritan', 'Sogdian',
  'Syriac', 'Thaana', 'Yezidi',
];
const RTL = new RegExp(`^(?=\\p{L})[${RTL_SCRIPTS.map((s) => `\\p{Script=${s}}`).join('')}]$`, 'u');
/** Strong left-to-right characters: every other letter (Bidi_Class L, read the same way). */
const LETTER = /^\p{L}$/u;

type Direction = 'rtl' | 'ltr' | 'weak';

function direction(ch: string): Direction {
  if (!LETTER.test(ch)) return 'weak';
  return RTL.test(ch) ? 'rtl' : 'ltr';
}

export interface BidiWarning {
  /** `mixed` (§4.2 restriction 1) or `ends` (§4.2 restriction 2). */
  kind: 'mixed' | 'ends';
  /** The component's rule (§4.2's list). */
  rule: string;
  start: number;
  end: number;
  message: string;
}

/**
 * The bidi warnings of an IRI whose derivation tree (explain) is `tree`: each §4.2 component that
 * mixes directions or holds right-to-left characters without starting and ending with one.
 */
export function bidiWarnings(input: string, tree: DerivationNode): BidiWarning[] {
  const out: BidiWarning[] = [];
  const check = (rule: string, text: string, start: number): void => {
    if (text === '') return;
    const dirs = [...text].map(direction);
    if (!dirs.includes('rtl')) return;
    const end = start + text.length;
    const where = `${rule} "${text}" (offset ${start})`;
    if (dirs.includes('ltr')) {
      out.push({ kind: 'mixed', rule, start, end, message: `RFC 3987 §4.2: a component SHOULD NOT use both right-to-left and left-to-right characters: ${where}` });
    }
    if (dirs[0] !== 'rtl' || dirs[dirs.length - 1] !== 'rtl') {
      out.push({ kind: 'ends', rule, start, end, message: `RFC 3987 §4.2: a component using right-to-left characters SHOULD start and end with right-to-left characters: ${where}` });
    }
  };
  const visit = (node: DerivationNode): void => {
    // The outermost component node counts (isegment-nz inside ipath-rootless, not its ipchars).
    if (BIDI_COMPONENTS.includes(node.rule)) {
      // An ireg-name's components are its dot-separated labels: §4.2 "the restrictions of
      // [RFC3490] on bidirectional domain names correspond to treating each label of a domain
      // name as a component", and §4.4 Example 1 ("http://ab.CDEFGH.ij/...") is a legal IRI.
      let start = node.start;
      const parts = node.rule === 'ireg-name' ? input.slice(node.start, node.end).split('.') : [input.slice(node.start, node.end)];
      for (const text of parts) {
        check(node.rule, text, start);
        start += text.length + 1;
      }
      return;
    }
    for (const child of node.children) visit(child);
  };
  visit(tree);
  return out;
}
