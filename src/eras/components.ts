// Which spec rules carry which component, one list per grammar (src/eras/table.ts names one in
// each era's row, `components: 'RFC3986'`; `componentsOf` below looks it up). parse.ts reads the
// components off the derivation tree with these lists; test/era-table.test.ts checks that every
// rule named here is a rule of the era's grammar. The table names a list rather than importing
// it, so that a bundle of `validate` (which reads the table) leaves the lists out.

import { rowOf } from './table.js';

/** One row of an era's table: a component and the rules whose nodes carry it. */
export interface ComponentRule {
  name: string;
  rules: readonly string[];
  /** The component's form, from its node (`child`: the rule of its first child). */
  kind?: 'child' | 'rule' | ((ancestors: readonly string[], node: { rule: string; children: ReadonlyArray<{ rule: string; children: readonly unknown[] }> }) => string | undefined);
  /** Only a node whose parent is this rule (one of these rules) carries it. */
  within?: string | readonly string[];
  /** A fixed value for a rule that carries no text of its own (RFC 1738's scheme literals). */
  fixed?: Readonly<Record<string, string>>;
  /**
   * The rule repeats under one parent (RFC 1738 §5 `*[ fieldspec ]`): the component spans the
   * whole run, from its first node to its last, and each node is one of its `items` (as RFC
   * 6068's addr-specs and hfields are), so that no repetition is reported by its first alone.
   */
  list?: boolean;
  /**
   * Rules whose node, when it holds no node of this component, gives the component empty at its
   * own start (RFC 1808 §2.2 `rel_path = [ path ] ...`: §2.4.6's path is "all that is left",
   * which may be nothing, and whether a slash preceded it must be remembered).
   */
  emptyIn?: readonly string[];
  /**
   * A split of the node's text that the spec's prose makes and its grammar cannot (RFC 1738
   * §3.4.1's selector, which holds no tab: the grammar's `*xchar` takes the "%09"s). At the
   * first `at`, what follows is `into[0]`, then, after the next `at`, `into[1]`, each checked
   * by the grammar's rule of that name; where they are not both rules' strings, no split.
   */
  split?: { at: string; into: readonly [string, string] };
}

const pathForm = (ancestors: readonly string[]): string => (ancestors.includes('abs_path') ? 'abs_path' : 'rel_path');

