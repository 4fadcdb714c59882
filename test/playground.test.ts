// The playground in a real browser: Debian's Chromium driven by playwright-core over the built
// static folder, served from 127.0.0.1. Skipped, with a message, where Chromium is absent
// (.ci/run installs it when it runs as root with apt).
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { extname, join, normalize } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { resolveAcross, specs, validate } from '../src/index.js';
import { renderCaret } from '../src/format.js';
// @ts-expect-error: a plain ES module script without declarations
import { buildPlayground } from '../playground/build.mjs';

const CHROMIUM = '/usr/bin/chromium';
const hasChromium = existsSync(CHROMIUM);
const ROOT = new URL('..', import.meta.url).pathname;
export const SCREENSHOT = join(ROOT, 'test-artifacts', 'playground.png');

if (!hasChromium) {
  console.warn(`playground browser test skipped: no Chromium at ${CHROMIUM} (apt-get install chromium)`);
}

const TYPES: Record<string, string> = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css', '.map': 'application/json' };

/** A static file server for the built folder, on an ephemeral port of 127.0.0.1. */
function serve(dir: string): Promise<Server> {
  const server = createServer((req, res) => {
    const path = normalize(decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname)).replace(/^(\.\.[/\\])+/, '');
    const file = join(dir, path.endsWith('/') ? `${path}index.html` : path);
    if (!file.startsWith(dir) || !existsSync(file)) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' }).end(readFileSync(file));
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

describe.skipIf(!hasChromium)('playground in Chromium', () => {
  let dir: string;
  let server: Server;
  let context: BrowserContext;
  let page: Page;
  let origin: string;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'urispec-playground-'));
    await buildPlayground(join(dir, 'site'));
    server = await serve(join(dir, 'site'));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
    context = await chromium.launchPersistentContext(join(dir, 'profile'), {
      executablePath: CHROMIUM,
      headless: true,
      args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
      viewport: { width: 1280, height: 1400 },
    });
    page = context.pages()[0] ?? (await context.newPage());
    const problems: string[] = [];
    page.on('pageerror', (e) => problems.push(e.message));
    await page.goto(origin);
    await page.waitForSelector('body[data-ready]');
    expect(problems).toEqual([]);
  });

  afterAll(async () => {
    await context?.close();
    await new Promise((r) => (server ? server.close(r) : r(undefined)));
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  const row = (spec: string) => page.locator(`#verdicts tr[data-spec="${spec}"]`);

  it('shows every era\'s verdict as you type, with the caret and failing rule', async () => {
    const input = 'http://a/~u';
    await page.fill('#uri', '');
    await page.locator('#uri').pressSequentially(input);
    expect(await page.locator('#verdicts tbody tr').count()).toBe(specs().length);
    for (const s of specs()) {
      const r = validate(input, { spec: s.id });
      await expect.poll(() => row(s.id).locator('.verdict').textContent()).toBe(r.valid ? '✓ valid' : '✗ invalid');
      if (!r.valid) {
        expect(await row(s.id).locator('pre.caret').textContent()).toBe(renderCaret(input, r.error.offset));
        expect(await row(s.id).locator('a.failing-rule').textContent()).toBe(r.error.rule);
      }
    }
    expect(await page.locator('#summary').textContent()).toMatch(/^Valid in \d of \d eras\.$/);
  });

  it('highlights the failing rule in that era\'s grammar, and shows the partial tree', async () => {
    await row('rfc1808').locator('a.failing-rule').click();
    expect(await page.locator('#era').inputValue()).toBe('rfc1808');
    const failing = page.locator('#grammar .rule.failing');
    expect(await failing.count()).toBe(1);
    expect(await failing.locator('a.def').textContent()).toBe('abs_path');
    expect(await failing.locator('a.section').getAttribute('href')).toBe('https://www.rfc-editor.org/rfc/rfc1808#section-2.2');
    expect(await page.locator('#tree').textContent()).toContain('net_path');
  });

  it('decodes the escapes field (\\t) and shows the caret under the escape', async () => {
    await page.fill('#escaped', 'http://a/b\\tc');
    expect(await page.locator('#uri').inputValue()).toBe('http://a/b\tc');
    const r = validate('http://a/b\tc');
    expect(r.valid).toBe(false);
    expect(await row('rfc3986').locator('pre.caret').textContent()).toBe(renderCaret('http://a/b\tc', r.valid ? 0 : r.error.offset));
  });

  it('resolves the input against the base in every era', async () => {
    await page.fill('#uri', '?y');
    for (const r of resolveAcross('http://a/b/c/d;p?q', '?y')) {
      const cell = page.locator(`#resolution tr[data-spec="${r.spec}"] td`);
      if ('target' in r) expect(await cell.textContent()).toBe(r.target);
      else expect(await cell.textContent()).toBeTruthy();
    }
  });

  it('compares two grammars; a witness is clickable; the address restores the page', async () => {
    await page.selectOption('#diff-a', 'rfc1808');
    await page.selectOption('#diff-b', 'rfc3986');
    await page.click('#diff-run');
    // The search runs in a worker: the verdicts keep up with typing meanwhile.
    await page.fill('#uri', 'http://a/b c');
    expect(await row('rfc3986').locator('.verdict').textContent()).toBe('✗ invalid');
    await page.waitForSelector('#diff[data-ready="rfc1808 rfc3986"]', { timeout: 30_000 });
    expect(await page.locator('#diff').getAttribute('data-via')).toBe('worker');
    expect(await page.locator('#diff').textContent()).toContain('Rules only in rfc1808');
    await page.locator('#diff button.witness', { hasText: /^~$/ }).click();
    expect(await page.locator('#uri').inputValue()).toBe('~');
    await expect.poll(() => row('rfc1808').locator('.verdict').textContent()).toBe('✗ invalid');

    mkdirSync(join(ROOT, 'test-artifacts'), { recursive: true });
    await page.screenshot({ path: SCREENSHOT, fullPage: true });

    const shared = page.url();
    expect(shared).toContain('u=%7E');
    const other = await context.newPage();
    await other.goto(shared);
    await other.waitForSelector('#diff[data-ready="rfc1808 rfc3986"]', { timeout: 30_000 });
    expect(await other.locator('#uri').inputValue()).toBe('~');
    expect(await other.locator('#era').inputValue()).toBe('rfc1808');
    await other.close();
  });

  it('is usable from the keyboard, and every field has a label', async () => {
    const unlabelled = await page.evaluate(() =>
      [...document.querySelectorAll('input, select')].filter((e) => (e as HTMLInputElement).labels?.length === 0).map((e) => e.id),
    );
    expect(unlabelled).toEqual([]);
    await page.focus('#uri');
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('escaped');
    await page.keyboard.press('End'); // a field reached by Tab has its text selected
    await page.keyboard.type('a\\u0000');
    expect(await page.locator('#uri').inputValue()).toBe('~a\u0000');
  });
});
