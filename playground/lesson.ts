// Which node of explain()'s derivation tree a rule's lesson is about: pure functions shared by
// the page and test/playground-trace.test.ts.

import type { DerivationNode, Explanation, ValidationError } from '../src/index.js';

/** The nodes from the root down to the failing rule, following the error's rulePath. */
export function failingPath(tree: DerivationNode | null, error: ValidationError | undefined): DerivationNode[] {
  if (!tree || !error || tree.rule !== error.rulePath[0]) return [];
  const path = [tree];
  for (const name of error.rulePath.slice(1)) {
    // The tree keeps no abandoned attempt, so the failing path is the last child of each name.
    const next = [...path[path.length - 1]!.children].reverse().find((c) => c.rule === name);
    if (!next) break;
    path.push(next);
  }
  return path;
}

/** Every node of `rule`, in preorder. */
export function nodesOf(tree: DerivationNode | null, rule: string): DerivationNode[] {
  const out: DerivationNode[] = [];
  const visit = (n: DerivationNode) => {
    if (n.rule === rule) out.push(n);
    n.children.forEach(visit);
  };
  if (tree) visit(tree);
  return out;
}

export interface LessonNode {
  /** The rule's node: the one at `at` when asked for, else the one on the failing path, else its first. */
  node: DerivationNode | null;
  /** Where the rule was tried: its node's start; for a failing rule that matched nothing, the failing offset; null when it takes no part. */
  start: number | null;
  /** The rule is the one the error record names. */
  failing: boolean;
}

export function lessonNode(x: Explanation, rule: string, at: number | null): LessonNode {
  const path = failingPath(x.tree, x.error);
  const nodes = nodesOf(x.tree, rule);
  const node =
    (at !== null ? nodes.find((n) => n.start === at) : undefined) ??
    [...path].reverse().find((n) => n.rule === rule) ??
    nodes[0] ??
    null;
  const failing = x.error?.rule === rule;
  const start = node ? node.start : failing ? x.error!.offset : rule === x.rule ? 0 : null;
  return { node, start, failing };
}
