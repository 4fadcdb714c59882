// Analysis: which rules an era built on another (`// @extends rfc3986`, scripts/compose-grammar.ts)
// has from its base unchanged, so that its fast recognizer imports their functions from the
// base's (generated/rfc3986.fast.js) and its data modules hold the base's entries of them
// (scripts/inherited-data.ts) instead of repeating them. A rule is unchanged when the base
// defines it node for node the same (Peggy's AST, after its transforms for the recognizers, as
// parsed for the data; locations aside) and every rule it refers to is unchanged too: a base rule
// that reaches a rule the extending era defines again (RFC 6874's IP-literal, reached from RFC
// 3986's host, authority, URI, ...) is the extending era's own, although its text is the base's.
// Every analysis the fast emitter reads (sets, nullability, first sets, PEG exactness) depends
// only on a rule and the rules it reaches, so the base's function of an unchanged rule is the one
// this grammar would get.

import type { Node, Rule } from './ast.js';

/** A node's AST as text, without the source locations (which differ between the two files). */
function shape(node: Node): string {
  return JSON.stringify(node, (key, value: unknown) => (key === 'location' || key.endsWith('Location') ? undefined : value));
}

/** The rules a node refers to. */
function references(node: unknown, into: Set<string> = new Set()): Set<string> {
  if (Array.isArray(node)) for (const x of node) references(x, into);
  else if (node !== null && typeof node === 'object') {
    const n = node as { type?: unknown; name?: unknown };
    if (n.type === 'rule_ref' && typeof n.name === 'string') into.add(n.name);
    for (const [key, value] of Object.entries(node)) if (key !== 'location' && !key.endsWith('Location')) references(value, into);
  }
  return into;
}

/** The rules of `rules` that `base` defines the same, reaching only rules defined the same. */
export function inheritedRules(rules: readonly Rule[], base: readonly Rule[]): Set<string> {
  const baseShape = new Map(base.map((r) => [r.name, shape(r.expression)]));
  const same = new Set(rules.filter((r) => baseShape.get(r.name) === shape(r.expression)).map((r) => r.name));
  const refs = new Map(rules.map((r) => [r.name, references(r.expression)]));
  // The largest set closed under reference: drop a rule that reaches one not in it, until none does.
  for (let dropped = true; dropped; ) {
    dropped = false;
    for (const name of same) {
      if ([...refs.get(name)!].some((ref) => !same.has(ref))) {
        same.delete(name);
        dropped = true;
      }
    }
  }
  return same;
}
