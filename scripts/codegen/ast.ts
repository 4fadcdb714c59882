// The grammar AST as the recognizer code generator reads it: Peggy's own node types (peggy.ast),
// as Peggy's parser builds them and its check and transform passes leave them. The generator
// reads; it changes nothing (the traced build's literal splitting is its own Peggy pass:
// scripts/split-literals.ts).

import type peggy from 'peggy';

export type Rule = peggy.ast.Rule;
/** A rule's expression or any node below it (Peggy's `named` only stands at a rule's top). */
export type Node = peggy.ast.Expression | peggy.ast.Named;
export type ClassNode = peggy.ast.CharacterClass;
export type Boundary = peggy.ast.RepeatedBoundary;

/** Thrown for a grammar feature the recognizer cannot evaluate; reported as a grammar error. */
export class Unsupported extends Error {
  constructor(
    message: string,
    readonly node: Node,
  ) {
    super(message);
  }
}

/** The node without the wrappers that change nothing a recognizer sees (groups, labels, ...). */
export function unwrap(n: Node): Node {
  while (n.type === 'group' || n.type === 'labeled' || n.type === 'text' || n.type === 'named') n = n.expression;
  return n;
}

/**
 * Whether the node can match nothing at all: `!""`, or a sequence holding it, which is how a
 * grammar writes a part that is there for the diagnosis only (docs/grammar-conventions.md,
 * "Alternatives for the diagnosis only"). A recognizer that reports nothing skips it.
 */
export function neverMatches(node: Node): boolean {
  const n = unwrap(node);
  if (n.type === 'sequence') return n.elements.some(neverMatches);
  if (n.type !== 'simple_not') return false;
  const inner = unwrap(n.expression);
  return inner.type === 'literal' && inner.value === '';
}

/** Why the recognizers cannot evaluate a node: an action, a semantic predicate, or a new kind. */
export function unsupported(node: Node): Unsupported {
  switch (node.type) {
    case 'action':
      return new Unsupported('an action (the grammars only recognise: docs/grammar-conventions.md)', node);
    case 'semantic_and':
    case 'semantic_not':
      return new Unsupported('a semantic predicate (its code cannot run without Peggy)', node);
    default:
      return new Unsupported(`a "${node.type}" expression`, node);
  }
}

/**
 * A repetition's counts (`x|2..5|`, `x|3|`, `x|2..|`, `x|..5|`, with a delimiter or not): `max`
 * null when unbounded. The recognizers take constant counts only; a count from a label or a
 * code block is known only as Peggy's parser runs.
 */
export function repetitionCounts(node: Node & { type: 'repeated' }): { min: number; max: number | null } {
  const count = (x: Boundary | null | undefined, what: string): number | null => {
    if (!x) return null;
    if (x.type !== 'constant') throw new Unsupported(`a ${what} repetition count that is not a constant`, node);
    return x.value ?? null;
  };
  const max = count(node.max, 'maximum');
  const min = node.min ? count(node.min, 'minimum')! : max!;
  if (max === 0) throw new Unsupported('a repetition with a maximum of 0', node);
  return { min, max };
}

/** The rules of one grammar, by Peggy id. */
export class Grammar {
  private readonly byName = new Map<string, Rule>();

  constructor(
    readonly rules: readonly Rule[],
    /** The grammar file, for messages. */
    readonly file: string,
    /** Where each rule is written (`grammar/rfc3986.peggy:120`), when the text was composed. */
    private readonly origins: ReadonlyMap<string, string> | null = null,
  ) {
    for (const r of rules) this.byName.set(r.name, r);
  }

  /** The grammar file and line where a rule is written, for the generated code's reader. */
  originOf(r: Rule): string {
    return this.origins?.get(r.name) ?? `${this.file}:${r.location.start.line}`;
  }

  rule(name: string): Rule {
    const r = this.byName.get(name);
    if (!r) throw new Error(`${this.file}: undefined rule ${name}`);
    return r;
  }
}
