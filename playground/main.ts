// The playground: one input under every era, in the browser, with the library's own parsers
// (bundled from src/ by playground/build.mjs). No server: everything below is computed here.
//
// The lesson is a rule: its railroad diagram (drawn by ./railroad.ts, loaded on first use),
// its printed definition and section, and the input's path through it. State lives in the
// address's fragment (#u=...&base=...&era=...&rule=...&at=...&a=...&b=...&diff=1), so a link
// reproduces a lesson. Rule links carry only what they change (#era=...&rule=...): the page
// merges them into the state and writes the whole address back.
//
// Each era's recognizers load when the era is first used (./eras.ts): the first view waits for
// the lesson's era and RFC 3986 (normalization, the URL Standard's divergence) only; every
// other era's verdict, components and resolution fill in as its chunk arrives.

import { explain, isValid, normalize, parse, resolveAcross, validate, type DerivationNode, type Explanation, type GrammarDiff, type ValidationError } from '../src/index.js';
import { displayInput, displayToken, escapeInput, sectionLabel, specLabel } from '../src/format.js';
import { DEFAULT_SPEC, eraOf } from '../src/registry.js';
import { eraList, isLoaded, loadEra, type EraSummary } from './eras.js';
import { failingPath, lessonNode } from './lesson.js';
import { labelUrl, unprinted } from './sources.js';
import { divergence, whatwg, type WhatwgResult } from '../src/whatwg.js';

const DEFAULT_INPUT = 'http://a/~u';
const DEFAULT_BASE = 'http://a/b/c/d;p?q';
/** Tree nodes drawn at most: a deep derivation stays quick to draw. */
const MAX_TREE_NODES = 1500;
/**
 * Longer inputs get each era's verdict only. The derivation tree, the components, the
 * normalization and the resolution re-parse the whole input in every era (a 100 kB input takes
 * seconds of the page's thread for those, 1 MB most of a minute), while validate's recognizers
 * stay quick: so a long paste is validated in every era, one era per task, and the page answers
 * between them (test/playground.test.ts pastes 256 kB; a megabyte, measured by hand, kept the
 * thread busy at most about 1.3 s at a time).
 */
const LARGE_INPUT = 20_000;
/** An input event's work waits this long for the next one, when the input is large. */
const LARGE_INPUT_DEBOUNCE_MS = 250;

const isLarge = (input: string) => input.length > LARGE_INPUT;

/** The note shown in place of what a large input leaves out. */
const largeNote = (what: string, why = 'each re-parses the whole input in every era') => h('p', { class: 'help large-note' },
  `The input is ${state.input.length.toLocaleString('en')} characters long: over ${LARGE_INPUT.toLocaleString('en')} the page shows each era's verdict only, and leaves out ${what} (${why}).`);

const byId = new Map(eraList.map((s) => [s.id, s]));

/**
 * An era's date as shown: its document's, and that of a later document its grammar holds, from
 * the grammar's header (`// @amended`: RFC 2396's era holds RFC 2732's IPv6 literals, rfc2732.txt
 * "December 1999", and so does RFC 2397's, built on it).
 */
const eraDate = (id: string, date: string) => {
  const amended = eraList.find((e) => e.id === id)?.amended;
  return amended ? `${date} (with ${amended})` : date;
};

const $ = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;
const uriField = $<HTMLInputElement>('uri');
const escapedField = $<HTMLInputElement>('escaped');
const baseField = $<HTMLInputElement>('base');
const eraSelect = $<HTMLSelectElement>('era');
const ruleSelect = $<HTMLSelectElement>('rule');
const diffA = $<HTMLSelectElement>('diff-a');
const diffB = $<HTMLSelectElement>('diff-b');
const shareLink = $<HTMLAnchorElement>('share-link');

interface State {
  input: string;
  base: string;
  era: string;
  /** The rule of the lesson; null: the failing rule, or the start rule when the input is valid. */
  rule: string | null;
  /** Where the lesson's node starts in the derivation tree; null: chosen from the failure. */
  at: number | null;
  a: string;
  b: string;
  diff: boolean;
}

const state: State = { input: DEFAULT_INPUT, base: DEFAULT_BASE, era: 'rfc1808', rule: null, at: null, a: 'rfc1808', b: 'rfc3986', diff: false };

/** Element builder: `h('td', { class: 'x' }, 'text', child)`. */
function h(tag: string, attrs: Record<string, string> = {}, ...children: Array<Node | string>): HTMLElement {
  const el = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, v);
  el.append(...children);
  return el;
}

/**
 * Decodes `\t`, `\n`, `\r`, `\0`, `\\`, `\xHH`, `\uHHHH` and `\u{H...}`; any other backslash
 * stays as it is. The inverse of format.ts's escapeInput, which writes the escapes field.
 *
 * @example
 * ```ts
 * decodeEscapes('a\\tb\\u0000'); // 'a\tb\u0000'
 * ```
 */
export function decodeEscapes(text: string): string {
  return text.replace(/\\(u\{([0-9a-fA-F]{1,6})\}|u([0-9a-fA-F]{4})|x([0-9a-fA-F]{2})|[tnr0\\])/g, (whole, e: string, cp?: string, u?: string, x?: string) => {
    if (cp !== undefined) {
      const code = parseInt(cp, 16);
      return code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    if (u !== undefined) return String.fromCharCode(parseInt(u, 16));
    if (x !== undefined) return String.fromCharCode(parseInt(x, 16));
    return ({ t: '\t', n: '\n', r: '\r', '0': '\u0000', '\\': '\\' } as Record<string, string>)[e]!;
  });
}

// ----- the address -----

/**
 * A parameter's value for the address, every UTF-16 unit kept: URLSearchParams writes a lone
 * surrogate as U+FFFD (its UTF-8 encoder replaces it), and the input would come back as another
 * string. Well-formed text is percent-encoded as UTF-8 (encodeURIComponent); a lone surrogate is
 * written `%uD800`, which no UTF-8 escape can be ("%" itself is written %25).
 */
export function encodeParam(value: string): string {
  return value.replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]|[^\ud800-\udfff]+|[\ud800-\udbff][\udc00-\udfff]/g,
    (part) => (part.length === 1 && (part.charCodeAt(0) & 0xf800) === 0xd800 ? `%u${part.charCodeAt(0).toString(16).toUpperCase()}` : encodeURIComponent(part)));
}

