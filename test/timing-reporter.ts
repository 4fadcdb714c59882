/**
 * A reporter that prints, per test file, the time it spent collecting its tests (importing its
 * modules and running its describe callbacks) and running them, slowest first, and when it
 * ended: `npx vitest run --reporter=./test/timing-reporter.ts` (add `--reporter=default` for
 * the usual output). Vitest's own per-file figure leaves the collection out, which is where a
 * file that computes in `describe` spends its time. The figures feed SLOW_FILES in
 * vitest.config.ts.
 */
import type { Reporter, TestModule } from 'vitest/node';

interface Row {
  file: string;
  collect: number;
  tests: number;
  /** Milliseconds from the start of the run. */
  end: number;
}

const seconds = (ms: number, width: number) => (ms / 1000).toFixed(1).padStart(width);

export default class TimingReporter implements Reporter {
  private readonly rows: Row[] = [];
  private readonly start = Date.now();
  private root = '';

  onInit(ctx: { config: { root: string } }): void {
    this.root = ctx.config.root;
  }

  onTestModuleEnd(module: TestModule): void {
    const d = module.diagnostic();
    const file = module.moduleId.startsWith(this.root) ? module.moduleId.slice(this.root.length + 1) : module.moduleId;
    this.rows.push({ file, collect: d.collectDuration, tests: d.duration, end: Date.now() - this.start });
  }

  onTestRunEnd(): void {
    const rows = [...this.rows].sort((a, b) => b.collect + b.tests - (a.collect + a.tests));
    const collect = rows.reduce((s, r) => s + r.collect, 0);
    const tests = rows.reduce((s, r) => s + r.tests, 0);
    const lines = [`files: ${rows.length}, wall ${seconds(Date.now() - this.start, 0)} s, summed collection ${seconds(collect, 0)} s, tests ${seconds(tests, 0)} s`];
    lines.push('  total  collect    tests   ends at  file');
    for (const r of rows) lines.push(`${seconds(r.collect + r.tests, 7)}  ${seconds(r.collect, 7)}  ${seconds(r.tests, 7)}  ${seconds(r.end, 7)}  ${r.file}`);
    process.stdout.write(`${lines.join('\n')}\n`);
  }
}
