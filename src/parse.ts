// Components from the validating parse. The derivation tree of `explain` (the same grammar and
// the same parse that validate the input) names every span by its spec rule; a small table per
// era says which rules carry which component. Nothing here splits strings: a component is a
// node of the tree or it is absent, and an empty node is an empty component (the tree keeps no
// node of an attempt the parse abandoned: src/diagnose.ts, hookRewind).

import type { ValidationError } from './diagnose.js';
import { explain, type DerivationNode } from './explain.js';
import { badOption } from './errors.js';
import { eraOf } from './registry.js';
import type { SpecId } from './validate.js';

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

/** One row of an era's table: a component and the rules whose nodes carry it. */
interface ComponentRule {
  name: string;
  rules: readonly string[];
  /** The component's form, from its node (`child`: the rule of its first child). */
  kind?: 'child' | 'rule' | ((ancestors: readonly string[]) => string);
  /** Only a node whose parent is this rule carries it. */
  within?: string;
  /** A fixed value for a rule that carries no text of its own (RFC 1738's scheme literals). */
  fixed?: Readonly<Record<string, string>>;
}

const pathForm = (ancestors: readonly string[]): string => (ancestors.includes('abs_path') ? 'abs_path' : 'rel_path');

const RFC3986: readonly ComponentRule[] = [
  { name: 'scheme', rules: ['scheme'] },
  { name: 'authority', rules: ['authority'] },
  { name: 'userinfo', rules: ['userinfo'] },
  { name: 'host', rules: ['host'], kind: 'child' },
  { name: 'port', rules: ['port'] },
  {
    name: 'path',
    rules: ['path-abempty', 'path-absolute', 'path-noscheme', 'path-rootless', 'path-empty'],
    kind: 'rule',
  },
  { name: 'query', rules: ['query'] },
  { name: 'fragment', rules: ['fragment'] },
];

const RFC1808: readonly ComponentRule[] = [
  { name: 'scheme', rules: ['scheme'] },
  { name: 'net_loc', rules: ['net_loc'] },
  { name: 'path', rules: ['path'], kind: pathForm },
  { name: 'params', rules: ['params'] },
  { name: 'query', rules: ['query'] },
  { name: 'fragment', rules: ['fragment'] },
];

const RFC2396_DRAFT: readonly ComponentRule[] = [
  { name: 'scheme', rules: ['scheme'] },
  { name: 'server', rules: ['server'] },
  { name: 'user', rules: ['user'] },
  { name: 'password', rules: ['password'] },
  { name: 'host', rules: ['host'], kind: 'child' },
  { name: 'port', rules: ['port'] },
  // §4.3.2: `path = segment *( "/" segment )` derives the empty string, so an empty path
  // stands wherever its rel_path does.
  { name: 'path', rules: ['path'], kind: pathForm },
  { name: 'query', rules: ['query'] },
  { name: 'fragment', rules: ['fragment'] },
];

/** RFC 1738 §5: the scheme of each scheme's rule is a literal of that rule. */
const RFC1738_SCHEMES: Readonly<Record<string, string>> = {
  ftpurl: 'ftp', fileurl: 'file', httpurl: 'http', gopherurl: 'gopher', mailtourl: 'mailto',
  newsurl: 'news', nntpurl: 'nntp', telneturl: 'telnet', waisurl: 'wais', prosperourl: 'prospero',
};

const RFC1738: readonly ComponentRule[] = [
  { name: 'scheme', rules: ['scheme', ...Object.keys(RFC1738_SCHEMES)], fixed: RFC1738_SCHEMES },
  { name: 'schemepart', rules: ['schemepart'] },
  { name: 'user', rules: ['user'] },
  { name: 'password', rules: ['password'] },
  { name: 'host', rules: ['host'], kind: 'child' },
  { name: 'port', rules: ['port'] },
  { name: 'urlpath', rules: ['urlpath'] },
  { name: 'fpath', rules: ['fpath'] },
  { name: 'ftptype', rules: ['ftptype'] },
  { name: 'hpath', rules: ['hpath'] },
  { name: 'search', rules: ['search'] },
  { name: 'gtype', rules: ['gtype'] },
  { name: 'selector', rules: ['selector'] },
  { name: 'gopher+_string', rules: ['gopher+_string'] },
  { name: 'encoded822addr', rules: ['encoded822addr'] },
  { name: 'group', rules: ['group'] },
  { name: 'article', rules: ['article'] },
  // nntpurl's article number; `digits` is also the port's and the hostnumber's rule.
  { name: 'digits', rules: ['digits'], within: 'nntpurl' },
  { name: 'database', rules: ['database'] },
  { name: 'wtype', rules: ['wtype'] },
  { name: 'wpath', rules: ['wpath'] },
  { name: 'ppath', rules: ['ppath'] },
  { name: 'fieldspec', rules: ['fieldspec'] },
];

