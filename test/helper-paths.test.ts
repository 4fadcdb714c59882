/**
 * Every rulePath the diagnosis can give is a derivation of the printed grammar, for the whole
 * grammar at once (contract, "The diagnosis of a failure": `rulePath`, "the spec rules from the
 * start rule down to `rule`").
 *
 * test/offset-proof.test.ts holds the rulePath of each seeded invalid string to the printed
 * grammar; this test holds every call the traced recognizer can make, so that a path only a rare
 * input takes is covered too. A record's path is the stack of frames open at the failure: a spec
 * rule is a frame, a PEG helper (`_name`, docs/grammar-conventions.md) is none unless it stands
 * for a spec rule (`// @as <rule>`: a frame of that rule) or is charged to an outer rule's open
 * instance (`// @in <rule>`: what it calls hangs below that rule). So each rule that is a frame
 * has, as the rules that can stand next below it in a path, the frames its expression reaches
 * through helpers that are no frame; each must be one its printed definition refers to. Calls
 * inside a look-ahead are left out: Peggy records no failure there (they are silent), so no path
 * passes through them.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { eras } from '#generated';
import type { GeneratedExpression } from '#generated';
import { type Grammar, lookupRule, referencesOf } from './oracle/ast.js';
import { PRINTED_GRAMMARS, hasPrinted, loadPrinted, printedPath } from './oracle/printed-grammars.js';
import { parseGrammar } from './oracle/printed.js';

/**
 * The rules a printed definition refers to as the RFC prints it, before the readings that
 * test/oracle/printed-grammars.ts amends it with: RFC 2141's `<URN chars> ::= <trans> | "%"
 * <hex> <hex>` names trans, which the reading of §2.3.1 spells out without its "%" (its rule is
 * `URN_chars` there, as the grammar's id).
 */
function rawReferences(spec: string, name: string): Set<string> {
  let raw = unamended.get(spec);
  if (raw === undefined) {
    const entry = PRINTED_GRAMMARS[spec]!;
    const text = readFileSync(printedPath(spec), 'utf8');
    raw = parseGrammar(entry.read ? entry.read(text) : text, entry.notation, entry.options);
    unamended.set(spec, raw);
  }
  const rule = lookupRule(raw, name) ?? lookupRule(raw, name.replace(/[^A-Za-z0-9]/g, '_'));
  return rule ? referencesOf(rule.body) : new Set();
}
const unamended = new Map<string, Grammar>();

/** The Peggy ids an expression calls, outside look-aheads. */
function calls(e: GeneratedExpression, out: string[] = []): string[] {
  switch (e.type) {
    case 'choice':
      for (const a of e.alternatives) calls(a, out);
      break;
    case 'sequence':
      for (const a of e.elements) calls(a, out);
      break;
    case 'repeat':
      calls(e.expression, out);
      break;
    case 'rule_ref':
      out.push(e.name);
      break;
    default:
      // literal, class, any: no call; and/not: silent (Peggy records nothing inside).
      break;
  }
  return out;
}

interface Edge {
  /** The spec name of the frame above. */
  from: string;
  /** The spec name of the frame below it. */
  to: string;
  /** The helpers the call goes through, outermost first. */
  via: string[];
}

/** Every pair of frames that can stand one above the other in a path, with the helpers between them. */
function frameEdges(era: (typeof eras)[number]): Edge[] {
  const { meta, grammar } = era;
  const nameOf = new Map(meta.rules.map((r) => [r.id, r.name]));
  const helpers = new Map(meta.helpers.map((h) => [h.id, h]));
  const bodies = new Map(grammar.rules.map((r) => [r.id, r.expression]));
  const core = new Set(meta.rules.filter((r) => r.core).map((r) => r.id));
  /**
   * The spec name a rule id makes a frame of, or null for a helper that is none and for a core
   * rule (ALPHA, DIGIT, HEXDIG: the paths leave them out, contract).
   */
  const frameName = (id: string): string | null => {
    if (core.has(id)) return null;
    const h = helpers.get(id);
    if (h === undefined) return nameOf.get(id) ?? null;
    return h.as !== undefined ? (nameOf.get(h.as) ?? null) : null;
  };
  const edges: Edge[] = [];
  /** Walks from one frame's body through the helpers that are no frame. */
  const walk = (from: string, body: GeneratedExpression, via: string[], seen: Set<string>): void => {
    for (const callee of calls(body)) {
      const h = helpers.get(callee);
      // A helper charged to an outer rule: its calls hang below that rule (the edge from that
      // rule's own frames is walked when that rule is), not below this frame.
      if (h?.in !== undefined) {
        const outer = nameOf.get(h.in)!;
        if (!seen.has(callee)) {
          seen.add(callee);
          walk(outer, bodies.get(callee)!, [callee], seen);
        }
        continue;
      }
      const to = frameName(callee);
      if (to !== null) edges.push({ from, to, via });
      else if (!seen.has(callee)) {
        seen.add(callee);
        walk(from, bodies.get(callee)!, [...via, callee], seen);
      }
    }
  };
  for (const r of grammar.rules) {
    const from = frameName(r.id);
    if (from !== null) walk(from, r.expression, [], new Set());
  }
  return edges;
}

