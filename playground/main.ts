// The playground: one input under every era, in the browser, with the library's own parsers
// (bundled from src/ by playground/build.mjs). No server: everything below is computed here.
//
// State lives in the address's fragment (#u=...&base=...&era=...&a=...&b=...&diff=1), so a
// teacher can share an example; it is rewritten with replaceState on every change.

import { explain, grammarDiff, resolveAcross, specs, validate, type DerivationNode, type GrammarDiff } from '../src/index.js';
import { escapeInput, renderCaret, sectionLabel, specLabel } from '../src/format.js';

const DEFAULT_INPUT = 'http://a/~u';
const DEFAULT_BASE = 'http://a/b/c/d;p?q';
/** Tree nodes drawn at most: a pasted megabyte stays responsive. */
const MAX_TREE_NODES = 1500;

const eras = specs();
const byId = new Map(eras.map((s) => [s.id, s]));

const $ = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;
const uriField = $<HTMLInputElement>('uri');
const escapedField = $<HTMLInputElement>('escaped');
const baseField = $<HTMLInputElement>('base');
const eraSelect = $<HTMLSelectElement>('era');
const diffA = $<HTMLSelectElement>('diff-a');
const diffB = $<HTMLSelectElement>('diff-b');
const shareLink = $<HTMLAnchorElement>('share-link');

interface State {
  input: string;
  base: string;
  era: string;
  a: string;
  b: string;
  diff: boolean;
}

const state: State = { input: DEFAULT_INPUT, base: DEFAULT_BASE, era: 'rfc1808', a: 'rfc1808', b: 'rfc3986', diff: false };

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

function readHash(): void {
  const p = new URLSearchParams(location.hash.slice(1));
  const known = (id: string | null, fallback: string) => (id !== null && byId.has(id) ? id : fallback);
  state.input = p.get('u') ?? state.input;
  state.base = p.get('base') ?? state.base;
  state.era = known(p.get('era'), state.era);
  state.a = known(p.get('a'), state.a);
  state.b = known(p.get('b'), state.b);
  state.diff = p.get('diff') === '1';
}

function writeHash(): void {
  const p = new URLSearchParams({ u: state.input, base: state.base, era: state.era, a: state.a, b: state.b });
  if (state.diff) p.set('diff', '1');
  const hash = '#' + p.toString();
  if (location.hash !== hash) history.replaceState(null, '', hash);
  shareLink.href = location.href;
}

// ----- verdicts -----

/** The rule's anchor in the grammar panel. */
const ruleId = (spec: string, rule: string) => `rule-${spec}-${rule.replace(/[^A-Za-z0-9_-]/g, (c) => `_${c.charCodeAt(0).toString(16)}`)}`;

function renderVerdicts(): void {
  const body = $('verdicts').querySelector('tbody')!;
  body.replaceChildren();
  let ok = 0;
  for (const era of eras) {
    const r = validate(state.input, { spec: era.id });
    if (r.valid) ok++;
    const where = h('td', { class: 'where' });
    if (!r.valid) {
      const e = r.error;
      const link = h('a', { href: `#${ruleId(era.id, e.rule)}`, class: 'failing-rule', 'data-era': era.id }, e.rule);
      link.addEventListener('click', (ev) => {
        ev.preventDefault();
        selectEra(era.id, e.rule);
      });
      where.append(
        h('pre', { class: 'caret', 'aria-label': `failure at offset ${e.offset}` }, renderCaret(state.input, e.offset)),
        h('div', {}, `offset ${e.offset} in `, link, ` (${sectionLabel(era.id, e.section)}), found ${e.found === null ? 'the end of the input' : `"${escapeInput(e.found)}"`}`),
        h('div', { class: 'help' }, `expected ${e.expected.join(', ')}`),
      );
    }
    const details = h('button', { type: 'button', 'aria-label': `Show ${era.id} in detail` }, era.id);
    details.addEventListener('click', () => selectEra(era.id));
    body.append(
      h('tr', { 'data-spec': era.id },
        h('td', { class: r.valid ? 'valid verdict' : 'invalid verdict' }, r.valid ? '✓ valid' : '✗ invalid'),
        h('th', { scope: 'row' }, details),
        h('td', {}, era.date),
        h('td', {}, h('code', {}, era.defaultRule)),
        where,
      ),
    );
  }
  $('summary').textContent = `Valid in ${ok} of ${eras.length} eras.`;
}

// ----- one era: tree and grammar -----

function selectEra(id: string, rule?: string): void {
  state.era = id;
  eraSelect.value = id;
  renderEra();
  writeHash();
  if (rule) {
    const target = document.getElementById(ruleId(id, rule));
    target?.scrollIntoView({ block: 'nearest' });
    (target?.querySelector('a.def') as HTMLElement | null)?.focus({ preventScroll: true });
  }
}