/**
 * The inverse of {@link encodeParam}; also reads what URLSearchParams wrote (links made before:
 * "+" is a space, a malformed UTF-8 escape is U+FFFD).
 */
export function decodeParam(text: string): string {
  return text.split(/%u(D[89A-F][0-9A-F]{2})/i).map((part, i) => {
    if (i % 2 === 1) return String.fromCharCode(parseInt(part, 16));
    try {
      return decodeURIComponent(part.replace(/\+/g, ' '));
    } catch {
      return new URLSearchParams(`v=${part}`).get('v')!;
    }
  }).join('');
}

/** The fragment's parameters, decoded by {@link decodeParam}; the last of a repeated name wins. */
function hashParams(hash: string): Map<string, string> {
  const p = new Map<string, string>();
  for (const pair of hash.split('&')) {
    if (pair === '') continue;
    const eq = pair.indexOf('=');
    p.set(decodeParam(eq < 0 ? pair : pair.slice(0, eq)), eq < 0 ? '' : decodeParam(pair.slice(eq + 1)));
  }
  return p;
}

/** A fragment from parameters, each value written by {@link encodeParam}. */
function hashOf(params: Array<[string, string]>): string {
  return params.map(([k, v]) => `${k}=${encodeParam(v)}`).join('&');
}

/** Merges the fragment's parameters into the state: a rule link carries only era and rule. */
function readHash(): void {
  const p = hashParams(location.hash.slice(1));
  const known = (id: string | undefined, fallback: string) => (id !== undefined && byId.has(id) ? id : fallback);
  state.input = p.get('u') ?? state.input;
  state.base = p.get('base') ?? state.base;
  state.era = known(p.get('era'), state.era);
  if (p.has('rule') || p.has('era')) {
    state.rule = p.get('rule') || null; // checked against the era's rules once it is loaded
    const at = Number(p.get('at'));
    state.at = p.has('at') && Number.isInteger(at) && at >= 0 ? at : null;
  }
  state.a = known(p.get('a'), state.a);
  state.b = known(p.get('b'), state.b);
  if (p.has('diff')) state.diff = p.get('diff') === '1';
}

function fullHash(): string {
  const p: Array<[string, string]> = [['u', state.input], ['base', state.base], ['era', state.era]];
  if (state.rule) p.push(['rule', state.rule]);
  if (state.at !== null) p.push(['at', String(state.at)]);
  p.push(['a', state.a], ['b', state.b]);
  if (state.diff) p.push(['diff', '1']);
  return '#' + hashOf(p);
}

/** Chromium keeps addresses up to 2 MiB: a longer state leaves the input out of the address. */
const MAX_ADDRESS = 2_000_000;

function writeHash(): void {
  let hash = fullHash();
  const fits = hash.length <= MAX_ADDRESS;
  if (!fits) hash = '#' + hash.slice(1).split('&').filter((p) => !p.startsWith('u=')).join('&');
  $('share-help').textContent = fits ? '(the address holds the input, base, era and rule)' : '(the input is too long for an address: the link holds the base, era and rule only)';
  if (location.hash !== hash) history.replaceState(null, '', hash);
  shareLink.href = location.href;
}

/** A link to a rule's lesson: its diagram, printed definition and section. */
function ruleLink(era: string, rule: string, attrs: Record<string, string> = {}, at?: number): HTMLElement {
  const p = new URLSearchParams({ era, rule });
  if (at !== undefined) p.set('at', String(at));
  return h('a', { href: `#${p}`, class: `rule-link ${attrs.class ?? ''}`.trim(), ...attrs }, rule);
}

// ----- scrollable regions -----

/**
 * Every element of class `scroll` that overflows gets a tab stop (the keyboard must reach what
 * it can scroll, WCAG 2.1.1); one that fits gets none, so the page has few tab stops.
 */
function focusScrollables(): void {
  for (const el of document.querySelectorAll<HTMLElement>('.scroll')) {
    if (el.scrollWidth > el.clientWidth + 1 || el.scrollHeight > el.clientHeight + 1) {
      el.tabIndex = 0;
      if (!el.hasAttribute('role')) el.setAttribute('role', 'region');
    } else {
      el.removeAttribute('tabindex');
      if (el.getAttribute('role') === 'region') el.removeAttribute('role');
    }
  }
}
new ResizeObserver(() => focusScrollables()).observe(document.body);

// ----- verdicts -----

const hintOf = (e: ValidationError) => (e as ValidationError & { hint?: string }).hint;

/** The verdicts shown for the current input, by era: the summary counts them. */
const verdicts = new Map<string, boolean>();

/** Code points shown on each side of the failing one when the input is too long for a line. */
const CARET_WINDOW = 30;

/** The code unit where the code point before unit `i` begins. */
const previousPoint = (input: string, i: number) => (i >= 2 && (input.charCodeAt(i - 1) & 0xfc00) === 0xdc00 && (input.charCodeAt(i - 2) & 0xfc00) === 0xd800 ? i - 2 : i - 1);

/**
 * The input with its failing character marked and a caret under it. The caret is placed by the
 * browser's own layout, under the marked character (style.css: `.caret-at`), not by counting
 * columns as a terminal's renderCaret does: a browser gives CJK, fullwidth, astral, Thai,
 * Devanagari and combining text its own widths, and reorders right-to-left text, so no count of
 * columns says where a character is drawn. Shown as format.ts's displayInput shows an input
 * (hidden characters escaped); a long input is cut around the failing character.
 */
