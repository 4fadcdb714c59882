/**
 * Test vectors for other parsers, made from an era's grammar and labelled by urispec's own
 * verdict:
 *
 * - `valid`: a derivation from the grammar (src/vectors/derive.ts) that urispec accepts; the
 *   derivations are steered so that every rule and every alternative of every choice is
 *   exercised by some valid vector, as far as the count allows;
 * - `near-miss`: a derivation with one or two edits (insert, delete, replace) using the
 *   grammar's own characters and characters it allows nowhere; most are invalid, some not;
 * - `contrast`: a string valid in this era and invalid in another, or the reverse, the other
 *   era and its verdict named in `other`.
 *
 * With `kind: 'all'` every fifth vector is a contrast (alternately of each direction) and the
 * others are valid or near-miss so as to keep the valid and invalid counts level.
 */
import { allEras, eraOf, ruleOf, type Era, type RegistryEra, type RuleMeta } from '../registry.js';
import { badOption } from '../errors.js';
import { isValid, validate, type SpecId } from '../validate.js';
import type { ValidationError } from '../diagnose.js';
import { altKey, derive, type Derivation, type Target } from './derive.js';
import { grammarModel, renderExpression, type GrammarModel } from './grammar.js';
import { hashString, mulberry32, type Rng } from './prng.js';

/** What a vector was made as; its validity is in `valid`, always urispec's verdict. */
export type VectorKind = 'valid' | 'near-miss' | 'contrast';

/** The kinds a vector set can be asked for: one of them, or `all` (the default). */
export const VECTOR_KINDS = ['all', 'valid', 'near-miss', 'contrast'] as const;

/** One test vector: a JSON Lines record of `urispec vectors`. */
export interface Vector {
  input: string;
  spec: SpecId;
  /** The start rule, spelled as the spec prints it. */
  rule: string;
  /** urispec's verdict. */
  valid: boolean;
  kind: VectorKind;
  /** For a contrast: the other era, its corresponding rule, and its verdict (the opposite). */
  other?: { spec: SpecId; rule: string; valid: boolean };
  /** urispec's diagnosis, for an invalid vector. */
  error?: ValidationError;
}

export interface VectorOptions {
  /** Default `rfc3986`. */
  spec?: SpecId;
  /**
   * The start rule of every vector. Without it, most vectors use the spec's default rule and
   * the others each rule the default rule cannot reach, so that every rule is covered.
   */
  rule?: string;
  /** How many vectors (default 1000); fewer when the language is too small to supply them. */
  count?: number;
  /** The same seed gives the same vectors (default 1). */
  seed?: number;
  /** Default `all`. */
  kind?: (typeof VECTOR_KINDS)[number];
}

/** One alternative of one choice of a rule. */
export interface AlternativeCoverage {
  /** The choice's place among the rule's choices, 1-based, in the order they are written. */
  choice: number;
  /** The alternative's place in its choice, 1-based. */
  alternative: number;
  /** The alternative in Peggy's notation with the spec's rule names (shortened when long). */
  text: string;
  exercised: boolean;
}

export interface RuleCoverage {
  rule: string;
  /** A PEG-only helper rule of urispec's grammar, not a rule of the spec. */
  helper: boolean;
  exercised: boolean;
  alternatives: AlternativeCoverage[];
}

/** Which rules and alternatives the valid vectors so far were derived through. */
export interface VectorCoverage {
  spec: SpecId;
  /** The rules every vector could reach, in grammar order. */
  rules: RuleCoverage[];
  rulesTotal: number;
  rulesExercised: number;
  alternativesTotal: number;
  alternativesExercised: number;
}

/** The vectors as an iterator, with the coverage of what it has yielded so far. */
export interface VectorIterator extends IterableIterator<Vector> {
  coverage(): VectorCoverage;
}

/** Vectors longer than this are not produced: inputs stay readable, and cheap for any checker. */
export const MAX_VECTOR_LENGTH = 200;
/** Tries at steering a derivation through one alternative before it is left unexercised. */
const TRIES_PER_TARGET = 8;
/** Edits of one derivation tried in search of an invalid near miss. */
const NEAR_MISS_TRIES = 4;

