// RFC 3987 §3.1, "Mapping of IRIs to URIs". The input is a JavaScript string, a sequence of UCS
// characters in a Unicode encoding: Step 1 variant c applies ("do not normalize ... Apply step 2
// directly to the encoded Unicode character sequence"). Step 2: "For each character in
// 'ucschar' or 'iprivate'", its UTF-8 octets as %HH triplets, "uppercase letters".
//
// The input must be an IRI reference of RFC 3987 §2.2 (validated first, by the rfc3987 era);
// one that is not gets the diagnosis of `validate` and no mapped string. In a valid IRI
// reference every non-ASCII character is a ucschar or an iprivate (every other terminal of §2.2
// is ASCII), so Step 2 encodes exactly the non-ASCII code points: ASCII, `%HH` triplets
// included, stays as it is ("The mapping is also an identity transformation for URIs and is
// idempotent").
//
// The host: by default Step 2 as for everything else ("r%C3%A9sum%C3%A9.example.org"). With
// `idna`, and only "for schemes known to use domain names in ireg-name" (./std3.ts lists
// them), the ireg-name is converted "using the ToASCII operation specified in section 4.1 of
// [RFC3490] on each dot-separated label ... with the flag UseSTD3ASCIIRules set to TRUE"
// ("http://xn--rsum-bpad.example.org"). The mapping here is not RFC 3490's: it is the WHATWG URL
// parser's host parsing (UTS #46 processing, the same code as Node's url.domainToASCII; the
// library carries no Unicode tables of its own), which maps where Nameprep would not and back
// (faß.de: xn--fa-hia.de here, fass.de by RFC 3490; ZWJ is refused here, mapped to nothing by
// Nameprep). RFC 3490's STD3 rules (step 3) and label length (step 8) need no tables and are
// applied exactly (./std3.ts). docs/decisions.md, rfc3987, "IDNA", lists the differences.

import type { ValidationError } from '../diagnose.js';
import { explain, type DerivationNode } from '../explain.js';
import { bidiWarnings, type BidiWarning } from './bidi.js';
import { eraWith, rowOf } from '../eras/table.js';
import { DOMAIN_NAME_SCHEMES, std3Failure } from './std3.js';

export interface ToUriOptions {
  /** The §2.2 rule the input must match: `IRI-reference` (default), `IRI`, `absolute-IRI`, ... */
  rule?: string;
  /**
   * Convert a non-ASCII ireg-name to ASCII (§3.1) instead of percent-encoding it, for a scheme
   * known to use domain names (`DOMAIN_NAME_SCHEMES`): UTS #46 mapping, then RFC 3490 §4.1's
   * STD3 rules and label length; not RFC 3490's Nameprep (docs/decisions.md).
   */
  idna?: boolean;
}

export interface ToUriResult {
  input: string;
  /** The §2.2 rule the input was read with. */
  rule: string;
  /** The URI, when the input is an IRI reference (and, with `idna`, its host converts). */
  uri?: string;
  /** Why there is no URI: the input is not valid under the rule (the record of `validate`). */
  error?: ValidationError;
  /** With `idna`: the host ToASCII refused (§3.1: "this would mean that the IRI cannot be resolved"). */
  idnaError?: string;
  /** RFC 3987 §4 (bidirectional IRIs): advice, never a reason to refuse. */
  warnings: BidiWarning[];
}

/** UTS #46 ToASCII through the environment's URL; null where it refuses the name. */
function domainToASCII(name: string): string | null {
  // Characters that would end or change the host in a URL are no part of a domain name.
  if (/[/?#@:[\]\\%\s]/.test(name)) return null;
  try {
    return new URL(`http://${name}/`).hostname;
  } catch {
    return null;
  }
}

const UTF8 = new TextEncoder();

/** Step 2.1 to 2.3 for every non-ASCII code point: UTF-8 octets as upper-case %HH triplets. */
export function percentEncodeNonAscii(s: string): string {
  let out = '';
  for (const ch of s) {
    if (ch.charCodeAt(0) < 0x80) {
      out += ch;
      continue;
    }
    for (const byte of UTF8.encode(ch)) out += `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return out;
}

function findNode(node: DerivationNode, rule: string): DerivationNode | null {
  if (node.rule === rule) return node;
  for (const c of node.children) {
    const f = findNode(c, rule);
    if (f) return f;
  }
  return null;
}

/**
 * Maps an IRI reference to a URI reference by RFC 3987 §3.1.
 *
 * @throws {UsageError} for an unknown rule; never for any input string.
 * @example
 * ```ts
 * import { toURI } from 'urispec';
 * toURI('http://例え.jp/ü?q=ä#é').uri;
 * // 'http://%E4%BE%8B%E3%81%88.jp/%C3%BC?q=%C3%A4#%C3%A9'
 * toURI('http://résumé.example.org', { idna: true }).uri; // 'http://xn--rsum-bpad.example.org'
 * toURI('http://a b').error?.offset;                      // 8
 * ```
 */
export function toURI(iri: string, options: ToUriOptions = {}): ToUriResult {
  const x = explain(iri, { spec: eraWith('iri'), rule: options.rule ?? rowOf(eraWith('iri'))!.iri!.rule });
  if (!x.valid || !x.tree) return { input: iri, rule: x.rule, error: x.error!, warnings: [] };
  const warnings = bidiWarnings(iri, x.tree);
  // §3.1: "for schemes known to use domain names in ireg-name"; a relative reference has no scheme.
  const scheme = findNode(x.tree, 'scheme');
  const known = scheme !== null && DOMAIN_NAME_SCHEMES.includes(iri.slice(scheme.start, scheme.end).toLowerCase());
  const host = options.idna && known ? findNode(x.tree, 'ireg-name') : null;
  if (!host || !/[^\x00-\x7f]/.test(iri.slice(host.start, host.end))) {
    return { input: iri, rule: x.rule, uri: percentEncodeNonAscii(iri), warnings };
  }
  // ToASCII works on characters: an ireg-name's %HH triplets are its UTF-8 (RFC 3986 §3.2.2).
  const name = iri.slice(host.start, host.end);
  let decoded: string;
  try {
    decoded = decodeURIComponent(name);
  } catch {
    return { input: iri, rule: x.rule, idnaError: `the host "${name}" holds %-encoded octets that are not UTF-8, so ToASCII cannot read it`, warnings };
  }
  const ascii = domainToASCII(decoded);
  if (ascii === null || ascii === '') {
    return { input: iri, rule: x.rule, idnaError: `UTS #46 processing (the URL parser's, not RFC 3490's Nameprep) refuses the host "${name}" (RFC 3987 §3.1: "this would mean that the IRI cannot be resolved")`, warnings };
  }
  const std3 = std3Failure(decoded, ascii);
  if (std3 !== null) {
    return { input: iri, rule: x.rule, idnaError: `ToASCII refuses the host "${name}": ${std3} (RFC 3987 §3.1: "this would mean that the IRI cannot be resolved")`, warnings };
  }
  const uri = percentEncodeNonAscii(iri.slice(0, host.start)) + ascii + percentEncodeNonAscii(iri.slice(host.end));
  return { input: iri, rule: x.rule, uri, warnings };
}