function caretBlock(input: string, offset: number, label: string): HTMLElement {
  let at = Math.max(0, Math.min(offset, input.length));
  if (at > 0 && at < input.length && (input.charCodeAt(at) & 0xfc00) === 0xdc00 && (input.charCodeAt(at - 1) & 0xfc00) === 0xd800) at--;
  let start = 0;
  let end = input.length;
  if (input.length > 4 * CARET_WINDOW) {
    start = at;
    for (let n = 0; n < CARET_WINDOW && start > 0; n++) start = previousPoint(input, start);
    end = at;
    for (let n = 0; n <= CARET_WINDOW && end < input.length; n++) end += displayToken(input, end).units;
  }
  // A combining mark at the offset draws on the character before it: both are marked.
  let markFrom = at;
  let markTo = at;
  if (at < input.length) {
    const t = displayToken(input, at);
    markTo = at + t.units;
    if (t.columns === 0 && at > start) markFrom = previousPoint(input, at);
  }
  const mark = at < input.length
    ? h('span', { class: 'caret-at' }, displayInput(input, markFrom, markTo))
    : h('span', { class: 'caret-at end' }, ' ');
  mark.append(h('span', { class: 'caret-sign', 'aria-hidden': 'true' }, '^'));
  return h('pre', { class: 'caret scroll', 'aria-label': label },
    start > 0 ? '…' : '', displayInput(input, start, markFrom), mark, displayInput(input, markTo, end), end < input.length ? '…' : '');
}

/** One era's verdict, or a placeholder while its recognizers load. */
function verdictItem(era: EraSummary): HTMLElement {
  const item = h('li', { 'data-spec': era.id, class: state.era === era.id ? 'current' : '' });
  const head = [h('strong', {}, era.id), ' ', h('span', { class: 'help' }, `${eraDate(era.id, era.date)}, as `), ruleLink(era.id, era.defaultRule, { class: 'start-rule' })];
  if (!isLoaded(era.id)) {
    item.setAttribute('aria-busy', 'true');
    item.append(h('span', { class: 'pending verdict' }, '… loading'), ' ', ...head);
    return item;
  }
  const r = validate(state.input, { spec: era.id });
  verdicts.set(era.id, r.valid);
  item.append(h('span', { class: r.valid ? 'valid verdict' : 'invalid verdict' }, r.valid ? '✓ valid' : '✗ invalid'), ' ', ...head);
  if (!r.valid) {
    const e = r.error;
    item.append(
      caretBlock(state.input, e.offset, `${era.id}: the input with a caret under offset ${e.offset}`),
      h('p', { class: 'where' }, `offset ${e.offset} in `, ruleLink(era.id, e.rule, { class: 'failing-rule' }),
        ` (${sectionLabel(era.id, e.section)}), found ${e.found === null ? 'the end of the input' : `"${escapeInput(e.found)}"`}`),
    );
    const hint = hintOf(e);
    if (hint) item.append(h('p', { class: 'hint' }, `Hint: ${hint}`));
  }
  return item;
}

function renderSummary(): void {
  const ok = [...verdicts.values()].filter(Boolean).length;
  const waiting = eraList.length - verdicts.size;
  const summary = $('summary');
  // A live region: busy while eras arrive, so that a screen reader says the count once.
  if (waiting > 0) summary.setAttribute('aria-busy', 'true');
  else summary.removeAttribute('aria-busy');
  summary.textContent = waiting === 0
    ? `Valid in ${ok} of ${eraList.length} eras.`
    : `Valid in ${ok} of the ${verdicts.size} eras ${isLarge(state.input) ? 'validated' : 'loaded'} so far; ${waiting} more ${isLarge(state.input) ? 'to come' : 'loading'}.`;
}

/** Counts renderings of the verdicts: a task of an earlier one stops when a later one began. */
let verdictsToken = 0;

function renderVerdicts(): void {
  verdicts.clear();
  const token = ++verdictsToken;
  if (!isLarge(state.input)) {
    $('verdicts').replaceChildren(...eraList.map(verdictItem), renderWhatwg());
    renderSummary();
    return;
  }
  // One era per task: the page handles input and paints between them.
  $('verdicts').replaceChildren(...eraList.map((era) => h('li', { 'data-spec': era.id, 'aria-busy': 'true' }, h('span', { class: 'pending verdict' }, '… validating'), ' ', h('strong', {}, era.id))), renderWhatwg());
  renderSummary();
  const next = (i: number) => {
    if (token !== verdictsToken || i >= eraList.length) return;
    const era = eraList[i]!;
    // An era not loaded yet is drawn by eraArrived; its placeholder says so meanwhile.
    replaceEraChild($('verdicts'), era.id, verdictItem(era));
    renderSummary();
    setTimeout(() => next(i + 1), 0);
  };
  setTimeout(() => next(0), 0);
}

// ----- the URL Standard -----

/**
 * The URL Standard's parser: whatwg-url, its reference implementation (./url-standard.ts), not
 * this browser's URL, which parts from the Standard on some inputs. null until its chunk arrives.
 */
let standard: typeof import('./url-standard.js') | null = null;
let standardLoading: Promise<void> | null = null;

function loadStandard(): Promise<void> {
  standardLoading ??= import('./url-standard.js').then((m) => {
    standard = m;
    replaceEraChild($('verdicts'), 'whatwg', renderWhatwg());
    replaceEraChild($('resolution').querySelector('tbody')!, 'whatwg', whatwgResolutionRow());
  });
  return standardLoading;
}

/** The library's reading of the Standard (src/whatwg.ts), run on whatwg-url's parser. */
function standardReading(input: string, base?: string): WhatwgResult {
  return whatwg(input, base, standard!.StandardURL);
}

/**
 * The URL Standard's verdict, with its divergence from RFC 3986. Three outcomes, as the library's
 * column tells them apart: failure; a URL, with validation errors (the parser repaired the
 * input: it is no valid URL string); a URL, with none.
 */
