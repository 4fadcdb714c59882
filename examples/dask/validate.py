#!/usr/bin/env python3
"""Validate a file of URIs on a Dask cluster with urispec, one record out per line in, in order.

    /usr/bin/python3 examples/dask/validate.py --workers 2 uris.txt verdicts.jsonl
    /usr/bin/python3 examples/dask/validate.py --scheduler tcp://10.0.0.5:8786 uris.jsonl out.jsonl --json-input

The input file is cut into partitions by byte range (--partition-bytes), never read whole by
anyone. A partition owns the lines whose first byte lies in its range, as Hadoop's
LineRecordReader does: a worker skips the line that started before its range and finishes the
line that runs past its end, so every line belongs to exactly one partition, however long.
Each worker pipes its partition's bytes, unchanged, through `urispec validate --json` (the
package's CLI, started once per partition), so each line gets exactly the record the
single-process CLI gives it: invalid UTF-8, NUL, CRLF, empty lines, a megabyte-long line and
(with --json-input) an unreadable JSON line are the CLI's business, each costing only its own
line. The records of partition k go to part-k in a parts directory, written to a temporary
name and renamed when complete, so a task that runs twice (its worker was lost and Dask ran it
again) leaves one whole part, never a half or a double. The client then concatenates the
parts in partition order into OUT and prints one JSON summary line on stdout:

    {"rows_in": ..., "rows_out": ..., "invalid": ..., "seconds": ..., "workers": ...}

`seconds` runs from the first task submitted to OUT written (cluster start-up excluded).
Exit status as the CLI's: 0 every row valid, 1 some row invalid (or unreadable), 2 usage
error; 3 when the run failed (a task failed for good, or rows_out != rows_in).

With --scheduler the workers must see INPUT, the parts directory and the CLI at the same
paths as the client (a shared file system), as with any Dask file-based job.
"""

import argparse
import json
import os
import shlex
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time
import uuid

HERE = os.path.dirname(os.path.abspath(__file__))
DEFAULT_CLI_JS = os.path.join(HERE, '..', '..', 'dist', 'src', 'cli', 'main.js')
CHUNK = 1 << 20
LF = b'\n'
# The CLI drops a UTF-8 byte order mark at the very start of its standard input (src/cli/lines.ts).
BOM = b'\xef\xbb\xbf'
EXIT_FAILED = 3


def next_line_start(f, position, size):
    """The offset just past the first LF at or after `position` (or `size` when there is none)."""
    f.seek(position)
    while position < size:
        chunk = f.read(min(CHUNK, size - position))
        if not chunk:
            break
        lf = chunk.find(LF)
        if lf != -1:
            return position + lf + 1
        position += len(chunk)
    return size


def owned_region(f, start, end, size):
    """The bytes [first, last) of the lines that begin in [start, end): whole lines, maybe none."""
    first = 0 if start == 0 else next_line_start(f, start - 1, size)
    last = size if end >= size else next_line_start(f, end - 1, size)
    return first, max(first, last)


def validate_partition(index, path, start, end, cli, parts_dir, kill_marker=None):
    """Runs the CLI over partition `index`; writes parts_dir/part-<index>.jsonl atomically.

    Idempotent: running it again (a retry after a lost worker) writes the same bytes under the
    same name. Returns the partition's counts (small, so the client gathers them cheaply).
    """
    size = os.path.getsize(path)
    final = os.path.join(parts_dir, f'part-{index:06d}.jsonl')
    temporary = f'{final}.{uuid.uuid4().hex}.tmp'
    with open(path, 'rb') as f:
        first, last = owned_region(f, start, end, size)
        # A byte order mark is dropped by the CLI only at the start of its input: at the start of
        # the file it is not a row; at the start of a later partition it belongs to the row, so a
        # sacrificial empty line goes first there and its record is dropped below.
        skip_bom = first == 0 and last >= 3 and f.seek(0) == 0 and f.read(3) == BOM
        rows_in = count_rows(f, first + (3 if skip_bom else 0), last)
        if rows_in == 0:
            with open(temporary, 'wb'):
                pass
            os.replace(temporary, final)
            return {'partition': index, 'rows_in': 0, 'rows_out': 0, 'invalid': 0}
        prefix = b'' if first == 0 else LF
        with open(temporary, 'wb') as out, tempfile.TemporaryFile() as errors:
            child = subprocess.Popen(cli, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=errors)
            feeder = threading.Thread(target=feed, args=(child.stdin, prefix, path, first, last), daemon=True)
            feeder.start()
            rows_out = invalid = 0
            records = iter(child.stdout.readline, b'')
            if prefix:
                next(records, None)
            for record in records:
                out.write(record)
                rows_out += 1
                invalid += is_invalid(record)
                if kill_marker is not None and rows_out == rows_in // 2:
                    kill_worker_once(kill_marker, index)
            status = child.wait()
            feeder.join()
            if status not in (0, 1):
                errors.seek(0)
                message = errors.read().decode('utf-8', 'replace').strip()
                raise RuntimeError(f'partition {index}: {shlex.join(cli)} exited {status}: {message}')
    os.replace(temporary, final)
    return {'partition': index, 'rows_in': rows_in, 'rows_out': rows_out, 'invalid': invalid}