/** RFC 2396 §3 with RFC 2732: the generic components, and the path as the rule it stands in. */
const RFC2396: readonly ComponentRule[] = [
  { name: 'scheme', rules: ['scheme'] },
  { name: 'authority', rules: ['authority'] },
  { name: 'userinfo', rules: ['userinfo'] },
  // §3.2.2: a server-based authority names a host (hostname, IPv4address or, with RFC 2732,
  // an ipv6reference); §3.2.1: any other authority is a reg_name.
  { name: 'host', rules: ['host'], kind: 'child' },
  { name: 'port', rules: ['port'] },
  { name: 'reg_name', rules: ['reg_name'] },
  // §3: `abs_path`, `rel_path` (in a relativeURI) or, in an absoluteURI, an `opaque_part`.
  { name: 'path', rules: ['abs_path', 'rel_path', 'opaque_part'], kind: 'rule' },
  { name: 'query', rules: ['query'] },
  { name: 'fragment', rules: ['fragment'] },
];

/**
 * draft-ietf-uri-relative-url-01 §2.1's components as its §2.2 grammar assigns them. Its
 * `pchar` includes ";", "?" and "#", so the grammar gives a path everything after the
 * net_loc (`b;p?q#f` in `http://a/b;p?q#f`): params, query and fragment appear only where the
 * grammar puts them. Its §2.4 parse order, which splits them off, belongs to resolution.
 */
const RELATIVE_URL_01: readonly ComponentRule[] = [
  { name: 'scheme', rules: ['scheme'] },
  { name: 'net_loc', rules: ['net_loc'] },
  { name: 'path', rules: ['abs_path', 'rel_path'], kind: 'rule' },
  { name: 'params', rules: ['params'] },
  { name: 'query', rules: ['query'] },
  { name: 'fragment', rules: ['fragment'] },
];

/** draft-ietf-uri-url-03: as in RFC 1738, each scheme's rule begins with its scheme's literal. */
const URL03_SCHEMES: Readonly<Record<string, string>> = {
  httpaddress: 'http', ftpaddress: 'ftp', afsaddress: 'afs', newsaddress: 'news', nntpaddress: 'nntp',
  midaddress: 'mid', cidaddress: 'cid', mailtoaddress: 'mailto', waisaddress: 'wais',
  prosperoaddress: 'prospero', telnetaddress: 'telnet', gopheraddress: 'gopher',
};

const URL03: readonly ComponentRule[] = [
  { name: 'scheme', rules: ['scheme', ...Object.keys(URL03_SCHEMES)], fixed: URL03_SCHEMES },
  { name: 'user', rules: ['user'] },
  { name: 'password', rules: ['password'] },
  { name: 'host', rules: ['host', 'hostname'], kind: 'child' },
  { name: 'port', rules: ['port'] },
  { name: 'cellname', rules: ['cellname'] },
  { name: 'path', rules: ['path'] },
  { name: 'ftptype', rules: ['ftptype'] },
  { name: 'search', rules: ['search'] },
  { name: 'group', rules: ['group'] },
  { name: 'article', rules: ['article'] },
  { name: 'database', rules: ['database'] },
  { name: 'wtype', rules: ['wtype'] },
  { name: 'wpath', rules: ['wpath'] },
  { name: 'gtype', rules: ['gtype'] },
  { name: 'selector', rules: ['selector'] },
  { name: 'hsoname', rules: ['hsoname'] },
  { name: 'version', rules: ['version'] },
  { name: 'attributes', rules: ['attributes'] },
  { name: 'fragmentid', rules: ['fragmentid'] },
];

/**
 * RFC 3987 §2.2: RFC 3986's components under the IRI rules' names ("an 'i' has been
 * prefixed"); the component names stay RFC 3986's, so resolution (§6.5) and normalization
 * (§5.3) read them as for a URI.
 */