function renderWhatwg(): HTMLElement {
  const item = h('li', { 'data-spec': 'whatwg', class: 'whatwg' });
  const head = [h('strong', {}, 'WHATWG URL Standard'), ' ', h('span', { class: 'help' }, `living standard, as its reference implementation whatwg-url${standard ? ` ${standard.version}` : ''} reads it`)];
  if (!standard) {
    item.setAttribute('aria-busy', 'true');
    item.append(h('span', { class: 'pending verdict' }, '… loading'), ' ', ...head);
    return item;
  }
  if (isLarge(state.input)) {
    // whatwg-url and the reading of its states take seconds of the page's thread on a megabyte.
    item.append(h('span', { class: 'pending verdict' }, '– left out'), ' ', ...head, largeNote('the URL Standard\'s parse', 'it takes seconds on a long input'));
    return item;
  }
  const w = standardReading(state.input);
  const verdict = !w.valid ? h('span', { class: 'invalid verdict' }, '✗ failure')
    : w.errors.length ? h('span', { class: 'repaired verdict' }, '⚠ parses, not valid')
    : h('span', { class: 'valid verdict' }, '✓ valid');
  item.append(verdict, ' ', ...head);
  if (w.valid) {
    item.append(h('p', { class: 'where' }, w.errors.length ? `parsed, with ${w.errors.length} validation error${w.errors.length > 1 ? 's' : ''}, as ` : 'parsed, with no validation error, as ',
      h('code', { class: 'href' }, escapeInput(w.href!))));
  }
  if (w.errors.length) {
    item.append(h('ul', { class: 'whatwg-errors' }, ...w.errors.map((e) =>
      h('li', {}, h('code', {}, e.name), e.fatal ? ' (failure): ' : ': ', escapeInput(e.detail)))));
  }
  const d = divergence(w, isValid(state.input, { spec: DEFAULT_SPEC }));
  item.append(h('p', { class: 'divergence' }, h('strong', {}, 'Against RFC 3986: '), escapeInput(d)));
  return item;
}

// ----- the lesson: one rule of one era -----

function renderTree(node: DerivationNode | null, input: string, broken: Set<DerivationNode>, error: ValidationError | undefined, lessonNode: DerivationNode | null): HTMLElement {
  if (!node) return h('p', {}, 'No rule matched anything: the start rule broke at its first character.');
  let budget = MAX_TREE_NODES;
  const last = [...broken].pop();
  const item = (n: DerivationNode): HTMLElement => {
    budget--;
    const text = input.slice(n.start, n.end);
    const li = h('li', { class: [broken.has(n) ? 'on-failing-path' : '', n === lessonNode ? 'lesson-node' : ''].join(' ').trim() },
      ruleLink(state.era, n.rule, {}, n.start), ' ',
      text === '' ? h('span', { class: 'span' }, '(empty)') : h('code', {}, escapeInput(text)), ' ',
      h('span', { class: 'span' }, `${n.start}–${n.end}`),
    );
    const ul = h('ul');
    for (const c of n.children) {
      if (budget <= 0) {
        ul.append(h('li', { class: 'span' }, '… (tree cut short)'));
        break;
      }
      ul.append(item(c));
    }
    if (n === last && error) {
      ul.append(h('li', { class: 'broke' },
        h('strong', {}, `✗ broke here, at offset ${error.offset}: `),
        `found ${error.found === null ? 'the end of the input' : `"${escapeInput(error.found)}"`}; ${error.rule} could not go on`));
    }
    if (ul.childElementCount > 0) li.append(ul);
    return li;
  };
  return h('div', { class: 'tree' }, h('ul', {}, item(node)));
}

