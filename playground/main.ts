// The playground: one input under every era, in the browser, with the library's own parsers
// (bundled from src/ by playground/build.mjs). No server: everything below is computed here.
//
// The lesson is a rule: its railroad diagram (drawn by ./railroad.ts, loaded on first use),
// its printed definition and section, and the input's path through it. State lives in the
// address's fragment (#u=...&base=...&era=...&rule=...&at=...&a=...&b=...&diff=1), so a link
// reproduces a lesson. Rule links carry only what they change (#era=...&rule=...): the page
// merges them into the state and writes the whole address back.

import { explain, normalize, parse, resolveAcross, specs, validate, type DerivationNode, type GrammarDiff, type ValidationError } from '../src/index.js';
import { escapeInput, renderCaret, sectionLabel, specLabel } from '../src/format.js';
import { allEras } from '../src/registry.js';
import { failingPath, lessonNode } from './lesson.js';
import { whatwg, whatwgColumn } from '../src/whatwg.js';

const DEFAULT_INPUT = 'http://a/~u';
const DEFAULT_BASE = 'http://a/b/c/d;p?q';
/** Tree nodes drawn at most: a pasted megabyte stays responsive. */
const MAX_TREE_NODES = 1500;

const eras = specs();
const byId = new Map(eras.map((s) => [s.id, s]));
const eraData = new Map(allEras().map((e) => [e.id, e]));

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

/** Merges the fragment's parameters into the state: a rule link carries only era and rule. */
function readHash(): void {
  const p = new URLSearchParams(location.hash.slice(1));
  const known = (id: string | null, fallback: string) => (id !== null && byId.has(id) ? id : fallback);
  state.input = p.get('u') ?? state.input;
  state.base = p.get('base') ?? state.base;
  state.era = known(p.get('era'), state.era);
  if (p.has('rule') || p.has('era')) {
    const rule = p.get('rule');
    const spec = byId.get(state.era)!;
    state.rule = rule && spec.rules.some((r) => r.name === rule) ? rule : null;
    const at = Number(p.get('at'));
    state.at = p.has('at') && Number.isInteger(at) && at >= 0 ? at : null;
  }
  state.a = known(p.get('a'), state.a);
  state.b = known(p.get('b'), state.b);
  if (p.has('diff')) state.diff = p.get('diff') === '1';
}

function fullHash(): string {
  const p = new URLSearchParams({ u: state.input, base: state.base, era: state.era });
  if (state.rule) p.set('rule', state.rule);
  if (state.at !== null) p.set('at', String(state.at));
  p.set('a', state.a);
  p.set('b', state.b);
  if (state.diff) p.set('diff', '1');
  return '#' + p.toString();
}