function renderTree(node: DerivationNode | null, input: string): HTMLElement {
  if (!node) return h('p', {}, 'No rule matched anything.');
  let budget = MAX_TREE_NODES;
  const item = (n: DerivationNode): HTMLElement => {
    budget--;
    const text = input.slice(n.start, n.end);
    const li = h('li', {},
      h('a', { href: `#${ruleId(state.era, n.rule)}` }, n.rule), ' ',
      text === '' ? h('span', { class: 'span' }, '(empty)') : h('code', {}, escapeInput(text)), ' ',
      h('span', { class: 'span' }, `${n.start}–${n.end}`),
    );
    if (n.children.length > 0) {
      const ul = h('ul');
      for (const c of n.children) {
        if (budget <= 0) {
          ul.append(h('li', { class: 'span' }, '… (tree cut short)'));
          break;
        }
        ul.append(item(c));
      }
      li.append(ul);
    }
    return li;
  };
  return h('div', { class: 'tree' }, h('ul', {}, item(node)));
}

/** A rule's printed text with every rule name of its era linked to that rule's definition. */
function linkedText(spec: string, text: string, names: Set<string>): HTMLElement {
  const pre = h('pre');
  // Quoted literals and prose are kept as they are; names are runs of name characters.
  const tokens = text.split(/("[^"]*"|<[^>]*>|[A-Za-z][A-Za-z0-9_+-]*)/);
  tokens.forEach((t, i) => {
    if (i % 2 === 1 && names.has(t)) pre.append(h('a', { href: `#${ruleId(spec, t)}` }, t));
    else pre.append(t);
  });
  return pre;
}

/** Where a section of a spec is read: the RFC Editor or the IETF datatracker. */
function sectionUrl(spec: string, section: string): string {
  const label = specLabel(spec);
  const rfc = /^RFC (\d+)$/.exec(label);
  const doc = rfc ? `https://www.rfc-editor.org/rfc/rfc${rfc[1]}` : `https://datatracker.ietf.org/doc/html/${label}`;
  return /^\d/.test(section) ? `${doc}#section-${section}` : doc;
}

function renderEra(): void {
  const e = explain(state.input, { spec: state.era });
  const tree = $('tree');
  tree.replaceChildren(
    h('p', { class: e.valid ? 'valid' : 'invalid' }, `${e.valid ? '✓ valid' : '✗ invalid'} ${e.spec} ${e.rule}`),
    renderTree(e.tree, state.input),
  );
  if (e.error) tree.append(h('p', { class: 'help' }, 'The partial tree: the rules on the failing path, each with what it had matched.'));

  const era = byId.get(state.era)!;
  const names = new Set(era.rules.map((r) => r.name));
  const failing = e.error?.rule;
  const grammar = $('grammar');
  grammar.replaceChildren(
    h('p', { class: 'help' }, `${era.title} (${era.date}), ${era.notation}; ${era.source}.`),
    ...era.rules.map((r) => {
      const div = h('div', { class: r.name === failing ? 'rule failing' : 'rule', id: ruleId(era.id, r.name) },
        h('a', { class: 'def', href: `#${ruleId(era.id, r.name)}`, 'aria-label': `${r.name}, ${sectionLabel(era.id, r.section)}` }, r.name), ' ',
        h('a', { class: 'section', href: sectionUrl(era.id, r.section), rel: 'noopener', target: '_blank' }, sectionLabel(era.id, r.section)),
        r.name === failing ? h('span', { class: 'help' }, ' — the failing rule') : '',
        linkedText(era.id, r.text, names),
      );
      return div;
    }),
  );
  // Rule links inside the page move to the definition without leaving the state's address.
  for (const a of document.querySelectorAll<HTMLAnchorElement>('#grammar a[href^="#rule-"], #tree a[href^="#rule-"]')) {
    a.addEventListener('click', (ev) => {
      ev.preventDefault();
      const target = document.getElementById(a.getAttribute('href')!.slice(1));
      target?.scrollIntoView({ block: 'nearest' });
      (target?.querySelector('a.def') as HTMLElement | null)?.focus({ preventScroll: true });
    });
  }
}

// ----- resolution -----

function renderResolution(): void {
  const body = $('resolution').querySelector('tbody')!;
  body.replaceChildren();
  for (const r of resolveAcross(state.base, state.input)) {
    let cell: HTMLElement;
    if ('target' in r) cell = h('td', {}, h('code', { class: 'target' }, escapeInput(r.target)));
    else if ('error' in r) {
      const which = r.error.which === 'base' ? 'the base' : 'the reference';
      cell = h('td', { class: 'invalid-text' }, `not resolved: ${which} is invalid at offset ${r.error.offset} in ${r.error.rule}`);
    } else cell = h('td', { class: 'help' }, r.notDefined);
    body.append(h('tr', { 'data-spec': r.spec }, h('th', { scope: 'row' }, r.spec), cell));
  }
}

// ----- grammar diff -----

function renderDiff(d: GrammarDiff): HTMLElement {
  const out = h('div');
  for (const id of [d.a, d.b]) {
    const only = d.onlyIn[id] ?? [];
    const p = h('p', {}, h('strong', {}, `Rules only in ${id} (${only.length}): `));
    only.forEach((name, i) => {
      if (i > 0) p.append(', ');
      const a = h('a', { href: `#${ruleId(id, name)}` }, name);
      a.addEventListener('click', (ev) => {
        ev.preventDefault();
        selectEra(id, name);
      });
      p.append(a);
    });
    out.append(p);
  }
  out.append(h('h3', {}, `Rules in both whose definition changed (${d.changed.length})`));
  const sectionOf = (id: string, rule: string) => sectionLabel(id, byId.get(id)?.rules.find((r) => r.name === rule)?.section ?? '');
  for (const c of d.changed) {
    out.append(h('h4', {}, c.rule, h('span', { class: 'help' }, `  ${sectionOf(d.a, c.rule)} → ${sectionOf(d.b, c.rule)}`)));
    out.append(h('div', { class: 'side' }, h('pre', { 'aria-label': `${c.rule} in ${d.a}` }, c[d.a] ?? ''), h('pre', { 'aria-label': `${c.rule} in ${d.b}` }, c[d.b] ?? '')));
  }
  out.append(h('h3', {}, `Witnesses (${d.witnesses.length}), shortest first`));
  out.append(h('p', { class: 'help' }, 'Each is valid in one era and invalid in the other, confirmed by both parsers. Choose one to try it.'));
  const table = h('table', { class: 'witnesses' },
    h('thead', {}, h('tr', {}, h('th', { scope: 'col' }, 'Input'), h('th', { scope: 'col' }, d.a), h('th', { scope: 'col' }, d.b), h('th', { scope: 'col' }, 'Why the other era rejects it'))),
  );
  const body = h('tbody');
  for (const w of d.witnesses) {
    const rejecting = w.valid[d.a] ? d.b : d.a;
    const button = h('button', { type: 'button', class: 'witness', 'aria-label': `Try ${JSON.stringify(w.input)}` }, w.input === '' ? '(empty)' : escapeInput(w.input));
    button.addEventListener('click', () => {
      setInput(w.input);
      uriField.focus();
    });
    body.append(h('tr', {},
      h('td', {}, button),
      h('td', { class: w.valid[d.a] ? 'valid' : 'invalid' }, w.valid[d.a] ? '✓' : '✗'),
      h('td', { class: w.valid[d.b] ? 'valid' : 'invalid' }, w.valid[d.b] ? '✓' : '✗'),
      h('td', {}, `${rejecting}: offset ${w.error.offset} in ${w.error.rule} (${sectionLabel(rejecting, w.error.section)})`),
    ));
  }
  table.append(body);
  out.append(table);
  return out;
}

/** The search runs in a worker when the browser has one, so typing never waits for it. */
let worker: Worker | null = null;
try {
  worker = new Worker(new URL('./diff-worker.js', import.meta.url), { type: 'module' });
} catch {
  worker = null;
}

function showDiff(a: string, b: string, d: GrammarDiff, via: 'worker' | 'page'): void {
  if (a !== state.a || b !== state.b) return; // an answer to an earlier question
  const target = $('diff');
  target.setAttribute('data-via', via);
  target.replaceChildren(renderDiff(d));
  target.setAttribute('data-ready', `${a} ${b}`);
}

if (worker) {
  worker.onmessage = (event: MessageEvent<{ a: string; b: string; diff?: GrammarDiff; error?: string }>) => {
    const { a, b, diff, error } = event.data;
    if (diff) showDiff(a, b, diff, 'worker');
    else $('diff').replaceChildren(h('p', { class: 'invalid' }, `The comparison failed: ${error}`));
  };
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
  if (worker) worker.postMessage({ a, b });
  // Without a worker: let the message paint, then search here.
  else setTimeout(() => showDiff(a, b, grammarDiff(a, b), 'page'), 20);
}

// ----- wiring -----

function setInput(input: string, from?: HTMLInputElement): void {
  state.input = input;
  if (from !== uriField) uriField.value = input;
  if (from !== escapedField) escapedField.value = escapeInput(input);
  update();
}

function update(): void {
  renderVerdicts();
  renderEra();
  renderResolution();
  writeHash();
}

function fill(select: HTMLSelectElement, value: string): void {
  select.replaceChildren(...eras.map((e) => h('option', { value: e.id }, `${e.id} (${e.date})`)));
  select.value = value;
}

readHash();
fill(eraSelect, state.era);
fill(diffA, state.a);
fill(diffB, state.b);
baseField.value = state.base;
setInput(state.input);
if (state.diff) runDiff();

uriField.addEventListener('input', () => setInput(uriField.value, uriField));
escapedField.addEventListener('input', () => setInput(decodeEscapes(escapedField.value), escapedField));
baseField.addEventListener('input', () => {
  state.base = baseField.value;
  renderResolution();
  writeHash();
});
eraSelect.addEventListener('change', () => selectEra(eraSelect.value));
$('diff-run').addEventListener('click', runDiff);
window.addEventListener('hashchange', () => {
  readHash();
  eraSelect.value = state.era;
  diffA.value = state.a;
  diffB.value = state.b;
  baseField.value = state.base;
  setInput(state.input);
});
document.body.setAttribute('data-ready', 'true');