def count_rows(f, first, last):
    """Rows the CLI reads from bytes [first, last): one per LF, plus an unterminated last line."""
    f.seek(first)
    remaining = last - first
    rows = 0
    tail = LF
    while remaining > 0:
        chunk = f.read(min(CHUNK, remaining))
        rows += chunk.count(LF)
        remaining -= len(chunk)
        tail = chunk[-1:]
    return rows + (0 if tail == LF else 1)


def feed(stdin, prefix, path, first, last):
    """Copies bytes [first, last) of `path` into the CLI's standard input, a chunk at a time."""
    try:
        stdin.write(prefix)
        with open(path, 'rb') as f:
            f.seek(first)
            remaining = last - first
            while remaining > 0:
                chunk = f.read(min(CHUNK, remaining))
                stdin.write(chunk)
                remaining -= len(chunk)
        stdin.close()
    except BrokenPipeError:
        pass  # the CLI ended early (a usage error): its status says why


def is_invalid(record):
    """Whether a `--json` record says "valid":false.

    The contract orders the keys input, spec, rule, valid, and the first three are JSON strings,
    in which a quote is always escaped: so the first `"valid":` of a record is the top-level one.
    """
    at = record.find(b'"valid":')
    return record.startswith(b'false', at + 8)


def kill_worker_once(marker, index):
    """For test/dask.test.ts: the first task to get here kills its own worker process, mid-partition.

    The marker file (created exclusively) records the pid, so it happens once per run; the retry
    of this task, and every other task, goes on. This is how the test loses a worker for real.
    """
    try:
        fd = os.open(marker, os.O_CREAT | os.O_EXCL | os.O_WRONLY)
    except FileExistsError:
        return
    os.write(fd, json.dumps({'pid': os.getpid(), 'partition': index}).encode())
    os.fsync(fd)
    os.close(fd)
    os.kill(os.getpid(), signal.SIGKILL)


def partitions(size, partition_bytes):
    return [(start, min(start + partition_bytes, size)) for start in range(0, size, partition_bytes)] or [(0, 0)]


def concatenate(parts, out_path):
    """Writes the parts in order into out_path, through a temporary name renamed at the end."""
    temporary = f'{out_path}.{uuid.uuid4().hex}.tmp'
    with open(temporary, 'wb') as out:
        for part in parts:
            with open(part, 'rb') as f:
                shutil.copyfileobj(f, out, CHUNK)
    os.replace(temporary, out_path)


def cli_command(args):
    if args.cli is not None:
        base = shlex.split(args.cli)
    else:
        node = shutil.which('node')
        if node is None:
            raise UsageError('no `node` on PATH: give --cli "urispec" or --cli "/path/to/node /path/to/main.js"')
        base = [node, os.path.abspath(DEFAULT_CLI_JS)]
    command = base + ['validate', '--json']
    if args.json_input:
        command.append('--json-input')
    if args.spec is not None:
        command += ['--spec', args.spec]
    if args.rule is not None:
        command += ['--rule', args.rule]
    if args.union:
        command.append('--union')
    return command


class UsageError(Exception):
    pass


def check_usage(cli):
    """The CLI's own verdict on --spec/--rule, before any cluster starts (status 2: usage error)."""
    try:
        probe = subprocess.run(cli, input=b'', capture_output=True)
    except OSError as error:
        raise UsageError(f'cannot run {shlex.join(cli)}: {error}')
    if probe.returncode not in (0, 1):
        raise UsageError(probe.stderr.decode('utf-8', 'replace').strip() or f'{shlex.join(cli)} exited {probe.returncode}')