interface Root {
  rule: RuleMeta;
}

/**
 * Test vectors for a spec, made from its grammar: derivations, near misses and contrasts with
 * other eras, each labelled with urispec's verdict; deterministic for a seed, duplicates
 * removed. `coverage()` on the iterator says which rules and alternatives were exercised.
 *
 * @throws {UsageError} for an unknown spec, rule or kind, or a count that is not a whole number.
 * @example
 * ```ts
 * import { vectors } from 'urispec';
 * const it = vectors({ spec: 'rfc3986', count: 200, seed: 7 });
 * for (const v of it) {
 *   // v: { input: 'g:/;?#', spec: 'rfc3986', rule: 'URI-reference', valid: true, kind: 'valid' }
 *   if (URL.canParse(v.input) !== v.valid) console.log('disagree', v.input); // or your own parser
 * }
 * it.coverage().alternativesExercised; // alternatives the valid vectors went through
 * ```
 */
export function vectors(options: VectorOptions = {}): VectorIterator {
  const era = eraOf(options.spec);
  const primary = ruleOf(era, options.rule);
  const count = options.count ?? 1000;
  if (!Number.isSafeInteger(count) || count < 0) throw badOption(`count must be a whole number, got ${count}`);
  const seed = options.seed ?? 1;
  if (!Number.isSafeInteger(seed)) throw badOption(`seed must be a whole number, got ${seed}`);
  const kind = options.kind ?? 'all';
  if (!(VECTOR_KINDS as readonly string[]).includes(kind)) throw badOption(`kind must be one of ${VECTOR_KINDS.join(', ')}, got ${kind}`, [...VECTOR_KINDS]);

  const state = new VectorMaker(era, primary, options.rule === undefined, seed);
  const iterator = state.run(count, kind) as VectorIterator;
  iterator.coverage = () => state.coverage();
  return iterator;
}

class VectorMaker {
  private readonly model: GrammarModel;
  private readonly roots: Root[];
  private readonly universe: Set<string>;
  private readonly targets: Target[];
  private readonly tries = new Map<Target, number>();
  private nextTarget = 0;
  private readonly rng: Rng;
  private readonly coveredRules = new Set<string>();
  private readonly coveredAlternatives = new Set<string>();
  private readonly seen = new Set<string>();
  private contrasts = 0;

  constructor(
    private readonly era: RegistryEra,
    primary: RuleMeta,
    allRules: boolean,
    seed: number,
  ) {
    this.model = grammarModel(era);
    this.roots = [{ rule: primary }];
    this.universe = new Set(this.model.closure(primary.id));
    // Every rule of the grammar is exercised: each one the default rule cannot reach is a root.
    if (allRules) {
      for (const rule of era.meta.rules) {
        if (this.universe.has(rule.id)) continue;
        this.roots.push({ rule });
        for (const id of this.model.closure(rule.id)) this.universe.add(id);
      }
    }
    this.targets = [];
    for (const rule of this.model.rules.values()) {
      if (!this.universe.has(rule.id) || this.model.ruleHeight(rule.id) === Infinity) continue;
      if (rule.choices.length === 0) this.targets.push({ rule: rule.id });
      for (const site of rule.choices) {
        site.node.alternatives.forEach((alt, a) => {
          if (this.model.heightOf(alt) < Infinity) this.targets.push({ rule: rule.id, site, alternative: a });
        });
      }
    }
    this.rng = mulberry32((seed ^ hashString(`${era.id} ${primary.name}`)) >>> 0);
  }

