/**
 * An era's grammar as data (generated/<era>.grammar.js, exported by scripts/build-grammars.ts)
 * with what a derivation needs to know about it: where the choices are, how deep each rule
 * must go at least before it can stop, which rules each part can reach, and which characters
 * the grammar mentions.
 */
import type { GeneratedExpression } from '#generated';
import type { RegistryEra } from '../registry.js';

export type Expr = GeneratedExpression;
export type ChoiceExpr = Extract<Expr, { type: 'choice' }>;

/** A choice of a rule: its place among the rule's choices (preorder), outside lookaheads. */
export interface ChoiceSite {
  rule: string;
  index: number;
  node: ChoiceExpr;
}

export interface RuleModel {
  /** Peggy id. */
  id: string;
  /** The spec's name for a spec rule; the id for a PEG-only helper. */
  name: string;
  helper: boolean;
  expression: Expr;
  choices: ChoiceSite[];
}

export interface GrammarModel {
  era: RegistryEra;
  /** By Peggy id, in grammar order. */
  rules: Map<string, RuleModel>;
  choiceOf: Map<ChoiceExpr, ChoiceSite>;
  /** The fewest rule expansions a derivation of `e` needs (Infinity: `e` cannot end). */
  heightOf(e: Expr): number;
  ruleHeight(id: string): number;
  /** The rules a derivation from `id` can expand, `id` included (lookaheads derive nothing). */
  closure(id: string): ReadonlySet<string>;
  /** The rules `e` refers to directly. */
  refsOf(e: Expr): ReadonlySet<string>;
  /** The choice sites inside `e` (not inside the rules it refers to). */
  choicesIn(e: Expr): ReadonlySet<ChoiceSite>;
  /** Characters of the grammar's quoted literals: the delimiters, mostly. */
  literalChars: string[];
  /** Characters of its character classes (large ranges sampled at their ends and middle). */
  classChars: string[];
  /**
   * Characters the grammar allows nowhere: US-ASCII outside every literal and class, and a few
   * beyond US-ASCII (a Latin letter, a no-break space, an astral emoji) when not allowed.
   */
  outsiders: string[];
}

const models = new WeakMap<RegistryEra, GrammarModel>();

/** The model of an era's grammar (built once per era). */
export function grammarModel(era: RegistryEra): GrammarModel {
  let model = models.get(era);
  if (!model) models.set(era, (model = build(era)));
  return model;
}

function children(e: Expr): Expr[] {
  switch (e.type) {
    case 'choice':
      return e.alternatives;
    case 'sequence':
      return e.elements;
    case 'repeat':
      return [e.expression];
    default:
      return [];
  }
}

/**
 * An alternative that ends in `!""` matches nothing: it is in the grammar only so that the
 * diagnosis reaches an offset a look-ahead hides (docs/grammar-conventions.md, "Alternatives for
 * the diagnosis only"). Derivations leave it out, and its choice with it when one alternative
 * is left, so the vectors are what they would be without it.
 */
function matchesNothing(e: Expr): boolean {
  const last = e.type === 'sequence' ? e.elements[e.elements.length - 1] : e;
  return last?.type === 'not' && last.expression.type === 'literal' && last.expression.value === '';
}

/**
 * What a derivation of `e` emits, as a key: `e` without its lookaheads, which derive nothing.
 * Two alternatives with the same key derive the same strings.
 */
function derivedKey(e: Expr): string {
  switch (e.type) {
    case 'and':
    case 'not':
      return '';
    case 'sequence': {
      const parts = e.elements.map(derivedKey).filter((k) => k !== '');
      return parts.length === 1 ? parts[0]! : `(${parts.join(' ')})`;
    }
    case 'choice':
      return `(${e.alternatives.map(derivedKey).join(' / ')})`;
    case 'repeat':
      return `(${derivedKey(e.expression)}){${e.min},${e.max ?? ''}}`;
    default:
      return JSON.stringify(e);
  }
}

