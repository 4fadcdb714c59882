// Components from the validating parse. The derivation tree of `explain` (the same grammar and
// the same parse that validate the input) names every span by its spec rule; each era's row of
// src/eras/table.ts says which rules carry which component (src/eras/components.ts). Nothing
// here splits strings: a component is a node of the tree or it is absent, and an empty node is
// an empty component (the tree keeps no node of an attempt the parse abandoned: src/diagnose.ts,
// hookRewind).

import type { ValidationError } from './diagnose.js';
import { explain, type DerivationNode } from './explain.js';
import { badOption } from './errors.js';
import { eraOf } from './registry.js';
import { erasWith, rowOf } from './eras/table.js';
import { componentsOf, type ComponentRule } from './eras/components.js';
import { isValid, type SpecId } from './validate.js';
import { proseOf } from './profiles/of-era.js';

/** A component: the span of the input that a spec rule matched. */
export interface Component {
  /** The text, exactly as in the input (nothing decoded or case-folded). */
  value: string;
  start: number;
  end: number;
  /** The spec rule whose node carries it: `host`, `path-abempty`, `net_loc`, `fpath`. */
  rule: string;
  /**
   * Which form it takes, where the era names forms: the host's `IP-literal`, `IPv4address` or
   * `reg-name` (RFC 3986), `hostname` or `hostnumber` (older eras); the path's rule
   * (`path-abempty`, `path-absolute`, ... in RFC 3986; `abs_path` or `rel_path`, the rule it
   * stands in, in RFC 1808 and the 1996 draft).
   */
  kind?: string;
  /**
   * A scheme profile's reading (src/profiles/, `components`), where its text says the value
   * stands for something else: the value percent-decoded as UTF-8, null when those octets are
   * not UTF-8 (RFC 6068 §2's addresses and header fields, RFC 2397's parameter values, RFC 8089
   * §4's path), or the value the text gives (RFC 2397 §2's media type, lower-cased).
   */
  decoded?: string | null;
  /** The octets it stands for, decoded (RFC 2397's data; with ";base64", null if it is no base64). */
  octets?: number | null;
  /** A component that is a list, its members in order: RFC 6068's addr-specs and hfields, RFC 2397's parameters, RFC 1738's fieldspecs. */
  items?: Component[];
  /** The named parts of a member: an hfield's `hfname` and `hfvalue`, an addr-spec's `local-part` and `domain`. */
  parts?: Record<string, Component>;
}

/** The components an era names, by the era's names; an absent component is not a key. */
export type Components = Record<string, Component>;

export interface ParseOptions {
  /** The spec; default `rfc3986`. */
  spec?: SpecId;
  /** The start rule; default: the spec's. */
  rule?: string;
}

export type ParseResult =
  | { valid: true; input: string; spec: SpecId; rule: string; components: Components }
  | { valid: false; input: string; spec: SpecId; rule: string; error: ValidationError };

/**
 * The names of the components an era's parse can give, in the order the table lists them; with
 * `rule`, those of a parse by that start rule (`tableFor`: an era built on another reads that
 * era's rules by its list).
 *
 * @example
 * ```ts
 * import { componentNames } from 'urispec';
 * componentNames('rfc1808'); // ['scheme', 'net_loc', 'path', 'params', 'query', 'fragment']
 * componentNames('rfc6068', 'URI-reference'); // RFC 3986's: ['scheme', 'authority', ...]
 * ```
 */
export function componentNames(spec: SpecId, rule?: string): string[] {
  return tableFor(spec, rule).map((c) => c.name);
}

/**
 * The component list of a parse in era `spec` by start rule `rule` (the era's own list without
 * one). An era built on another (a scheme profile: its row's `profile.on`) holds that era's rules
 * as printed there, and a string of one of them (RFC 3986's `URI-reference` in rfc6068, RFC
 * 2396's in rfc2397) has that era's components, not the scheme's: `x://a/b?c#f` read by rfc6068's
 * `URI-reference` has a scheme, an authority, a path, a query and a fragment, where the
 * scheme's list (`to`, `hfields`) names none. A rule of the era's own, or one it defines
 * otherwise than its base does, is read by the era's list.
 */
function tableFor(spec: SpecId, rule: string | undefined): readonly ComponentRule[] {
  const era = eraOf(spec);
  const base = rowOf(era.id)?.profile?.on;
  if (rule !== undefined && base !== undefined) {
    const own = era.meta.rules.find((r) => r.name === rule);
    const theirs = eraOf(base).meta.rules.find((r) => r.name === rule);
    if (own !== undefined && theirs !== undefined && own.text === theirs.text) return componentsOf(base) ?? [];
  }
  return componentsOf(era.id) ?? [];
}