def parse_args(argv):
    parser = argparse.ArgumentParser(description=__doc__.split('\n\n')[0])
    parser.add_argument('input', metavar='INPUT', help='plain lines, or JSON Lines with --json-input')
    parser.add_argument('output', metavar='OUT', help='the records, one JSON object a line, in input order')
    where = parser.add_mutually_exclusive_group()
    where.add_argument('--workers', type=int, default=None, help='start a LocalCluster of N worker processes (default 2)')
    where.add_argument('--scheduler', metavar='ADDRESS', help='use an existing cluster, e.g. tcp://host:8786')
    parser.add_argument('--threads-per-worker', type=int, default=1, help='for --workers (default 1: one CLI per worker at a time)')
    parser.add_argument('--spec', help='passed to urispec validate')
    parser.add_argument('--rule', help='passed to urispec validate')
    parser.add_argument('--union', action='store_true', help='passed to urispec validate')
    parser.add_argument('--json-input', action='store_true', help='each line is a JSON string or {"input","spec"?,"rule"?}')
    parser.add_argument('--partition-bytes', type=int, default=64 << 20, help='bytes per partition (default 64 MiB)')
    parser.add_argument('--parts-dir', help='where the per-partition outputs go (default: a new directory beside OUT)')
    parser.add_argument('--cli', help='the urispec command (default: node and this checkout\'s dist/src/cli/main.js)')
    parser.add_argument('--kill-worker-once', metavar='MARKER', help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.partition_bytes < 1:
        parser.error('--partition-bytes must be at least 1')
    if args.workers is not None and args.workers < 1:
        parser.error('--workers must be at least 1')
    return args


def main(argv):
    args = parse_args(argv)
    try:
        cli = cli_command(args)
        check_usage(cli)
        if not os.path.isfile(args.input):
            raise UsageError(f'no such file: {args.input}')
    except UsageError as error:
        print(f'validate.py: {error}', file=sys.stderr)
        return 2

    from dask.distributed import Client, LocalCluster  # imported late: --help and usage errors stay fast

    cluster = None
    if args.scheduler is not None:
        client = Client(args.scheduler)
    else:
        cluster = LocalCluster(n_workers=args.workers or 2, threads_per_worker=args.threads_per_worker,
                               processes=True, dashboard_address=None)
        client = Client(cluster)
    parts_dir = args.parts_dir or tempfile.mkdtemp(prefix='.validate-parts-', dir=os.path.dirname(os.path.abspath(args.output)))
    os.makedirs(parts_dir, exist_ok=True)
    try:
        workers = len(client.scheduler_info()['workers'])
        began = time.monotonic()
        path = os.path.abspath(args.input)
        ranges = partitions(os.path.getsize(path), args.partition_bytes)
        # pure=False: every task runs; retries=2: a task that raised (not a lost worker, which
        # the scheduler retries by itself) is tried again before the run fails.
        futures = [
            client.submit(validate_partition, index, path, start, end, cli, parts_dir, args.kill_worker_once,
                          key=f'urispec-partition-{index}-{uuid.uuid4().hex}', pure=False, retries=2)
            for index, (start, end) in enumerate(ranges)
        ]
        results = client.gather(futures)
        concatenate([os.path.join(parts_dir, f'part-{r["partition"]:06d}.jsonl') for r in results], args.output)
        summary = {
            'rows_in': sum(r['rows_in'] for r in results),
            'rows_out': sum(r['rows_out'] for r in results),
            'invalid': sum(r['invalid'] for r in results),
            'seconds': round(time.monotonic() - began, 3),
            'workers': workers,
            'partitions': len(ranges),
        }
    except Exception as error:  # a task that failed for good: say which, exit 3
        print(f'validate.py: the run failed: {error}', file=sys.stderr)
        return EXIT_FAILED
    finally:
        client.close()
        if cluster is not None:
            cluster.close()
        if args.parts_dir is None:
            shutil.rmtree(parts_dir, ignore_errors=True)
    print(json.dumps(summary), flush=True)
    if summary['rows_out'] != summary['rows_in']:
        print('validate.py: rows_out differs from rows_in', file=sys.stderr)
        return EXIT_FAILED
    return 1 if summary['invalid'] > 0 else 0


if __name__ == '__main__':
    sys.exit(main(sys.argv[1:]))