/**
 * The alternatives a derivation may take: not those that match nothing, and not one that differs
 * from an earlier alternative only in its lookaheads (RFC 2396 `authority`'s
 * `&((userinfo "@")? ipv6reference) server`, there for the diagnosis after `server
 * !_reg_name_char`): it derives the same strings, and the derivations stay what they were.
 */
function derivable(alternatives: readonly Expr[]): Expr[] {
  const seen = new Set<string>();
  return alternatives.filter((a) => {
    if (matchesNothing(a)) return false;
    const key = derivedKey(a);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

function withoutDiagnosisOnly(e: Expr): Expr {
  switch (e.type) {
    case 'choice': {
      const kept = derivable(e.alternatives);
      if (kept.length === e.alternatives.length) return { ...e, alternatives: e.alternatives.map(withoutDiagnosisOnly) };
      const models = kept.map(withoutDiagnosisOnly);
      return models.length === 1 ? models[0]! : { ...e, alternatives: models };
    }
    case 'sequence':
      return { ...e, elements: e.elements.map(withoutDiagnosisOnly) };
    case 'repeat':
    case 'and':
    case 'not':
      return { ...e, expression: withoutDiagnosisOnly(e.expression) };
    default:
      return e;
  }
}

function build(era: RegistryEra): GrammarModel {
  const names = new Map(era.meta.rules.map((r) => [r.id, r.name]));
  const rules = new Map<string, RuleModel>();
  const choiceOf = new Map<ChoiceExpr, ChoiceSite>();
  for (const generated of era.grammar.rules) {
    const id = generated.id;
    const expression = withoutDiagnosisOnly(generated.expression);
    const rule: RuleModel = { id, name: names.get(id) ?? id, helper: !names.has(id), expression, choices: [] };
    const visit = (e: Expr): void => {
      if (e.type === 'choice') {
        const site = { rule: id, index: rule.choices.length, node: e };
        rule.choices.push(site);
        choiceOf.set(e, site);
      }
      children(e).forEach(visit);
    };
    visit(expression);
    rules.set(id, rule);
  }

  // Heights by fixpoint: a rule's height is 1 + its expression's, starting from Infinity.
  const heights = new Map<string, number>([...rules.keys()].map((id) => [id, Infinity]));
  const height = (e: Expr): number => {
    switch (e.type) {
      case 'rule_ref':
        return heights.get(e.name) ?? Infinity;
      case 'sequence':
        return e.elements.reduce((m, x) => Math.max(m, height(x)), 0);
      case 'choice':
        return e.alternatives.reduce((m, x) => Math.min(m, height(x)), Infinity);
      case 'repeat':
        return e.min === 0 ? 0 : height(e.expression);
      default:
        return 0;
    }
  };
  for (let changed = true; changed; ) {
    changed = false;
    for (const rule of rules.values()) {
      const h = 1 + height(rule.expression);
      if (h < heights.get(rule.id)!) {
        heights.set(rule.id, h);
        changed = true;
      }
    }
  }
  const heightMemo = new Map<Expr, number>();
  const heightOf = (e: Expr): number => {
    let h = heightMemo.get(e);
    if (h === undefined) heightMemo.set(e, (h = height(e)));
    return h;
  };

  const refsMemo = new Map<Expr, Set<string>>();
  const refsOf = (e: Expr): Set<string> => {
    let refs = refsMemo.get(e);
    if (!refs) {
      refs = new Set(e.type === 'rule_ref' ? [e.name] : []);
      for (const c of children(e)) for (const r of refsOf(c)) refs.add(r);
      refsMemo.set(e, refs);
    }
    return refs;
  };
  const choicesMemo = new Map<Expr, Set<ChoiceSite>>();
  const choicesIn = (e: Expr): Set<ChoiceSite> => {
    let sites = choicesMemo.get(e);
    if (!sites) {
      sites = new Set(e.type === 'choice' ? [choiceOf.get(e)!] : []);
      for (const c of children(e)) for (const s of choicesIn(c)) sites.add(s);
      choicesMemo.set(e, sites);
    }
    return sites;
  };
  const closures = new Map<string, Set<string>>();
  const closure = (id: string): Set<string> => {
    let seen = closures.get(id);
    if (!seen) {
      seen = new Set([id]);
      const todo = [id];
      while (todo.length > 0) {
        const rule = rules.get(todo.pop()!);
        if (!rule) continue;
        for (const r of refsOf(rule.expression)) {
          if (seen.has(r)) continue;
          seen.add(r);
          todo.push(r);
        }
      }
      closures.set(id, seen);
    }
    return seen;
  };

  const literal = new Set<string>();
  const classes = new Set<string>();
  const allowed: Array<(c: string) => boolean> = [];
  const scan = (e: Expr): void => {
    if (e.type === 'literal') {
      for (const c of e.value) {
        literal.add(c);
        if (e.ignoreCase) literal.add(c.toLowerCase()).add(c.toUpperCase());
      }
    } else if (e.type === 'class' && !e.inverted) {
      for (const part of e.parts) {
        const [lo, hi] = typeof part === 'string' ? [part, part] : part;
        const a = lo.codePointAt(0)!;
        const b = hi.codePointAt(0)!;
        const codes = b - a <= 256 ? Array.from({ length: b - a + 1 }, (_, k) => a + k) : [a, (a + b) >> 1, b];
        for (const code of codes) {
          const c = String.fromCodePoint(code);
          classes.add(c);
          if (e.ignoreCase) classes.add(c.toLowerCase()).add(c.toUpperCase());
        }
        allowed.push((c) => {
          const code = c.codePointAt(0)!;
          return code >= a && code <= b;
        });
      }
    }
    children(e).forEach(scan);
  };
  for (const rule of rules.values()) scan(rule.expression);
  const inGrammar = (c: string) => literal.has(c) || classes.has(c) || allowed.some((f) => f(c));
  const probes = [...Array.from({ length: 128 }, (_, k) => String.fromCharCode(k)), '\u00e9', '\u00a0', '\u{1F600}'];

  return {
    era,
    rules,
    choiceOf,
    heightOf,
    ruleHeight: (id) => heights.get(id) ?? Infinity,
    closure,
    refsOf,
    choicesIn,
    literalChars: [...literal].sort(),
    classChars: [...classes].sort(),
    outsiders: probes.filter((c) => !inGrammar(c)),
  };
}

/** An expression in Peggy's notation with the spec's rule names, for coverage reports. */
export function renderExpression(model: GrammarModel, e: Expr, max = 70): string {
  const text = render(model, e, false);
  return text.length <= max ? text : text.slice(0, max - 1) + '…';
}

function render(model: GrammarModel, e: Expr, nested: boolean): string {
  switch (e.type) {
    case 'literal':
      return JSON.stringify(e.value) + (e.ignoreCase ? 'i' : '');
    case 'class': {
      const esc = (c: string) => (/[\w.~!$&'()*+,;=:@/?#%-]/.test(c) ? c : JSON.stringify(c).slice(1, -1).replace(/^\\u/, '\\u'));
      const body = e.parts.map((p) => (typeof p === 'string' ? esc(p) : `${esc(p[0])}-${esc(p[1])}`)).join('');
      return `[${e.inverted ? '^' : ''}${body}]${e.ignoreCase ? 'i' : ''}`;
    }
    case 'any':
      return '.';
    case 'rule_ref':
      return model.rules.get(e.name)?.name ?? e.name;
    case 'and':
    case 'not':
      return (e.type === 'and' ? '&' : '!') + render(model, e.expression, true);
    case 'sequence': {
      const text = e.elements.map((x) => render(model, x, true)).join(' ');
      return nested ? `(${text})` : text;
    }
    case 'choice': {
      const text = e.alternatives.map((x) => render(model, x, false)).join(' / ');
      return nested ? `(${text})` : text;
    }
    case 'repeat': {
      const inner = render(model, e.expression, true);
      if (e.min === 0 && e.max === 1) return `${inner}?`;
      if (e.min === 0 && e.max === null) return `${inner}*`;
      if (e.min === 1 && e.max === null) return `${inner}+`;
      return `${inner}|${e.min === e.max ? e.min : `${e.min}..${e.max ?? ''}`}|`;
    }
  }
}