/**
 * Reads the components off a derivation tree: for each component, the first node (pre-order)
 * of one of its rules. Nodes below a `host`'s or a scheme part's own node are searched too,
 * since tables name nested components (`host` inside `authority`). A table's `list` component
 * takes every node of the run under that first node's parent, `emptyIn` gives an empty one where
 * its optional node is absent, and `split` divides a node's text as the era's prose does
 * (./eras/components.ts).
 */
export function componentsOfTree(spec: SpecId, input: string, tree: DerivationNode): Components {
  const table = tableFor(spec, tree.rule);
  const byRule = new Map<string, ComponentRule>();
  const emptyIn = new Map<string, ComponentRule>();
  for (const c of table) {
    for (const r of c.rules) byRule.set(r, c);
    for (const r of c.emptyIn ?? []) emptyIn.set(r, c);
  }
  const out: Components = {};
  const listParent = new Map<string, DerivationNode>();
  const ancestors: string[] = [];
  const parents: DerivationNode[] = [];
  const qualifies = (c: ComponentRule): boolean =>
    c.within === undefined || [c.within].flat().includes(ancestors[ancestors.length - 1] ?? '');
  const walk = (node: DerivationNode): void => {
    const c = byRule.get(node.rule);
    if (c && qualifies(c) && !(c.name in out)) {
      const fixed = c.fixed?.[node.rule];
      const component: Component = fixed !== undefined
        ? { value: fixed, start: node.start, end: node.start + fixed.length, rule: node.rule }
        : { value: input.slice(node.start, node.end), start: node.start, end: node.end, rule: node.rule };
      const kind = c.kind === 'child' ? node.children[0]?.rule : c.kind === 'rule' ? node.rule : c.kind?.(ancestors, node);
      if (kind !== undefined) component.kind = kind;
      if (c.list) {
        component.items = [{ ...component }];
        listParent.set(c.name, parents[parents.length - 1]!);
      }
      out[c.name] = component;
      if (c.split) splitOff(spec, component, c.split, out);
    } else if (c?.list && qualifies(c) && listParent.get(c.name) === parents[parents.length - 1]) {
      const list = out[c.name]!;
      list.end = node.end;
      list.value = input.slice(list.start, list.end);
      list.items!.push({ value: input.slice(node.start, node.end), start: node.start, end: node.end, rule: node.rule });
    }
    const empty = emptyIn.get(node.rule);
    if (empty && !(empty.name in out) && !node.children.some((ch) => empty.rules.includes(ch.rule))) {
      const component: Component = { value: '', start: node.start, end: node.start, rule: node.rule };
      const kind = typeof empty.kind === 'function' ? empty.kind([...ancestors, node.rule], node) : undefined;
      if (kind !== undefined) component.kind = kind;
      out[empty.name] = component;
    }
    ancestors.push(node.rule);
    parents.push(node);
    for (const child of node.children) walk(child);
    parents.pop();
    ancestors.pop();
  };
  walk(tree);
  return out;
}

/**
 * A component's split (`split` of its table row): at the first `at`, the rest is `into[0]`, up
 * to the next `at`, then `into[1]`, when each is a string of the era's rule of that name. The
 * component keeps what precedes the first `at`; otherwise nothing changes (the grammar's
 * derivation stands).
 */
function splitOff(spec: SpecId, c: Component, split: NonNullable<ComponentRule['split']>, out: Components): void {
  const i = c.value.indexOf(split.at);
  if (i < 0) return;
  const restStart = c.start + i + split.at.length;
  const rest = c.value.slice(i + split.at.length);
  const j = rest.indexOf(split.at);
  const first = j < 0 ? rest : rest.slice(0, j);
  const second = j < 0 ? undefined : rest.slice(j + split.at.length);
  const [firstRule, secondRule] = split.into;
  if (!isValid(first, { spec, rule: firstRule })) return;
  if (second !== undefined && !isValid(second, { spec, rule: secondRule })) return;
  c.value = c.value.slice(0, i);
  c.end = c.start + i;
  out[firstRule] = { value: first, start: restStart, end: restStart + first.length, rule: firstRule };
  if (second !== undefined) {
    const secondStart = restStart + j + split.at.length;
    out[secondRule] = { value: second, start: secondStart, end: secondStart + second.length, rule: secondRule };
  }
}

/**
 * Whether the derivation of `input` went through `rule` (RFC 1808's `abs_path`: "the parser
 * must remember whether or not [the slash] was present", §2.4.6).
 *
 * @internal
 */
export function hasRule(tree: DerivationNode, rule: string): boolean {
  return tree.rule === rule || tree.children.some((c) => hasRule(c, rule));
}

