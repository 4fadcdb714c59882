/** The JSON line that examples/dask/validate.py prints on standard output at the end of a run. */
export interface DaskSummary {
  rows_in: number;
  /** Records in OUT as written (with --parts-only: the LFs the workers wrote). */
  rows_out: number;
  invalid: number;
  /** From the first task submitted to OUT written: cluster start-up excluded. */
  seconds: number;
  workers: number;
  partitions: number;
}

/** The summary from the script's standard output, which must be that one line and nothing else. */
export function parseSummary(stdout: string): DaskSummary {
  const lines = stdout.trim().split('\n');
  if (lines.length !== 1) throw new Error(`expected one summary line from validate.py, got: ${stdout}`);
  return JSON.parse(lines[0]!) as DaskSummary;
}