/** A rule's printed text with every rule name of its era linked to that rule's lesson. */
function linkedText(spec: string, text: string, names: Set<string>): HTMLElement {
  const pre = h('pre', { class: 'scroll', 'aria-label': 'the definition as printed' });
  // Quoted literals and prose are kept as they are; names are runs of name characters.
  const tokens = text.split(/("[^"]*"|<[^>]*>|[A-Za-z][A-Za-z0-9_+-]*)/);
  tokens.forEach((t, i) => {
    if (i % 2 === 1 && names.has(t)) pre.append(ruleLink(spec, t));
    else pre.append(t);
  });
  return pre;
}

/** A link to where a section label is read (./sources.ts: the document the label names). */
function sectionLink(label: string): HTMLElement {
  const url = labelUrl(label);
  return url ? h('a', { href: url, rel: 'noopener', class: 'section' }, label) : h('span', { class: 'section' }, label);
}

/**
 * Where a rule's line comes from, truthfully: the section that prints it, or, for a rule no
 * document prints (its shown definition says so: ./sources.ts `unprinted`), that the line is the
 * era's reading, its comment saying where the rule is named.
 */
function ruleSource(era: string, meta: { name: string; section: string; text: string }, title: string, date: string): HTMLElement {
  const label = sectionLabel(era, meta.section);
  const own = labelUrl(label)?.split('#')[0] === labelUrl(specLabel(era));
  const eraNote = own ? ` (${title}, ${date})` : ` (used by ${title}, ${date})`;
  if (!unprinted(meta)) return h('p', { class: 'source' }, 'Printed in ', sectionLink(label), `${eraNote}:`);
  return h('p', { class: 'source unprinted' },
    h('strong', {}, 'Named, not printed there: '), sectionLink(label), `${eraNote}. No document prints this rule: its comment says where it is named. `,
    'As this era reads it:');
}

let railroad: Promise<typeof import('./railroad.js')> | null = null;
let lessonToken = 0;
/** The era whose recognizers the lesson waits for, if any. */
let lessonWaitsFor: string | null = null;

/** Resolves when the first lesson's diagram is drawn (or could not be): the first view is complete. */
let firstDiagramDrawn: () => void = () => {};
const firstDiagram = new Promise<void>((resolve) => {
  firstDiagramDrawn = resolve;
});

/** validate's record as an explanation without its tree: a large input's lesson (LARGE_INPUT). */
function largeExplanation(input: string, spec: string): Explanation {
  const r = validate(input, { spec });
  return r.valid ? { ...r, input, tree: null } as Explanation : { ...r, input, tree: null } as Explanation;
}

function renderLesson(): void {
  eraSelect.value = state.era;
  if (!isLoaded(state.era)) {
    // The era's grammar is on its way: eraArrived draws the lesson then.
    ++lessonToken;
    lessonWaitsFor = state.era;
    $('lesson-rule').replaceChildren(h('code', {}, state.rule ?? '…'), ` in ${state.era}`);
    $('rule-text').replaceChildren(h('p', { class: 'help' }, `Loading the grammar of ${state.era}…`));
    const diagram = $('diagram');
    diagram.setAttribute('aria-busy', 'true');
    diagram.removeAttribute('data-rule');
    diagram.replaceChildren(h('p', { class: 'help' }, 'Loading the railroad diagram…'));
    $('diagram-legend').replaceChildren();
    $('tree').replaceChildren();
    void want(state.era);
    return;
  }
  lessonWaitsFor = null;
  const large = isLarge(state.input);
  // A large input: validate's verdict and error, without the derivation tree (see LARGE_INPUT).
  const x: ReturnType<typeof explain> = large ? largeExplanation(state.input, state.era) : explain(state.input, { spec: state.era });
  const era = eraOf(state.era);
  const spec = era.meta;
  if (state.rule !== null && !spec.rules.some((r) => r.name === state.rule)) state.rule = null; // a rule the era does not have
  const ruleName = state.rule ?? x.error?.rule ?? x.rule;
  const meta = spec.rules.find((r) => r.name === ruleName)!;
  const names = new Set(spec.rules.map((r) => r.name));
  const broken = new Set(failingPath(x.tree, x.error));
  const { node, start, failing: isFailing } = lessonNode(x, ruleName, state.at);
  // explain's verdict is validate's: a scheme profile's prose may reject what the grammar
  // derives (layer 'profile', src/profiles/). Then the tree is whole and nothing in the grammar
  // refused a character: the diagram and the tree mark no grammar failure, the text says why.
  const grammarError = x.error?.layer === 'profile' ? undefined : x.error;
  const profileError = x.error?.layer === 'profile' ? x.error : undefined;

  $('lesson-rule').replaceChildren(h('code', {}, ruleName), ` in ${spec.spec}`);
  ruleSelect.replaceChildren(...spec.rules.map((r) => h('option', { value: r.name }, r.name)));
  ruleSelect.value = ruleName;

  const ruleText = $('rule-text');
  ruleText.replaceChildren(ruleSource(spec.spec, meta, spec.title, eraDate(spec.spec, spec.date)), linkedText(spec.spec, meta.text, names));
  if (profileError && isFailing) {
    ruleText.append(h('p', { class: 'failure-note' },
      h('strong', {}, `✗ The grammar derives this rule at offset ${profileError.offset}; ${sectionLabel(spec.spec, profileError.section)} rejects it`),
      `: ${escapeInput(profileError.message)}`));
  }
  if (grammarError && isFailing) {
    const hint = hintOf(grammarError);
    ruleText.append(h('p', { class: 'failure-note' },
      h('strong', {}, `✗ The input fails in this rule at offset ${grammarError.offset}`),
      `, found ${grammarError.found === null ? 'the end of the input' : `"${escapeInput(grammarError.found)}"`}; expected `,
      ...grammarError.expected.flatMap((e, i) => [i > 0 ? ', ' : '', names.has(e) ? ruleLink(spec.spec, e) : e]), '.'));
    if (hint) ruleText.append(h('p', { class: 'hint' }, `Hint: ${hint}`));
  }

  const tree = $('tree');
  const head = h('p', { class: x.valid ? 'valid' : 'invalid' }, `${x.valid ? '✓ valid' : '✗ invalid'} ${x.spec} ${x.rule}`);
  if (large) tree.replaceChildren(head, largeNote('the derivation tree, the components, the normalization and the resolution'));
  else tree.replaceChildren(head, h('div', { class: 'scroll', 'aria-label': 'derivation tree' }, renderTree(x.tree, state.input, broken, grammarError, node)));
  if (large) { /* no tree to describe */ } else if (profileError) tree.append(h('p', { class: 'help' }, `The whole derivation: the grammar derives the input, and the scheme's text rejects it at offset ${profileError.offset} in ${profileError.rule} (${sectionLabel(spec.spec, profileError.section)}, marked).`));
  else if (x.error) tree.append(h('p', { class: 'help' }, 'The partial tree: the rules on the failing path (marked) with what each had matched, and where the attempt broke.'));

  const grammarDetails = $<HTMLDetailsElement>('grammar-details');
  $('grammar-era').textContent = `${spec.spec} (${spec.rules.length})`;
  if (grammarDetails.open) renderGrammar();
  else $('grammar').replaceChildren();

  // The diagram: the module and the library load on first use.
  const token = ++lessonToken;
  const diagram = $('diagram');
  diagram.setAttribute('aria-busy', 'true');
  railroad ??= import('./railroad.js');
  railroad.then((m) => {
    if (token !== lessonToken) return; // a later lesson was asked for meanwhile
    const failAt = grammarError ? grammarError.offset : -1;
    const highlight = start === null ? null : { input: state.input, start, failAt, isStart: ruleName === x.rule && start === 0 };
    const id = era.meta.rules.find((r) => r.name === ruleName)!.id;
    const drawn = m.drawRule(era, id, highlight, (rule) => go({ era: state.era, rule }));
    diagram.replaceChildren(h('div', { class: 'scroll svg-box', 'aria-label': `railroad diagram of ${ruleName}` }, drawn.svg));
    diagram.removeAttribute('aria-busy');
    diagram.setAttribute('data-rule', ruleName);
    diagram.setAttribute('data-failed', drawn.failedLabels.join(' ') || (drawn.description.includes('end of input') ? 'end' : ''));
    const legend = $('diagram-legend');
    legend.replaceChildren(h('p', {}, drawn.description));
    if (start === null) legend.append(h('p', { class: 'help' }, `${ruleName} takes no part in this input's derivation: the diagram has no path.`));
    else if (highlight && !drawn.trace) legend.append(h('p', { class: 'help' }, 'The input is too long to trace its path here.'));
    else {
      legend.append(inputStrip(state.input, start, node ? node.end : start, grammarError && (isFailing || node?.end === grammarError.offset) ? grammarError.offset : -1));
      legend.append(h('p', { class: 'help' },
        h('span', { class: 'key taken' }, 'blue'), ': the path the input took from offset ', String(start), '. ',
        ...(failAt >= 0 ? [h('span', { class: 'key failed' }, '✗ red'), ': what refused the character at the failing offset. '] : []),
        'Choose a box to see its rule.'));
    }
    focusScrollables();
    firstDiagramDrawn();
  }, (error: unknown) => {
    diagram.replaceChildren(h('p', { class: 'invalid' }, `The diagram could not be drawn: ${String(error)}`));
    firstDiagramDrawn();
  });
}

/**
 * The input with the node's span marked (what this rule matched) and, when the attempt broke
 * at its end, the refused character: the same colours as the diagram's boxes.
 */
function inputStrip(input: string, start: number, end: number, failAt: number): HTMLElement {
  const cut = (a: number, b: number) => escapeInput(input.slice(Math.max(0, a), Math.max(0, b)));
  const LIMIT = 60; // characters shown on each side of the span: a long input stays one line
  const pre = h('pre', { class: 'strip scroll', 'aria-label': `the input: this rule matched offsets ${start} to ${end}${failAt >= 0 ? `, and broke at ${failAt}` : ''}` });
  pre.append(
    start > LIMIT ? '…' : '',
    h('span', { class: 'before' }, cut(start - LIMIT, start)),
    h('mark', { class: 'taken' }, cut(start, end)),
  );
  if (failAt >= 0) {
    pre.append(h('mark', { class: 'failed' }, failAt < input.length ? cut(failAt, failAt + 1) : '⏎ end'), h('span', { class: 'after' }, cut(failAt + 1, failAt + 1 + LIMIT)));
  } else pre.append(h('span', { class: 'after' }, cut(end, end + LIMIT)));
  return pre;
}

/**
 * A grammar's source as a reader can find it: a seed's local file (`shared/seeds/000_….txt`) is
 * the project's copy of a draft, so the draft is named instead, and `rfcNNNN.txt` is RFC NNNN.
 */
function readableSource(source: string): string {
  return source
    .replace(/(?:shared\/seeds\/|seed )\d{3}_[0-9a-f]+\.txt(?: \((draft-[a-z0-9-]+), ([^)]*)\))?/, (_, name?: string, rest?: string) =>
      name ? `${name} (${rest}, ${labelUrl(name)})` : `${specLabel(state.era)} (${labelUrl(specLabel(state.era))})`)
    .replace(/\brfc0*(\d+)\.txt\b/g, 'RFC $1');
}

