/**
 * Expand a start rule into one rule-free expression, so that it can become a regular
 * expression or a random derivation.
 *
 * The URI grammars are regular. The only recursion the older ones print is direct right
 * recursion (`xalphas = xalpha [ xalphas ]`, `hostname = ialpha [ "." hostname ]`), which is
 * rewritten: a rule whose alternatives are `a_i R` or `b_j` (R only at the very end) denotes
 * `( a_1 / ... )* ( b_1 / ... )`. Any other recursion is thrown as an error naming the cycle.
 */
import { type Grammar, type Node, EMPTY, lookupRule } from './ast.js';

export class RecursionError extends Error {
  constructor(cycle: string[]) {
    super(`grammar is recursive: ${cycle.join(' -> ')} (only direct right recursion can be rewritten)`);
    this.name = 'RecursionError';
  }
}

function mentions(node: Node, name: string, grammar: Grammar): boolean {
  switch (node.type) {
    case 'ref':
      return lookupRule(grammar, node.name)?.name === name;
    case 'alt':
    case 'seq':
      return node.items.some((n) => mentions(n, name, grammar));
    case 'rep':
      return mentions(node.item, name, grammar);
    default:
      return false;
  }
}

interface Branch {
  prefix: Node[];
  recursive: boolean;
}

/** Split `node` into branches `prefix R` / `prefix`, or null if R is not only in tail position. */
function tailBranches(node: Node, name: string, grammar: Grammar): Branch[] | null {
  if (!mentions(node, name, grammar)) return [{ prefix: [node], recursive: false }];
  switch (node.type) {
    case 'ref':
      return [{ prefix: [], recursive: true }];
    case 'alt': {
      const out: Branch[] = [];
      for (const item of node.items) {
        const b = tailBranches(item, name, grammar);
        if (!b) return null;
        out.push(...b);
      }
      return out;
    }
    case 'seq': {
      const head = node.items.slice(0, -1);
      const last = node.items[node.items.length - 1]!;
      if (head.some((n) => mentions(n, name, grammar))) return null;
      const b = tailBranches(last, name, grammar);
      return b?.map((x) => ({ prefix: [...head, ...x.prefix], recursive: x.recursive })) ?? null;
    }
    case 'rep': {
      if (node.min !== 0 || node.max !== 1) return null;
      const b = tailBranches(node.item, name, grammar);
      return b && [...b, { prefix: [], recursive: false }];
    }
    default:
      return null;
  }
}

function seq(items: Node[]): Node {
  return items.length === 1 ? items[0]! : { type: 'seq', items };
}

function altOf(items: Node[]): Node {
  return items.length === 1 ? items[0]! : { type: 'alt', items };
}

function rewriteRightRecursion(body: Node, name: string, grammar: Grammar): Node | null {
  const branches = tailBranches(body, name, grammar);
  if (!branches) return null;
  const loops = branches.filter((b) => b.recursive).map((b) => seq(b.prefix));
  const exits = branches.filter((b) => !b.recursive).map((b) => seq(b.prefix));
  if (exits.length === 0) return null; // R = a R only: the empty language, not a URI grammar
  const loop: Node = { type: 'rep', min: 0, max: null, item: altOf(loops) };
  return seq([loop, altOf(exits)].filter((n) => n !== EMPTY));
}

/**
 * A rule's definition with its direct right recursion rewritten as a repetition (as `expandRule`
 * reads it), its other references left in place: test/oracle/prefix.ts builds the automaton of
 * a rule with the rules open at each state from it.
 */
export function ruleBody(grammar: Grammar, refName: string): { name: string; body: Node } {
  const rule = lookupRule(grammar, refName);
  if (!rule) throw new Error(`rule ${refName} is not defined`);
  if (!mentions(rule.body, rule.name, grammar)) return rule;
  const rewritten = rewriteRightRecursion(rule.body, rule.name, grammar);
  if (!rewritten) throw new RecursionError([rule.name, rule.name]);
  return { name: rule.name, body: rewritten };
}

/**
 * The rule's language as one expression without references. `expand` memoises per rule,
 * so shared sub-rules are the same object (callers may cache on node identity).
 */
export function expandRule(grammar: Grammar, start: string): Node {
  const done = new Map<string, Node>();
  const stack: string[] = [];

  const visit = (node: Node): Node => {
    switch (node.type) {
      case 'ref':
        return expand(node.name);
      case 'alt':
      case 'seq':
        return { type: node.type, items: node.items.map(visit) };
      case 'rep':
        return { ...node, item: visit(node.item) };
      default:
        return node;
    }
  };

  const expand = (refName: string): Node => {
    const rule = lookupRule(grammar, refName);
    if (!rule) {
      throw new Error(`rule ${refName} is not defined${stack.length ? ` (used by ${stack[stack.length - 1]})` : ''}`);
    }
    const memo = done.get(rule.name);
    if (memo) return memo;
    if (stack.includes(rule.name)) {
      throw new RecursionError([...stack.slice(stack.indexOf(rule.name)), rule.name]);
    }
    let body = rule.body;
    if (mentions(body, rule.name, grammar)) {
      const rewritten = rewriteRightRecursion(body, rule.name, grammar);
      if (!rewritten) throw new RecursionError([rule.name, rule.name]);
      body = rewritten;
    }
    stack.push(rule.name);
    const expanded = visit(body);
    stack.pop();
    done.set(rule.name, expanded);
    return expanded;
  };

  return expand(start);
}
