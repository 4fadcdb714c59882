/**
 * Random strings for the property tests: `derive` walks a printed rule and produces a member
 * of its language; `mutate` makes near misses (most fall outside it, some stay inside); the
 * oracle regex decides which is which, so neither needs to be right about validity.
 */
import { type Grammar, type Node, lookupRule } from './ast.js';
import { type Rng, mulberry32 } from './prng.js';
import { expandRule } from './recursion.js';

export interface DeriveOptions {
  /** Most repetitions beyond a repetition's minimum (default 4). `n*m` bounds always hold. */
  maxRepeat?: number;
  /** Nesting of repetitions beyond which each takes its minimum count (default 6). */
  maxDepth?: number;
}

/** Characters a URI parser must also be shown that no URI grammar allows, or only in places. */
export const OUTSIDERS = [' ', '%', '[', ']', '#', '?', '/', ':', '@', '\u00e9', '\u0000'];

/** Oracle inputs stay short: the regexes backtrack (see regex.ts). */
export const MAX_SAMPLE_LENGTH = 200;

const expanded = new WeakMap<Grammar, Map<string, Node>>();

function expansion(grammar: Grammar, rule: string): Node {
  const name = lookupRule(grammar, rule)?.name ?? rule;
  let perGrammar = expanded.get(grammar);
  if (!perGrammar) expanded.set(grammar, (perGrammar = new Map()));
  let node = perGrammar.get(name);
  if (!node) perGrammar.set(name, (node = expandRule(grammar, name)));
  return node;
}

function randomCase(text: string, rng: Rng): string {
  return [...text].map((c) => (rng.next() < 0.5 ? c.toLowerCase() : c.toUpperCase())).join('');
}

/** A random string in the language of `rule` (throws on prose or unsupported recursion). */
export function derive(grammar: Grammar, rule: string, rng: Rng, options: DeriveOptions = {}): string {
  const maxRepeat = options.maxRepeat ?? 4;
  const maxDepth = options.maxDepth ?? 6;
  const out: string[] = [];
  const walk = (node: Node, depth: number): void => {
    switch (node.type) {
      case 'lit':
        // RFC 2234 §2.3: "abc" matches "aBc" too, so any case is a member.
        out.push(node.caseInsensitive ? randomCase(node.text, rng) : node.text);
        return;
      case 'range':
        // A code point (ABNF terminals are characters: RFC 3987 §2.2); below U+10000 one unit.
        out.push(String.fromCodePoint(rng.int(node.lo, node.hi)));
        return;
      case 'seq':
        for (const item of node.items) walk(item, depth);
        return;
      case 'alt':
        walk(rng.pick(node.items), depth);
        return;
      case 'rep': {
        let count: number;
        if (depth >= maxDepth) count = node.min;
        else if (node.min === 0 && node.max === 1) count = rng.next() < 0.5 ? 1 : 0;
        else {
          const soft = Math.max(node.min, maxRepeat);
          count = rng.int(node.min, node.max === null ? soft : Math.min(node.max, soft));
        }
        for (let k = 0; k < count; k++) walk(node.item, depth + 1);
        return;
      }
      case 'ref':
        throw new Error(`unexpanded reference ${node.name}`);
    }
  };
  walk(expansion(grammar, rule), 0);
  return out.join('');
}

/** Every character the grammar mentions (both cases of case-insensitive letters) plus OUTSIDERS. */
export function grammarAlphabet(grammar: Grammar): string[] {
  const chars = new Set<string>(OUTSIDERS);
  const addCode = (code: number): void => void chars.add(String.fromCodePoint(code));
  const visit = (node: Node): void => {
    switch (node.type) {
      case 'lit':
        for (const c of node.text) {
          chars.add(c);
          if (node.caseInsensitive) chars.add(c.toLowerCase()).add(c.toUpperCase());
        }
        return;
      case 'range':
        if (node.hi - node.lo <= 256) for (let c = node.lo; c <= node.hi; c++) addCode(c);
        else [node.lo, node.hi, (node.lo + node.hi) >> 1].forEach(addCode);
        return;
      case 'alt':
      case 'seq':
        node.items.forEach(visit);
        return;
      case 'rep':
        visit(node.item);
        return;
      case 'ref':
        return;
    }
  };
  for (const rule of grammar.rules.values()) visit(rule.body);
  return [...chars].sort();
}

/** One or two random edits (insert, delete, replace) with characters from `alphabet`. */
export function mutate(s: string, rng: Rng, alphabet: readonly string[]): string {
  let out = s;
  const edits = rng.int(1, 2);
  for (let k = 0; k < edits; k++) {
    const op = out.length === 0 ? 0 : rng.int(0, 2);
    if (op === 0) {
      const at = rng.int(0, out.length);
      out = out.slice(0, at) + rng.pick(alphabet) + out.slice(at);
    } else {
      const at = rng.int(0, out.length - 1);
      out = out.slice(0, at) + (op === 1 ? '' : rng.pick(alphabet)) + out.slice(at + 1);
    }
  }
  return out;
}

/** FNV-1a over UTF-16 code units: a seed per rule name. */
export function hashString(s: string): number {
  let h = 2166136261;
  for (let k = 0; k < s.length; k++) h = Math.imul(h ^ s.charCodeAt(k), 16777619);
  return h >>> 0;
}

/**
 * About `n` distinct strings for `rule`: alternately a derivation and a mutation of a fresh
 * derivation, all shorter than MAX_SAMPLE_LENGTH. Deterministic in (grammar, rule, seed).
 * Fewer than `n` come back only when the language is too small to supply them.
 */
export function samples(grammar: Grammar, rule: string, seed: number, n: number, options: DeriveOptions = {}): string[] {
  const rng = mulberry32(seed ^ hashString(rule));
  const alphabet = grammarAlphabet(grammar);
  const seen = new Set<string>();
  for (let attempt = 0; seen.size < n && attempt < n * 20; attempt++) {
    const derived = derive(grammar, rule, rng, options);
    const s = attempt % 2 === 0 ? derived : mutate(derived, rng, alphabet);
    if (s.length < MAX_SAMPLE_LENGTH) seen.add(s);
  }
  return [...seen];
}