const printedEras = eras.filter((e) => hasPrinted(e.meta.spec));

/** RFC 2396 draft relativeURL's probe after a net_path (its first alternative, for the diagnosis only). */
const RELATIVE_URL_PROBE =
  'relativeURL\'s first alternative, `(&_net_query net_path urlchar / !_net_query net_path (pchar / ";" / "/" / "?")) !""`, reads one urlchar or pchar after the net_path for the diagnosis only, so it records failures only where the net_path ends or inside an escaped begun there. abs_path, tried later ("/" then a path whose segments may be empty), reads every character a server holds (as pchar or ";", or from a "?" on as its query) and so reaches the same end and records the same failures, deeper. A failure of the choice after net_path names relativeURL, the rule holding it, not its alternative; for an escaped begun there (`_relEnd` refuses "%", so the parse goes on), abs_path\'s candidate is the deeper and is ranked first (src/diagnosis/rank.ts, deeperFirst), and the probe\'s replaces it only with a higher score, which it cannot have: granted the character, the probe still fails at once (`!""`) and the parse goes on in abs_path, where the same escaped fails again';

/**
 * Calls that no path can pass through, each with the reason; a row that the walk no longer
 * finds fails the test, so the list cannot go stale. A rule stands in a path only as the named
 * rule or above it (src/diagnosis/rank.ts): the rule holding a construct that stopped, the rule
 * that broke a sequence as its element, or, with no candidate, the rules around every
 * expectation.
 */
const UNREACHABLE: Record<string, string> = {
  'rfc2396-draft relativeURL > pchar': RELATIVE_URL_PROBE,
  'rfc2396-draft relativeURL > urlchar': RELATIVE_URL_PROBE,
};

describe.each(printedEras.map((e) => [e.meta.spec, e] as const))('%s: every path the diagnosis can give', (spec, era) => {
  const printed = loadPrinted(spec);
  it('goes from each rule to one its printed definition refers to, through whatever helpers', () => {
    const edges = frameEdges(era);
    // The walk saw the grammar: every era's start rule calls something.
    expect(edges.length).toBeGreaterThan(0);
    const wrong = new Set<string>();
    const known = new Set<string>();
    for (const { from, to, via } of edges) {
      const rule = lookupRule(printed, from);
      const where = via.length > 0 ? ` (through ${via.join(' > ')})` : '';
      if (!rule) wrong.add(`${from} is no printed rule`);
      else if (referencesOf(rule.body).has(to.toLowerCase()) || rawReferences(spec, from).has(to.toLowerCase())) continue;
      else if (UNREACHABLE[`${spec} ${from} > ${to}`] !== undefined) known.add(`${spec} ${from} > ${to}`);
      else wrong.add(`${from} > ${to}${where}: ${from}'s printed definition does not refer to ${to}`);
    }
    expect([...wrong]).toEqual([]);
    const rows = Object.keys(UNREACHABLE).filter((k) => k.startsWith(`${spec} `));
    expect(rows.filter((k) => !known.has(k)), 'UNREACHABLE rows the walk no longer finds').toEqual([]);
  });
});

/**
 * Whether rule `from` can call `target` (outside look-aheads) without passing through `outer`:
 * a helper charged to `outer`'s open instance (`// @in`) reached that way would have no such
 * instance open.
 */
function reachesAround(era: (typeof eras)[number], from: string, target: string, outer: string): boolean {
  const bodies = new Map(era.grammar.rules.map((r) => [r.id, r.expression]));
  const seen = new Set<string>([from]);
  const todo = [from];
  while (todo.length > 0) {
    for (const callee of calls(bodies.get(todo.pop()!)!)) {
      if (callee === target) return true;
      if (callee === outer || seen.has(callee)) continue;
      seen.add(callee);
      todo.push(callee);
    }
  }
  return false;
}

describe.each(eras.filter((e) => e.meta.helpers.some((h) => h.in !== undefined)).map((e) => [e.meta.spec, e] as const))(
  '%s: a helper charged to an outer rule (// @in)',
  (_spec, era) => {
    it('is reached only inside that rule, from every start rule', () => {
      const wrong: string[] = [];
      for (const h of era.meta.helpers.filter((x) => x.in !== undefined)) {
        for (const r of era.meta.rules) if (r.id !== h.in && reachesAround(era, r.id, h.id, h.in!)) wrong.push(`${r.name} reaches ${h.id} outside ${h.in}`);
        // And the rule itself reaches it, or the tag charges nothing.
        expect(reachesAround(era, h.in!, h.id, '')).toBe(true);
      }
      expect(wrong).toEqual([]);
    });
  },
);

describe('the eras whose paths are checked', () => {
  it('are every era with a printed grammar (each listed era has one)', () => {
    expect(printedEras.map((e) => e.meta.spec)).toEqual(eras.map((e) => e.meta.spec));
  });
});