function writeHash(): void {
  const hash = fullHash();
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

function renderVerdicts(): void {
  const list = $('verdicts');
  list.replaceChildren();
  let ok = 0;
  for (const era of eras) {
    const r = validate(state.input, { spec: era.id });
    if (r.valid) ok++;
    const item = h('li', { 'data-spec': era.id, class: state.era === era.id ? 'current' : '' },
      h('span', { class: r.valid ? 'valid verdict' : 'invalid verdict' }, r.valid ? '✓ valid' : '✗ invalid'), ' ',
      h('strong', {}, era.id), ' ',
      h('span', { class: 'help' }, `${era.date}, as `), ruleLink(era.id, era.defaultRule, { class: 'start-rule' }),
    );
    if (!r.valid) {
      const e = r.error;
      item.append(
        h('pre', { class: 'caret scroll', 'aria-label': `${era.id}: the input with a caret under offset ${e.offset}` }, renderCaret(state.input, e.offset)),
        h('p', { class: 'where' }, `offset ${e.offset} in `, ruleLink(era.id, e.rule, { class: 'failing-rule' }),
          ` (${sectionLabel(era.id, e.section)}), found ${e.found === null ? 'the end of the input' : `"${escapeInput(e.found)}"`}`),
      );
      const hint = hintOf(e);
      if (hint) item.append(h('p', { class: 'hint' }, `Hint: ${hint}`));
    }
    list.append(item);
  }
  $('summary').textContent = `Valid in ${ok} of ${eras.length} eras.`;
  list.append(renderWhatwg());
}

/** The URL Standard's verdict, from this browser's own URL, with its divergence from RFC 3986. */
function renderWhatwg(): HTMLElement {
  const w = whatwgColumn(state.input);
  const item = h('li', { 'data-spec': 'whatwg', class: 'whatwg' },
    h('span', { class: w.valid ? 'valid verdict' : 'invalid verdict' }, w.valid ? '✓ valid' : '✗ invalid'), ' ',
    h('strong', {}, 'WHATWG URL Standard'), ' ',
    h('span', { class: 'help' }, "living standard, as this browser's URL parser reads it"),
  );
  if (w.valid) item.append(h('p', { class: 'where' }, 'parsed as ', h('code', { class: 'href' }, escapeInput(w.href!))));
  if (w.errors.length) {
    item.append(h('ul', { class: 'whatwg-errors' }, ...w.errors.map((e) =>
      h('li', {}, h('code', {}, e.name), e.fatal ? ' (failure): ' : ': ', escapeInput(e.detail)))));
  }
  item.append(h('p', { class: 'divergence' }, h('strong', {}, 'Against RFC 3986: '), escapeInput(w.divergence)));
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

/** Where a section of a spec is read: the RFC Editor or the IETF datatracker. */
function sectionUrl(spec: string, section: string): string {
  const label = specLabel(spec);
  const rfc = /^RFC (\d+)$/.exec(label);
  const doc = rfc ? `https://www.rfc-editor.org/rfc/rfc${rfc[1]}` : `https://datatracker.ietf.org/doc/html/${label}`;
  return /^\d/.test(section) ? `${doc}#section-${section}` : doc;
}

let railroad: Promise<typeof import('./railroad.js')> | null = null;
let lessonToken = 0;

function renderLesson(): void {
  const x = explain(state.input, { spec: state.era });
  const spec = byId.get(state.era)!;
  const era = eraData.get(state.era)!;
  const ruleName = state.rule ?? x.error?.rule ?? x.rule;
  const meta = spec.rules.find((r) => r.name === ruleName)!;
  const names = new Set(spec.rules.map((r) => r.name));
  const broken = new Set(failingPath(x.tree, x.error));
  const { node, start, failing: isFailing } = lessonNode(x, ruleName, state.at);

  $('lesson-rule').replaceChildren(h('code', {}, ruleName), ` in ${spec.id}`);
  ruleSelect.replaceChildren(...spec.rules.map((r) => h('option', { value: r.name }, r.name)));
  ruleSelect.value = ruleName;
  eraSelect.value = state.era;

  const section = sectionLabel(spec.id, meta.section);
  const ruleText = $('rule-text');
  ruleText.replaceChildren(
    h('p', {}, 'Printed in ', h('a', { href: sectionUrl(spec.id, meta.section), rel: 'noopener', class: 'section' }, section),
      ` (${spec.title}, ${spec.date}):`),
    linkedText(spec.id, meta.text, names),
  );
  if (x.error && isFailing) {
    const hint = hintOf(x.error);
    ruleText.append(h('p', { class: 'failure-note' },
      h('strong', {}, `✗ The input fails in this rule at offset ${x.error.offset}`),
      `, found ${x.error.found === null ? 'the end of the input' : `"${escapeInput(x.error.found)}"`}; expected `,
      ...x.error.expected.flatMap((e, i) => [i > 0 ? ', ' : '', names.has(e) ? ruleLink(spec.id, e) : e]), '.'));
    if (hint) ruleText.append(h('p', { class: 'hint' }, `Hint: ${hint}`));
  }

  const tree = $('tree');
  tree.replaceChildren(
    h('p', { class: x.valid ? 'valid' : 'invalid' }, `${x.valid ? '✓ valid' : '✗ invalid'} ${x.spec} ${x.rule}`),
    h('div', { class: 'scroll', 'aria-label': 'derivation tree' }, renderTree(x.tree, state.input, broken, x.error, node)),
  );
  if (x.error) tree.append(h('p', { class: 'help' }, 'The partial tree: the rules on the failing path (marked) with what each had matched, and where the attempt broke.'));

  const grammarDetails = $<HTMLDetailsElement>('grammar-details');
  $('grammar-era').textContent = `${spec.id} (${spec.rules.length})`;
  if (grammarDetails.open) renderGrammar();
  else $('grammar').replaceChildren();

  // The diagram: the module and the library load on first use.
  const token = ++lessonToken;
  const diagram = $('diagram');
  diagram.setAttribute('aria-busy', 'true');
  railroad ??= import('./railroad.js');
  railroad.then((m) => {
    if (token !== lessonToken) return; // a later lesson was asked for meanwhile
    const failAt = x.error ? x.error.offset : -1;
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
      legend.append(inputStrip(state.input, start, node ? node.end : start, x.error && (isFailing || node?.end === x.error.offset) ? x.error.offset : -1));
      legend.append(h('p', { class: 'help' },
        h('span', { class: 'key taken' }, 'blue'), ': the path the input took from offset ', String(start), '. ',
        ...(failAt >= 0 ? [h('span', { class: 'key failed' }, '✗ red'), ': what refused the character at the failing offset. '] : []),
        'Choose a box to see its rule.'));
    }
    focusScrollables();
  }, (error: unknown) => {
    diagram.replaceChildren(h('p', { class: 'invalid' }, `The diagram could not be drawn: ${String(error)}`));
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

function renderGrammar(): void {
  const spec = byId.get(state.era)!;
  const names = new Set(spec.rules.map((r) => r.name));
  $('grammar').replaceChildren(
    h('p', { class: 'help' }, `${spec.title} (${spec.date}), ${spec.notation}; ${spec.source}.`),
    ...spec.rules.map((r) =>
      h('div', { class: r.name === state.rule ? 'rule current' : 'rule' },
        ruleLink(spec.id, r.name, { class: 'def' }), ' ', h('span', { class: 'section' }, sectionLabel(spec.id, r.section)),
        linkedText(spec.id, r.text, names)),
    ),
  );
  focusScrollables();
}

// ----- components, normalization, resolution -----

function renderComponents(): void {
  const blocks: HTMLElement[] = [];
  for (const era of eras) {
    let r: ReturnType<typeof parse>;
    try {
      r = parse(state.input, { spec: era.id });
    } catch {
      continue; // an era without a component table
    }
    const dl = h('dl');
    if (r.valid) {
      for (const [name, c] of Object.entries(r.components)) {
        if (!c) continue;
        dl.append(h('dt', {}, name), h('dd', {}, h('code', {}, escapeInput(c.value)), c.kind ? h('span', { class: 'help' }, ` (${c.kind})`) : ''));
      }
    }
    blocks.push(h('div', { class: 'era-block', 'data-spec': era.id },
      h('h3', {}, era.id),
      r.valid ? dl : h('p', { class: 'help' }, 'No components: the input is invalid here, at offset ', String(r.error.offset), ' in ', ruleLink(era.id, r.error.rule), '.')));
  }
  $('components').replaceChildren(...blocks);
  const n = normalize(state.input);
  $('normalized').replaceChildren(
    'RFC 3986 §6 normalization: ',
    n.error ? h('span', { class: 'help' }, `none, the input is not a URI reference (offset ${n.error.offset} in `, ruleLink('rfc3986', n.error.rule), ')') : h('code', { id: 'normalized-value' }, escapeInput(n.normalized ?? '')),
  );
}

function renderResolution(): void {
  const body = $('resolution').querySelector('tbody')!;
  body.replaceChildren();
  for (const r of resolveAcross(state.base, state.input)) {
    let cell: HTMLElement;
    if ('target' in r) cell = h('td', {}, h('code', { class: 'target' }, escapeInput(r.target)));
    else if ('error' in r) {
      const which = r.error.which === 'base' ? 'the base' : 'the reference';
      cell = h('td', { class: 'invalid-text' }, `not resolved: ${which} is invalid at offset ${r.error.offset} in `, ruleLink(r.spec, r.error.rule));
    } else cell = h('td', { class: 'help' }, r.notDefined);
    body.append(h('tr', { 'data-spec': r.spec }, h('th', { scope: 'row' }, r.spec), cell));
  }
  // The URL Standard resolves with the same parser it validates with: new URL(input, base).
  const w = whatwg(state.input, state.base);
  body.append(h('tr', { 'data-spec': 'whatwg' }, h('th', { scope: 'row' }, 'WHATWG URL'),
    w.valid ? h('td', {}, h('code', { class: 'target' }, escapeInput(w.href!))) : h('td', { class: 'invalid-text' }, `failure: ${w.errors.filter((e) => e.fatal).map((e) => e.name).join(', ')}`)));
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
  const sectionOf = (id: string, rule: string) => sectionLabel(id, byId.get(id)?.rules.find((r) => r.name === rule)?.section ?? '');
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

function showDiff(a: string, b: string, d: GrammarDiff, via: 'worker' | 'page'): void {
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
  else void import('../src/grammar-diff.js').then((m) => showDiff(a, b, m.grammarDiff(a, b), 'page'));
}

// ----- wiring -----

function setInput(input: string, from?: HTMLInputElement): void {
  state.input = input;
  if (from !== uriField) uriField.value = input;
  if (from !== escapedField) escapedField.value = escapeInput(input);
  if (from) state.at = null; // a node's offset means nothing in another input
  update();
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
document.body.setAttribute('data-ready', 'true');
