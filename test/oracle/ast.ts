/**
 * The AST shared by the oracle's modules: the language of a printed grammar rule, nothing
 * about how it was written. Both notations (ABNF, RFC 822 BNF) parse into it.
 */

export type Node =
  | { type: 'alt'; items: Node[] }
  | { type: 'seq'; items: Node[] }
  /** `max: null` is unbounded. `[ x ]` is `{min: 0, max: 1}`. */
  | { type: 'rep'; min: number; max: number | null; item: Node }
  /** A quoted string; `caseInsensitive` per the notation (RFC 2234 §2.3 vs the project's RFC 822 reading). */
  | { type: 'lit'; text: string; caseInsensitive: boolean }
  /** Inclusive code point range from `%xHH-HH` (RFC 2234 §3.4); a single `%xHH` has lo === hi. */
  | { type: 'range'; lo: number; hi: number }
  | { type: 'ref'; name: string };

export type Notation = 'abnf' | 'rfc822';

export interface Rule {
  name: string;
  body: Node;
}

export interface Grammar {
  notation: Notation;
  /** Rules in printed order, keyed by the name as printed. */
  rules: Map<string, Rule>;
  /**
   * Rules a reading of the printed text adds under keys of their own, each named as the printed
   * rule it reads in one place (RFC 2141's <trans> without "%" inside <URN chars>): found by
   * lookupRule, not printed rules themselves.
   */
  readings?: Map<string, Rule>;
}

/**
 * RFC 2234 §2.1: ABNF rule names are case-insensitive. The RFC 822 style grammars of the URL
 * RFCs never rely on case to tell rules apart, so there the name must match exactly.
 */
export function lookupRule(grammar: Grammar, name: string): Rule | undefined {
  const exact = grammar.rules.get(name) ?? grammar.readings?.get(name);
  if (exact || grammar.notation !== 'abnf') return exact;
  const lower = name.toLowerCase();
  for (const rule of grammar.rules.values()) {
    if (rule.name.toLowerCase() === lower) return rule;
  }
  return undefined;
}

export const EMPTY: Node = { type: 'seq', items: [] };

export function lit(text: string, caseInsensitive = false): Node {
  return { type: 'lit', text, caseInsensitive };
}

export function range(lo: number, hi: number = lo): Node {
  return { type: 'range', lo, hi };
}

export function alt(...items: Node[]): Node {
  return items.length === 1 ? items[0]! : { type: 'alt', items };
}

/**
 * The rules a printed rule's definition refers to (directly), by name in any case: RFC 2732
 * prints `IPv6reference` in host for the rule it defines as `ipv6reference`, one rule
 * (docs/decisions.md), which test/oracle/recursion.ts's exact lookup of an RFC 822 grammar
 * would not find.
 */
export function referencesOf(node: Node, out = new Set<string>()): Set<string> {
  if (node.type === 'ref') out.add(node.name.toLowerCase());
  else if (node.type === 'alt' || node.type === 'seq') for (const item of node.items) referencesOf(item, out);
  else if (node.type === 'rep') referencesOf(node.item, out);
  return out;
}
