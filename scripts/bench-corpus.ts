/**
 * A deterministic corpus of realistic URI references for the benchmark: the shapes of
 * RFC 3986 §1.1.2 and §5.4 (schemes with and without authority, IPv4/IPv6/reg-name hosts,
 * ports, userinfo, percent-encoded paths, queries, fragments, relative references), and
 * about 10 % broken the way real ones are (spaces, bad escapes, stray brackets, bad IPv6).
 */
import { derive, grammarAlphabet, hashString, mutate } from '../test/oracle/derive.js';
import { hasPrinted, loadPrinted } from '../test/oracle/printed-grammars.js';
import { type Rng, mulberry32 } from '../test/oracle/prng.js';
import { compileRule } from '../test/oracle/regex.js';
import { rfc1738UrlOracle } from '../test/oracle/rfc1738-dispatch.js';

const WORDS = ['index', 'docs', 'api', 'v2', 'users', 'search', 'rfc', 'img', 'a', 'b-c', 'x_y', 'file.txt',
  'report.pdf', '~joe', 'caf%C3%A9', 'hello%20world', 'data;v=1', 'item(1)', 'a+b', '2024'];
const LABELS = ['www', 'example', 'ietf', 'org', 'com', 'net', 'mail', 'cdn-3', 'a1', 'xn--bcher-kva', 'eu', 'co'];
const TLDS = ['com', 'org', 'net', 'za', 'io', 'example'];

function regName(rng: Rng): string {
  const labels = Array.from({ length: rng.int(1, 3) }, () => rng.pick(LABELS));
  return [...labels, rng.pick(TLDS)].join('.');
}

function ipv4(rng: Rng): string {
  return Array.from({ length: 4 }, () => rng.int(0, 255)).join('.');
}

function ipv6(rng: Rng): string {
  const h16 = (): string => rng.int(0, 0xffff).toString(16);
  switch (rng.int(0, 4)) {
    case 0: return Array.from({ length: 8 }, h16).join(':');
    case 1: return `2001:db8::${h16()}`;
    case 2: return '::1';
    case 3: return `::ffff:${ipv4(rng)}`;
    default: return `fe80::${h16()}:${h16()}`;
  }
}

function host(rng: Rng): string {
  const r = rng.next();
  return r < 0.75 ? regName(rng) : r < 0.9 ? ipv4(rng) : `[${ipv6(rng)}]`;
}

function authority(rng: Rng): string {
  const user = rng.next() < 0.08 ? `${rng.pick(['joe', 'anonymous', 'user:pass', 'a%40b'])}@` : '';
  const port = rng.next() < 0.2 ? `:${rng.pick([80, 443, 8080, 21, 389, 3000])}` : '';
  return `${user}${host(rng)}${port}`;
}

function path(rng: Rng, min = 0): string {
  const n = rng.int(min, 5);
  return Array.from({ length: n }, () => `/${rng.pick(WORDS)}`).join('') + (rng.next() < 0.15 ? '/' : '');
}

function query(rng: Rng): string {
  if (rng.next() > 0.35) return '';
  const pairs = Array.from({ length: rng.int(1, 4) }, () => `${rng.pick(['q', 'page', 'id', 'lang', 'utm_source'])}=${rng.pick(['1', 'abc', 'a+b', '%E2%9C%93', 'x/y?z', ''])}`);
  return `?${pairs.join('&')}`;
}

function fragment(rng: Rng): string {
  return rng.next() < 0.15 ? `#${rng.pick(['top', 'section-2', 'a/b', 'p?1', '%23'])}` : '';
}

function valid(rng: Rng): string {
  switch (rng.int(0, 11)) {
    case 0: case 1: case 2: return `http://${authority(rng)}${path(rng)}${query(rng)}${fragment(rng)}`;
    case 3: case 4: return `https://${authority(rng)}${path(rng)}${query(rng)}${fragment(rng)}`;
    case 5: return `ftp://${authority(rng)}${path(rng, 1)}`;
    case 6: return `mailto:${rng.pick(['John.Doe', 'info', 'a.b+c'])}@${regName(rng)}${rng.next() < 0.3 ? '?subject=Hi%20there' : ''}`;
    case 7: return `urn:${rng.pick(['isbn:0451450523', 'oasis:names:specification:docbook:dtd:xml:4.1.2', `uuid:6e8bc430-9c3a-11d9-9669-0800200c9a66`])}`;
    case 8: return rng.next() < 0.5 ? `file://${path(rng, 1)}` : `file://localhost${path(rng, 1)}`;
    case 9: return `ldap://${rng.next() < 0.5 ? '[2001:db8::7]' : regName(rng)}/c=GB?objectClass?one`;
    case 10: return `tel:+1-${rng.int(200, 999)}-555-${rng.int(1000, 9999)}`;
    default: return relative(rng);
  }
}