export const RFC3986: readonly ComponentRule[] = [
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

export const RFC1808: readonly ComponentRule[] = [
  { name: 'scheme', rules: ['scheme'] },
  { name: 'net_loc', rules: ['net_loc'] },
  // §2.4.6: "the parser must remember whether or not [the slash] was present so that later
  // processes can differentiate between relative and absolute paths". `[ path ]` may be absent
  // from a rel_path (`/`, `http://a/`, `?q`), so the path is then empty, carried by the rel_path
  // with the form it stands in: `/` and `` differ (abs_path, rel_path), as the 1996 draft's
  // empty path does; `http://a` has no rel_path and so no path (§2.4.3: all is net_loc).
  { name: 'path', rules: ['path'], kind: pathForm, emptyIn: ['rel_path'] },
  { name: 'params', rules: ['params'] },
  { name: 'query', rules: ['query'] },
  { name: 'fragment', rules: ['fragment'] },
];

export const RFC2396_DRAFT: readonly ComponentRule[] = [
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

export const RFC1738: readonly ComponentRule[] = [
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
  // §3.4.1: "<gophertype><selector>%09<search>%09<gopher+_string>", and selector strings "may
  // contain any octets except 09 hexadecimal"; §3.4.3: Gopher+ URLs "have a second encoded tab
  // (%09) and a Gopher+ string". The grammar's selector (*xchar) takes every "%09" (grammar
  // header), so the split is made here: at the first "%09", then at the second (a gopher+_string
  // may hold more: §3.4.9's "+%091%0D%0A..."). docs/decisions.md, "gopher's selector".
  { name: 'selector', rules: ['selector'], split: { at: '%09', into: ['search', 'gopher+_string'] } },
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
  // §5 `prosperourl = "prospero://" hostport "/" ppath *[ fieldspec ]`: every fieldspec, as items.
  { name: 'fieldspec', rules: ['fieldspec'], list: true },
];

/** RFC 2396 §3 with RFC 2732: the generic components, and the path as the rule it stands in. */
export const RFC2396: readonly ComponentRule[] = [
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
export const RELATIVE_URL_01: readonly ComponentRule[] = [
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

export const URL03: readonly ComponentRule[] = [
  { name: 'scheme', rules: ['scheme', ...Object.keys(URL03_SCHEMES)], fixed: URL03_SCHEMES },
  { name: 'user', rules: ['user'] },
  { name: 'password', rules: ['password'] },
  { name: 'host', rules: ['host', 'hostname'], kind: 'child' },
  { name: 'port', rules: ['port'] },
  { name: 'cellname', rules: ['cellname'] },
  // The path of httpaddress, ftpaddress and afsaddress. `path` also stands inside wpath
  // (`digits = path ;`, repeated), hsoname and selector (each `= path`), which are components
  // of their own: a piece of a wais wpath is no path of the URL.
  { name: 'path', rules: ['path'], within: ['httpaddress', 'ftpaddress', 'afsaddress'] },
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
export const RFC3987: readonly ComponentRule[] = [
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
/**
 * RFC 8089 §2: the host is file-auth, "localhost" (the literal: "interpreted as "the machine
 * from which the URI is being interpreted," exactly as if no authority were present") or a host
 * of RFC 3986, whose form is its kind; absent (`file:/a`) or empty (`file:///a`) it is local too
 * (§3: "no "file-auth""). The path is always a path-absolute.
 */
export const RFC8089: readonly ComponentRule[] = [
  { name: 'scheme', rules: ['file-scheme'] },
  {
    name: 'host',
    rules: ['file-auth'],
    kind: (_ancestors, node) => {
      const host = node.children[0];
      return host === undefined ? 'localhost' : (host.children[0] as { rule: string } | undefined)?.rule;
    },
  },
  { name: 'path', rules: ['path-absolute'] },
];

export const RFC6874: readonly ComponentRule[] = [...RFC3986.slice(0, 4), { name: 'zone', rules: ['ZoneID'] }, ...RFC3986.slice(4)];

/**
 * RFC 9110 §4.2.1/§4.2.2: `"http" "://" authority path-abempty [ "?" query ]`, RFC 3986's
 * components. In `http-URI` the scheme is a literal of the rule, and the effective port is what
 * the text gives where the URI gives none: the profile adds both (src/profiles/http.ts). The
 * era's RFC 3986 rules (`URI-reference`) read a scheme and a fragment of their own.
 */
export const RFC9110: readonly ComponentRule[] = RFC3986;

/**
 * RFC 8141 §2 and §2.3: `assigned-name = "urn" ":" NID ":" NSS` and the optional components.
 * The r-component "ends with a "?=" sequence (which begins a q-component)" (§2.3.1), but the
 * printed `r-component` takes "?" and "=" and so runs to "#": the profile (src/profiles/urn.ts)
 * gives the r- and q-component split there, and parse takes its values over the derivation's.
 */
export const RFC8141: readonly ComponentRule[] = [
  { name: 'NID', rules: ['NID'] },
  { name: 'NSS', rules: ['NSS'] },
  { name: 'r-component', rules: ['r-component'] },
  { name: 'q-component', rules: ['q-component'] },
  { name: 'f-component', rules: ['f-component'] },
];

/** RFC 2141 §2: `<URN> ::= "urn:" <NID> ":" <NSS>`; "/", "?" and "#" are NSS characters (§2.3.2). */
export const RFC2141: readonly ComponentRule[] = [
  { name: 'NID', rules: ['NID'] },
  { name: 'NSS', rules: ['NSS'] },
];

/**
 * RFC 6068 §2: `mailtoURI = "mailto:" [ to ] [ hfields ]`. The profile (src/profiles/mailto.ts)
 * gives both, the grammar's split: `to` with an item a decoded addr-spec (its local-part and
 * domain as parts), `hfields` with an item an hfield (its hfname and hfvalue, decoded).
 */
export const RFC6068: readonly ComponentRule[] = [
  { name: 'to', rules: ['to'] },
  { name: 'hfields', rules: ['hfields'] },
];

/**
 * RFC 2397 §3: `dataurl := "data:" [ mediatype ] [ ";base64" ] "," data`. The profile
 * (src/profiles/data.ts) gives the media type §2 reads (with its parameters as items), the
 * ";base64" literal where it appears (no rule carries it) and the data's octets.
 */
export const RFC2397: readonly ComponentRule[] = [
  { name: 'mediatype', rules: ['mediatype'] },
  { name: 'base64', rules: [] },
  { name: 'data', rules: ['data'] },
];

/** The lists by the name an era's row of the table gives (`components: 'RFC3986'`). */
const LISTS = {
  RFC3986,
  RFC3987,
  RFC6874,
  RFC2396,
  RFC2396_DRAFT,
  RFC1808,
  RFC1738,
  RELATIVE_URL_01,
  URL03,
  RFC8089,
  RFC9110,
  RFC8141,
  RFC2141,
  RFC6068,
  RFC2397,
} as const satisfies Readonly<Record<string, readonly ComponentRule[]>>;

/** The name of a list, as an era's row of the table gives it. */
export type ComponentList = keyof typeof LISTS;

/** The components an era's parse names (its row's list), or undefined: none. */
export function componentsOf(id: string): readonly ComponentRule[] | undefined {
  const list = rowOf(id)?.components;
  return list === undefined ? undefined : LISTS[list];
}