function renderGrammar(): void {
  if (!isLoaded(state.era)) return; // the lesson draws it when the era arrives
  const spec = eraOf(state.era).meta;
  const names = new Set(spec.rules.map((r) => r.name));
  $('grammar').replaceChildren(
    h('p', { class: 'help' }, `${spec.title} (${spec.date}), ${spec.notation}; ${readableSource(spec.source)}.`),
    ...spec.rules.map((r) => {
      const label = sectionLabel(spec.spec, r.section);
      return h('div', { class: r.name === state.rule ? 'rule current' : 'rule' },
        ruleLink(spec.spec, r.name, { class: 'def' }), ' ', h('span', { class: 'section' }, label),
        unprinted(r) ? h('span', { class: 'help' }, ' (named there, printed nowhere: as this era reads it)') : '',
        linkedText(spec.spec, r.text, names));
    }),
  );
  focusScrollables();
}

// ----- components, normalization, resolution -----

/** One era's components of the input, a placeholder while it loads; null: no component table. */
function componentsBlock(era: EraSummary): HTMLElement | null {
  if (!isLoaded(era.id)) {
    return h('div', { class: 'era-block', 'data-spec': era.id, 'aria-busy': 'true' }, h('h3', {}, era.id), h('p', { class: 'help' }, 'Loading…'));
  }
  let r: ReturnType<typeof parse>;
  try {
    r = parse(state.input, { spec: era.id });
  } catch {
    return null; // an era without a component table
  }
  const dl = h('dl');
  if (r.valid) {
    for (const [name, c] of Object.entries(r.components)) {
      if (!c) continue;
      dl.append(h('dt', {}, name), h('dd', {}, h('code', {}, escapeInput(c.value)), c.kind ? h('span', { class: 'help' }, ` (${c.kind})`) : ''));
    }
  }
  return h('div', { class: 'era-block', 'data-spec': era.id },
    h('h3', {}, era.id),
    r.valid ? dl : h('p', { class: 'help' }, 'No components: the input is invalid here, at offset ', String(r.error.offset), ' in ', ruleLink(era.id, r.error.rule), '.'));
}

function renderComponents(): void {
  if (isLarge(state.input)) {
    $('components').replaceChildren(largeNote('the components'));
    $('normalized').replaceChildren('RFC 3986 §6 normalization: ', h('span', { class: 'help' }, 'left out for an input this long.'));
    return;
  }
  $('components').replaceChildren(...eraList.flatMap((era) => componentsBlock(era) ?? []));
  const n = normalize(state.input);
  $('normalized').replaceChildren(
    'RFC 3986 §6 normalization: ',
    n.error ? h('span', { class: 'help' }, `none, the input is not a URI reference (offset ${n.error.offset} in `, ruleLink('rfc3986', n.error.rule), ')') : h('code', { id: 'normalized-value' }, escapeInput(n.normalized ?? '')),
  );
}

/** One era's resolution of the input against the base, a placeholder while the era loads. */
function resolutionRow(era: EraSummary): HTMLElement {
  let cell: HTMLElement;
  const r = isLoaded(era.id) ? resolveAcross(state.base, state.input, { specs: [era.id] })[0]! : null;
  if (!r) cell = h('td', { class: 'help', 'aria-busy': 'true' }, 'Loading…');
  else if ('target' in r) cell = h('td', {}, h('code', { class: 'target' }, escapeInput(r.target)));
  else if ('error' in r) {
    const which = r.error.which === 'base' ? 'the base' : 'the reference';
    cell = h('td', { class: 'invalid-text' }, `not resolved: ${which} is invalid at offset ${r.error.offset} in `, ruleLink(era.id, r.error.rule));
  } else cell = h('td', { class: 'help' }, r.notDefined);
  return h('tr', { 'data-spec': era.id }, h('th', { scope: 'row' }, era.id), cell);
}