/**
 * The components of `input` as its era names them, read from the parse that validates it (the
 * derivation tree of `explain`), never from a second split. An absent component is not a key;
 * an empty one is present with the value `''` (`http://a?` has an empty query, `http://a` none).
 * An invalid input gives the error record of `validate` instead.
 *
 * Components per era: `rfc3986` scheme, authority, userinfo, host (kind `IP-literal`,
 * `IPv4address` or `reg-name`), port, path (kind `path-abempty`, ...), query, fragment;
 * `rfc1808` scheme, net_loc, path (kind `abs_path` or `rel_path`; empty, carried by its
 * `rel_path`, where nothing is left of it, so `/` and `` differ: §2.4.6), params, query, fragment; `rfc2396-draft` scheme, server,
 * user, password, host, port, path, query, fragment; `rfc1738` the parts of each scheme's rule
 * (user, password, host, port, urlpath, fpath, ftptype, hpath, search, gtype, selector,
 * group, article, database, ..., fieldspec with each one as an item; gopher's selector split at
 * "%09" into search and gopher+_string, §3.4.1); `rfc8089` scheme, host (kind `localhost`, or the host's form;
 * empty in `file:///a`, absent in `file:/a`: both local, RFC 8089 §3), path; `rfc9110` RFC
 * 3986's but the fragment, plus scheme and `effective port` (the default, kind `default`, when
 * the port is empty or not given); `rfc8141` NID, NSS, r-component, q-component, f-component
 * (the r-component ends at the first "?=", §2.3.1); `rfc2141` NID, NSS; `rfc6068` to and hfields
 * (items: each addr-spec, parts local-part and domain; each hfield, parts hfname and hfvalue;
 * each `decoded`); `rfc2397` mediatype (`decoded` the type, items its parameters), base64 (where
 * ";base64" appears), data (`octets`); `rfc8089`'s path with `decoded`.
 *
 * @throws {UsageError} for an unknown spec or rule, or a spec without a component table; never
 * for any input string.
 * @example
 * ```ts
 * import { parse } from 'urispec';
 * const r = parse('http://[::1]:80/a?');
 * if (r.valid) {
 *   r.components.host;     // { value: '[::1]', start: 7, end: 12, rule: 'host', kind: 'IP-literal' }
 *   r.components.query;    // { value: '', start: 18, end: 18, rule: 'query' }: after the "?" at 17
 *   r.components.fragment; // undefined: no "#"
 * }
 * parse('http://a/b;p?q', { spec: 'rfc1808' }); // components scheme, net_loc, path, params, query
 * ```
 */
export function parse(input: string, options?: ParseOptions): ParseResult {
  const spec = eraOf(options?.spec).id;
  if (!rowOf(spec)?.components) {
    const known = erasWith('components');
    throw badOption(`urispec names no components for ${spec} yet; parse knows: ${known.join(', ')}`, known);
  }
  // explain's verdict is validate's, a scheme profile's prose included (src/explain.ts).
  const x = explain(input, options);
  // The key order of `validate`'s records (contract): input, spec, rule, valid, then the rest.
  if (!x.valid || !x.tree) return { input, spec: x.spec, rule: x.rule, valid: false, error: x.error! };
  const components = componentsOfTree(x.spec, input, x.tree);
  // A scheme profile gives the components that the tree does not carry (src/profiles/profile.ts).
  const extra = proseOf(x.spec, x.rule)?.components?.(input, x.rule);
  return { input, spec: x.spec, rule: x.rule, valid: true, components: extra ? withProse(x.spec, x.rule, components, extra) : components };
}

/**
 * The derivation's components with a profile's: those the table does not list first (http's
 * scheme and effective port), then the table's in its order, the profile's value where it gives
 * one (RFC 8141 §2.3.1's r-component ends at "?=", the derivation's runs to "#").
 */
function withProse(spec: SpecId, rule: string, tree: Components, prose: Components): Components {
  const listed = componentNames(spec, rule);
  const out: Components = {};
  for (const [name, c] of Object.entries(prose)) if (!listed.includes(name)) out[name] = c;
  for (const name of listed) {
    const c = prose[name] ?? tree[name];
    if (c !== undefined) out[name] = c;
  }
  return out;
}

/**
 * The components as plain strings (absent ones left out): the shape the resolution algorithms
 * and most callers want.
 *
 * @example
 * ```ts
 * import { parse, componentValues } from 'urispec';
 * const r = parse('http://a/b?q');
 * if (r.valid) componentValues(r.components); // { scheme: 'http', authority: 'a', host: 'a', path: '/b', query: 'q' }
 * ```
 */
export function componentValues(components: Components): Record<string, string> {
  return Object.fromEntries(Object.entries(components).map(([k, c]) => [k, c.value]));
}