  *run(count: number, kind: (typeof VECTOR_KINDS)[number]): Generator<Vector, void, undefined> {
    let emitted = 0;
    let valid = 0;
    const budget = count * 40 + 200;
    for (let attempt = 0; emitted < count && attempt < budget; attempt++) {
      let v: Vector | undefined;
      if (kind === 'valid') v = this.validVector();
      else if (kind === 'near-miss') v = this.nearMiss();
      else if (kind === 'contrast') v = this.contrast();
      else {
        if (emitted % 5 === 4) v = this.contrast();
        v ??= valid <= emitted - valid ? this.validVector() : this.nearMiss();
      }
      if (!v) continue;
      const key = `${v.rule}\u0000${v.input}`;
      if (this.seen.has(key)) continue;
      this.seen.add(key);
      emitted++;
      if (v.valid) valid++;
      // Counted once emitted, so that a duplicate contrast does not break the alternation of
      // directions (valid here, then valid elsewhere).
      if (v.kind === 'contrast') this.contrasts++;
      yield v;
    }
  }

  coverage(): VectorCoverage {
    const rules = [...this.model.rules.values()]
      .filter((r) => this.universe.has(r.id))
      .map((r) => ({
        rule: r.name,
        helper: r.helper,
        exercised: this.coveredRules.has(r.id),
        alternatives: r.choices.flatMap((site) =>
          site.node.alternatives.map((alt, a) => ({
            choice: site.index + 1,
            alternative: a + 1,
            text: renderExpression(this.model, alt),
            exercised: this.coveredAlternatives.has(altKey(site, a)),
          })),
        ),
      }));
    const alternatives = rules.flatMap((r) => r.alternatives);
    return {
      spec: this.era.id,
      rules,
      rulesTotal: rules.length,
      rulesExercised: rules.filter((r) => r.exercised).length,
      alternativesTotal: alternatives.length,
      alternativesExercised: alternatives.filter((a) => a.exercised).length,
    };
  }

  private covered(t: Target): boolean {
    return t.site ? this.coveredAlternatives.has(altKey(t.site, t.alternative!)) : this.coveredRules.has(t.rule);
  }

  /** The first target not yet exercised nor given up on. */
  private target(): Target | undefined {
    while (this.nextTarget < this.targets.length) {
      const t = this.targets[this.nextTarget]!;
      if (!this.covered(t) && (this.tries.get(t) ?? 0) < TRIES_PER_TARGET) return t;
      this.nextTarget++;
    }
    return undefined;
  }

  private someRoot(): Root {
    return this.roots.length === 1 || this.rng.next() < 0.75 ? this.roots[0]! : this.rng.pick(this.roots);
  }

  /**
   * A derivation urispec accepts, steered to the next unexercised alternative if any (`steered`).
   * Only valid vectors are steered, and so use up a target's tries: a contrast discards the
   * derivations that every other era accepts too (an `IPv6address` is one in every era that has
   * the rule), so steering it would spend the tries of targets it cannot cover.
   */
  private validDerivation(steered: boolean): { root: Root; d: Derivation } | undefined {
    const target = steered ? this.target() : undefined;
    let root = this.someRoot();
    if (target) {
      const tries = (this.tries.get(target) ?? 0) + 1;
      this.tries.set(target, tries);
      root = this.roots.find((r) => this.model.closure(r.rule.id).has(target.rule)) ?? root;
      // Every rule is a start rule (contract): an alternative that no string of the roots can
      // go through (RFC 2141's `reserved` "%", which `<URN chars>` takes only as an escape) is
      // derived from its own rule in the second half of its tries, rather than left to chance.
      if (tries > TRIES_PER_TARGET / 2) root = { rule: this.era.meta.rules.find((r) => r.id === target.rule) ?? root.rule };
    }
    const d = derive(this.model, root.rule.id, this.rng, { covered: this.coveredAlternatives, target });
    if (d.text.length > MAX_VECTOR_LENGTH || !this.era.fast.accepts(d.text, root.rule.id)) return undefined;
    return { root, d };
  }

  private record(d: Derivation): void {
    for (const r of d.rules) this.coveredRules.add(r);
    for (const a of d.alternatives) this.coveredAlternatives.add(a);
  }

  private label(input: string, rule: RuleMeta, kind: VectorKind, other?: Vector['other']): Vector {
    const r = validate(input, { spec: this.era.id, rule: rule.name });
    const v: Vector = { input, spec: this.era.id, rule: rule.name, valid: r.valid, kind };
    if (other) v.other = other;
    if (!r.valid) v.error = r.error;
    return v;
  }