function renderResolution(): void {
  const body = $('resolution').querySelector('tbody')!;
  if (isLarge(state.input)) {
    body.replaceChildren(h('tr', {}, h('td', { colspan: '2' }, largeNote('the resolution'))));
    return;
  }
  body.replaceChildren(...eraList.map(resolutionRow));
  body.append(whatwgResolutionRow());
}

/** The URL Standard resolves with the same parser it validates with: new URL(input, base). */
function whatwgResolutionRow(): HTMLElement {
  const th = h('th', { scope: 'row' }, 'WHATWG URL');
  if (!standard) return h('tr', { 'data-spec': 'whatwg' }, th, h('td', { class: 'help', 'aria-busy': 'true' }, 'Loading…'));
  const w = standardReading(state.input, state.base);
  return h('tr', { 'data-spec': 'whatwg' }, th,
    w.valid ? h('td', {}, h('code', { class: 'target' }, escapeInput(w.href!))) : h('td', { class: 'invalid-text' }, `failure: ${w.errors.filter((e) => e.fatal).map((e) => e.name).join(', ')}`));
}

// ----- eras arriving -----

/** Asks for an era's recognizers; when they arrive, the era's parts of the page are drawn. */
function want(id: string): Promise<void> {
  return loadEra(id).then(() => eraArrived(id), (error: unknown) => {
    $('summary').textContent = `The grammar of ${id} could not be loaded: ${String(error)}`;
  });
}

/** Replaces the child of `parent` that is the era's (data-spec) with `next`, or removes it. */
function replaceEraChild(parent: Element, id: string, next: HTMLElement | null): void {
  const old = [...parent.children].find((c) => c.getAttribute('data-spec') === id);
  if (old && next) old.replaceWith(next);
  else old?.remove();
}

/** An era's recognizers arrived: its verdict, components and resolution replace the placeholders. */
function eraArrived(id: string): void {
  const era = byId.get(id)!;
  if ($('verdicts').querySelector(`[data-spec="${id}"][aria-busy]`)) {
    replaceEraChild($('verdicts'), id, verdictItem(era));
    renderSummary();
    if (!isLarge(state.input)) {
      replaceEraChild($('components'), id, componentsBlock(era));
      replaceEraChild($('resolution').querySelector('tbody')!, id, resolutionRow(era));
    }
  }
  if (id === lessonWaitsFor && id === state.era) {
    renderLesson();
    writeHash();
  }
  focusScrollables();
}

// ----- grammar diff -----

function renderDiff(d: GrammarDiff): HTMLElement {
  const out = h('div');
  for (const id of [d.a, d.b]) {
    const only = d.onlyIn[id] ?? [];
    const p = h('p', {}, h('strong', {}, `Rules only in ${id} (${only.length}): `));
    only.forEach((name, i) => {
      if (i > 0) p.append(', ');
      p.append(ruleLink(id, name));
    });
    out.append(p);
  }
  out.append(h('h3', {}, `Rules in both whose definition changed (${d.changed.length})`));
  const sectionOf = (id: string, rule: string) => sectionLabel(id, eraOf(id).meta.rules.find((r) => r.name === rule)?.section ?? '');
  for (const c of d.changed) {
    out.append(h('h4', {}, ruleLink(d.b, c.rule), h('span', { class: 'help' }, `  ${sectionOf(d.a, c.rule)} → ${sectionOf(d.b, c.rule)}`)));
    out.append(h('div', { class: 'side' },
      h('pre', { class: 'scroll', 'aria-label': `${c.rule} in ${d.a}` }, c[d.a] ?? ''),
      h('pre', { class: 'scroll', 'aria-label': `${c.rule} in ${d.b}` }, c[d.b] ?? '')));
  }
  out.append(h('h3', {}, `Witnesses (${d.witnesses.length}), shortest first`));
  out.append(h('p', { class: 'help' }, 'Each is valid in one era and invalid in the other, confirmed by both parsers. Choose one to try it.'));
  const list = h('ul', { class: 'witnesses' });
  for (const w of d.witnesses) {
    const rejecting = w.valid[d.a] ? d.b : d.a;
    const button = h('button', { type: 'button', class: 'witness', 'aria-label': `Try ${JSON.stringify(w.input)}` }, w.input === '' ? '(empty)' : escapeInput(w.input));
    button.addEventListener('click', () => {
      state.era = rejecting;
      state.rule = null;
      state.at = null;
      setInput(w.input);
      $('lesson-heading').focus();
    });
    list.append(h('li', {}, button, ` ${d.a} ${w.valid[d.a] ? '✓' : '✗'}, ${d.b} ${w.valid[d.b] ? '✓' : '✗'}; ${rejecting} rejects it at offset ${w.error.offset} in `,
      ruleLink(rejecting, w.error.rule), ` (${sectionLabel(rejecting, w.error.section)})`));
  }
  out.append(list);
  return out;
}

/** The search runs in a worker, created on the first comparison: most visits never pay for it. */
let worker: Worker | null | undefined;

/** Draws the comparison once both eras' rules are loaded in the page too (sections, links). */
function showDiff(a: string, b: string, d: GrammarDiff, via: 'worker' | 'page'): void {
  if (!isLoaded(a) || !isLoaded(b)) {
    void Promise.all([loadEra(a), loadEra(b)]).then(() => showDiff(a, b, d, via));
    return;
  }
  if (a !== state.a || b !== state.b) return; // an answer to an earlier question
  const target = $('diff');
  target.setAttribute('data-via', via);
  target.replaceChildren(renderDiff(d));
  target.setAttribute('data-ready', `${a} ${b}`);
  focusScrollables();
}