function relative(rng: Rng): string {
  switch (rng.int(0, 5)) {
    case 0: return `//${authority(rng)}${path(rng)}`;
    case 1: return `${path(rng, 1)}${query(rng)}`;
    case 2: return `${rng.pick(['.', '..', '../..'])}${path(rng, 1)}${fragment(rng)}`;
    case 3: return `${rng.pick(WORDS)}${path(rng)}${query(rng)}`;
    case 4: return rng.pick(['?y', '#s', 'g;x?y#s', '']);
    default: return `${rng.pick(WORDS)}/${rng.pick(WORDS)}`;
  }
}

/** Realistic mistakes: each yields a string outside RFC 3986 `URI-reference`. */
function invalid(rng: Rng): string {
  const base = `http://${regName(rng)}${path(rng, 1)}`;
  switch (rng.int(0, 7)) {
    case 0: return `${base}/my file.txt`; // unencoded space
    case 1: return `${base}%${rng.pick(['G1', '4', 'zz', ''])}`; // bad percent escape (§2.1)
    case 2: return `${base}/[${rng.pick(WORDS)}]`; // "[" "]" outside IP-literal (§3.2.2)
    case 3: return `http://[${rng.pick(['1::2::3', '12345::1', '1:2:3:4:5:6:7:8:9', '::ffff:1.2.3', 'fe80::1%eth0'])}]/`; // bad IPv6
    case 4: return `http://exa mple.${rng.pick(TLDS)}/`;
    case 5: return `${base}?q=${rng.pick(['<script>', 'a|b', '{x}', 'a^b', '"q"'])}`; // excluded characters
    case 6: return `http://${regName(rng)}:80x${path(rng)}`; // non-digit port
    default: return `${base}#frag#ment`; // second "#" (§3.5)
  }
}

/** `n` URI references, about 10 % invalid, identical on every run. */
export function corpus(n: number, seed = 20050101): string[] {
  const rng = mulberry32(seed);
  return Array.from({ length: n }, () => (rng.next() < 0.1 ? invalid(rng) : valid(rng)));
}

/**
 * The printed grammar's verdict on `rule` of `spec` (the oracle of test/property.test.ts): an
 * anchored RegExp compiled from the spec's printed rules, or null when the era has no printed
 * grammar or its rule does not compile to one. RFC 1738 `url` is read with scheme dispatch
 * (contract): a URL of one of the ten schemes of §3 must match that scheme's rule, any other
 * `otherurl` (§5).
 */
export function printedOracle(spec: string, rule: string): ((s: string) => boolean) | null {
  if (!hasPrinted(spec)) return null;
  const printed = loadPrinted(spec);
  try {
    if (spec === 'rfc1738' && rule === 'url') {
      return rfc1738UrlOracle(printed);
    }
    const re = compileRule(printed, rule);
    return (s) => re.test(s);
  } catch {
    return null;
  }
}

/** Lines per era corpus, and the share of them made invalid (issue 17: 20 % or more). */
const ERA_LINES = 10_000;
const ERA_INVALID = 0.35;

/**
 * `n` lines of `rule` of `spec` for the per-era rows, deterministic: derivations of the printed
 * rule; for a share ERA_INVALID of them, a near miss instead: the derivation edited once or
 * twice with the grammar's own characters and outsiders until `oracle` rejects it (at most 16
 * tries, so a few may stay valid). Null without a printed grammar.
 */
export function eraCorpus(spec: string, rule: string, oracle: (s: string) => boolean, n = ERA_LINES, seed = 20050101): string[] | null {
  if (!hasPrinted(spec)) return null;
  const printed = loadPrinted(spec);
  const rng = mulberry32(seed ^ hashString(spec));
  const alphabet = grammarAlphabet(printed);
  const out: string[] = [];
  for (let attempt = 0; out.length < n && attempt < n * 20; attempt++) {
    let s: string;
    try {
      s = derive(printed, rule, rng, { maxRepeat: 4 });
    } catch {
      return null;
    }
    if (rng.next() < ERA_INVALID) {
      const derived = s;
      for (let k = 0; k < 16 && oracle(s); k++) s = mutate(derived, rng, alphabet);
    }
    if (s.length < 200) out.push(s);
  }
  return out;
}