const RFC3987: readonly ComponentRule[] = [
  { name: 'scheme', rules: ['scheme'] },
  { name: 'authority', rules: ['iauthority'] },
  { name: 'userinfo', rules: ['iuserinfo'] },
  { name: 'host', rules: ['ihost'], kind: 'child' },
  { name: 'port', rules: ['port'] },
  {
    name: 'path',
    rules: ['ipath-abempty', 'ipath-absolute', 'ipath-noscheme', 'ipath-rootless', 'ipath-empty'],
    kind: 'rule',
  },
  { name: 'query', rules: ['iquery'] },
  { name: 'fragment', rules: ['ifragment'] },
];

/** RFC 6874 §2: RFC 3986's components, and the zone identifier of an IPv6addrz host. */
const RFC6874: readonly ComponentRule[] = [...RFC3986.slice(0, 4), { name: 'zone', rules: ['ZoneID'] }, ...RFC3986.slice(4)];

/** Per era: the components it names, in its own words, and the rules that carry them. */
const TABLES: Readonly<Record<string, readonly ComponentRule[]>> = {
  rfc3986: RFC3986,
  rfc3987: RFC3987,
  rfc6874: RFC6874,
  rfc2396: RFC2396,
  'draft-ietf-uri-relative-url-01': RELATIVE_URL_01,
  rfc1808: RFC1808,
  'rfc2396-draft': RFC2396_DRAFT,
  rfc1738: RFC1738,
  'draft-ietf-uri-url-03': URL03,
};

/**
 * The names of the components an era's parse can give, in the order the table lists them.
 *
 * @example
 * ```ts
 * import { componentNames } from 'urispec';
 * componentNames('rfc1808'); // ['scheme', 'net_loc', 'path', 'params', 'query', 'fragment']
 * ```
 */
export function componentNames(spec: SpecId): string[] {
  return (TABLES[eraOf(spec).id] ?? []).map((c) => c.name);
}

/**
 * Reads the components off a derivation tree: for each component, the first node (pre-order)
 * of one of its rules. Nodes below a `host`'s or a scheme part's own node are searched too,
 * since tables name nested components (`host` inside `authority`).
 */
export function componentsOfTree(spec: SpecId, input: string, tree: DerivationNode): Components {
  const table = TABLES[spec] ?? [];
  const byRule = new Map<string, ComponentRule>();
  for (const c of table) for (const r of c.rules) byRule.set(r, c);
  const out: Components = {};
  const ancestors: string[] = [];
  const walk = (node: DerivationNode): void => {
    const c = byRule.get(node.rule);
    if (c && !(c.name in out) && (!c.within || ancestors[ancestors.length - 1] === c.within)) {
      const fixed = c.fixed?.[node.rule];
      const component: Component = fixed !== undefined
        ? { value: fixed, start: node.start, end: node.start + fixed.length, rule: node.rule }
        : { value: input.slice(node.start, node.end), start: node.start, end: node.end, rule: node.rule };
      const kind = c.kind === 'child' ? node.children[0]?.rule : c.kind === 'rule' ? node.rule : c.kind?.(ancestors);
      if (kind !== undefined) component.kind = kind;
      out[c.name] = component;
    }
    ancestors.push(node.rule);
    for (const child of node.children) walk(child);
    ancestors.pop();
  };
  walk(tree);
  return out;
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
 * `rfc1808` scheme, net_loc, path, params, query, fragment; `rfc2396-draft` scheme, server,
 * user, password, host, port, path, query, fragment; `rfc1738` the parts of each scheme's rule
 * (user, password, host, port, urlpath, fpath, ftptype, hpath, search, gtype, selector,
 * group, article, database, ...).
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
  if (!(spec in TABLES)) {
    throw badOption(`urispec names no components for ${spec} yet; parse knows: ${Object.keys(TABLES).join(', ')}`, Object.keys(TABLES));
  }
  const x = explain(input, options);
  // The key order of `validate`'s records (contract): input, spec, rule, valid, then the rest.
  if (!x.valid || !x.tree) return { input, spec: x.spec, rule: x.rule, valid: false, error: x.error! };
  return { input, spec: x.spec, rule: x.rule, valid: true, components: componentsOfTree(x.spec, input, x.tree) };
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