function diffWorker(): Worker | null {
  if (worker !== undefined) return worker;
  try {
    worker = new Worker(new URL('./diff-worker.js', import.meta.url), { type: 'module' });
    worker.onmessage = (event: MessageEvent<{ a: string; b: string; diff?: GrammarDiff; error?: string }>) => {
      const { a, b, diff, error } = event.data;
      if (diff) showDiff(a, b, diff, 'worker');
      else $('diff').replaceChildren(h('p', { class: 'invalid' }, `The comparison failed: ${error}`));
    };
  } catch {
    worker = null;
  }
  return worker;
}

function runDiff(): void {
  state.a = diffA.value;
  state.b = diffB.value;
  state.diff = true;
  writeHash();
  const target = $('diff');
  target.removeAttribute('data-ready');
  target.replaceChildren(h('p', {}, `Searching for witnesses between ${state.a} and ${state.b}…`));
  const { a, b } = state;
  const w = diffWorker();
  if (w) w.postMessage({ a, b });
  // Without a worker: the search module loads here, after the message has painted.
  else void Promise.all([loadEra(a), loadEra(b), import('../src/grammar-diff.js')]).then(([, , m]) => showDiff(a, b, m.grammarDiff(a, b), 'page'));
}

// ----- wiring -----

/**
 * Shows the input in the URI field. A text field cannot hold CR or LF (HTML's value sanitization
 * strips them), so an input with a line break would be shown without it, and typing would drop
 * it: the field then shows each as a symbol (␍, ␊) and is read-only, and says where to edit.
 */
function showInUriField(input: string): void {
  const breaks = /[\r\n]/.test(input);
  uriField.readOnly = breaks;
  uriField.value = breaks ? input.replace(/\r/g, '\u240d').replace(/\n/g, '\u240a') : input;
  if (breaks) uriField.setAttribute('data-breaks', 'true');
  else uriField.removeAttribute('data-breaks');
  $('uri-help').textContent = breaks
    ? 'The input holds a line break (CR or LF, shown here as ␍ and ␊), which this field cannot hold: edit it in the field with escapes, below.'
    : 'As typed: every character is part of the URI.';
}

let pendingUpdate: ReturnType<typeof setTimeout> | undefined;

function setInput(input: string, from?: HTMLInputElement): void {
  state.input = input;
  if (from !== uriField) showInUriField(input);
  if (from !== escapedField) escapedField.value = escapeInput(input);
  if (from) state.at = null; // a node's offset means nothing in another input
  clearTimeout(pendingUpdate);
  // Typing into a large input: the work waits for a pause, not for every key.
  if (from && isLarge(input)) pendingUpdate = setTimeout(update, LARGE_INPUT_DEBOUNCE_MS);
  else update();
}

function update(): void {
  renderVerdicts();
  renderLesson();
  renderComponents();
  renderResolution();
  writeHash();
  focusScrollables();
}

/** Opens a lesson (a rule link's target, also as history) and moves focus to it. */
function go(change: { era: string; rule: string; at?: number }): void {
  const p = new URLSearchParams({ era: change.era, rule: change.rule });
  if (change.at !== undefined) p.set('at', String(change.at));
  location.hash = p.toString();
}

function fill(select: HTMLSelectElement, value: string): void {
  select.replaceChildren(...eraList.map((e) => h('option', { value: e.id }, `${e.id} (${eraDate(e.id, e.date)})`)));
  select.value = value;
}

/**
 * The first view: the lesson's era and RFC 3986 (normalization and the URL Standard's
 * divergence read it), then the page; once the lesson's diagram is drawn, the other eras load,
 * each filling in its verdict, components and resolution. The mark `first-view` dates the end of
 * the first load (test/playground.test.ts measures the scripts fetched before it).
 */
async function start(): Promise<void> {
  readHash();
  // The header's span of eras, from the list itself: it grows with the eras.
  const oldest = eraList[eraList.length - 1]!;
  const newest = eraList[0]!;
  const doc = (e: EraSummary) => /^RFC \d+|^draft-[\w-]+/.exec(e.title)?.[0] ?? e.id;
  $('era-span').textContent = `from ${doc(oldest)} (${oldest.date.slice(0, 4)}) to ${doc(newest)} (${newest.date.slice(0, 4)})`;
  fill(eraSelect, state.era);
  fill(diffA, state.a);
  fill(diffB, state.b);
  baseField.value = state.base;
  await Promise.all([loadEra(DEFAULT_SPEC), loadEra(state.era)]);
  setInput(state.input);
  if (state.diff) runDiff();
  document.body.setAttribute('data-ready', 'true');
  await firstDiagram;
  performance.mark('first-view');
  await Promise.all([...eraList.map((e) => want(e.id)), loadStandard()]);
  document.body.setAttribute('data-eras', 'all');
}

uriField.addEventListener('input', () => setInput(uriField.value, uriField));
escapedField.addEventListener('input', () => setInput(decodeEscapes(escapedField.value), escapedField));
baseField.addEventListener('input', () => {
  state.base = baseField.value;
  renderResolution();
  writeHash();
});
eraSelect.addEventListener('change', () => {
  state.era = eraSelect.value;
  state.rule = null;
  state.at = null;
  update();
});
ruleSelect.addEventListener('change', () => {
  state.rule = ruleSelect.value;
  state.at = null;
  renderLesson();
  writeHash();
});
$('grammar-details').addEventListener('toggle', () => {
  if ($<HTMLDetailsElement>('grammar-details').open) renderGrammar();
});
$('diff-run').addEventListener('click', runDiff);
window.addEventListener('hashchange', () => {
  const followed = /(^|&)rule=/.test(location.hash.slice(1)) && !/(^|&)u=/.test(location.hash.slice(1));
  readHash();
  diffA.value = state.a;
  diffB.value = state.b;
  baseField.value = state.base;
  setInput(state.input);
  if (followed) {
    // A rule link was followed: the lesson is where the reader goes next.
    $('lesson-heading').focus({ preventScroll: true });
    $('lesson').scrollIntoView({ block: 'start' });
  }
});
void start();