  private validVector(): Vector | undefined {
    const found = this.validDerivation(true);
    if (!found) return undefined;
    // A string already in the set (a near miss that came out valid: `ipath` "" from "a") still
    // exercises its derivation's alternatives: without this, a target whose only string was
    // emitted first by another kind could never be marked covered.
    this.record(found.d);
    if (this.seen.has(`${found.root.rule.name}\u0000${found.d.text}`)) return undefined;
    return this.label(found.d.text, found.root.rule, 'valid');
  }

  private nearMiss(): Vector | undefined {
    const root = this.someRoot();
    const d = derive(this.model, root.rule.id, this.rng);
    const pools = [this.model.literalChars, this.model.classChars, this.model.outsiders];
    // Edits that leave the string valid are common in lenient rules (a path takes almost
    // anything): a few more tries at an invalid one keep near misses mostly invalid.
    let input = '';
    for (let k = 0; k < NEAR_MISS_TRIES; k++) {
      input = mutate(d.text, this.rng, pools);
      if (!this.era.fast.accepts(input, root.rule.id)) break;
    }
    if (input.length > MAX_VECTOR_LENGTH) return undefined;
    return this.label(input, root.rule, 'near-miss');
  }

  /** The rule of another era that corresponds to `rule`: its default for the default, else the same name. */
  private counterpart(other: Era, rule: RuleMeta): RuleMeta | undefined {
    if (rule.name === this.era.meta.defaultRule) return ruleOf(other);
    return other.byName.get(rule.name.toLowerCase());
  }

  /** Alternately valid here and invalid in another era, and the reverse; a few tries each. */
  private contrast(): Vector | undefined {
    const forward = this.contrasts % 2 === 0;
    const othersFor = (root: Root) =>
      allEras()
        .filter((e) => e !== this.era)
        .flatMap((e) => {
          const rule = this.counterpart(e, root.rule);
          return rule ? [{ era: e, rule }] : [];
        });
    // The other era's verdict is its `isValid`: a scheme profile's prose (src/profiles/) may
    // refuse what its grammar accepts (RFC 6068 §2's rule 1), so the recognizer alone is not it.
    const accepts = (era: Era, rule: RuleMeta, text: string) => isValid(text, { spec: era.id, rule: rule.name });
    for (let attempt = 0; attempt < 12; attempt++) {
      if (forward) {
        const found = this.validDerivation(false);
        if (!found || !accepts(this.era, found.root.rule, found.d.text)) continue;
        const others = othersFor(found.root).filter((o) => !accepts(o.era, o.rule, found.d.text));
        if (others.length === 0) continue;
        const other = this.rng.pick(others);
        this.record(found.d);
        return this.label(found.d.text, found.root.rule, 'contrast', { spec: other.era.id, rule: other.rule.name, valid: false });
      }
      const root = this.someRoot();
      const others = othersFor(root);
      if (others.length === 0) continue;
      const other = this.rng.pick(others);
      const d = derive(grammarModel(other.era), other.rule.id, this.rng);
      if (d.text.length > MAX_VECTOR_LENGTH || !accepts(other.era, other.rule, d.text)) continue;
      if (accepts(this.era, root.rule, d.text)) continue;
      return this.label(d.text, root.rule, 'contrast', { spec: other.era.id, rule: other.rule.name, valid: true });
    }
    return undefined;
  }
}

/** One or two edits (insert, delete, replace), characters from one of `pools` each time. */
export function mutate(s: string, rng: Rng, pools: ReadonlyArray<readonly string[]>): string {
  const usable = pools.filter((p) => p.length > 0);
  const chars = [...s];
  const edits = rng.int(1, 2);
  for (let k = 0; k < edits; k++) {
    const op = chars.length === 0 ? 0 : rng.int(0, 2);
    const c = () => rng.pick(rng.pick(usable));
    if (op === 0) chars.splice(rng.int(0, chars.length), 0, c());
    else if (op === 1) chars.splice(rng.int(0, chars.length - 1), 1);
    else chars.splice(rng.int(0, chars.length - 1), 1, c());
  }
  return chars.join('');
}
