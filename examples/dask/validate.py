#!/usr/bin/env python3
"""Validate a file of URIs on a Dask cluster with urispec, one record out per line in, in order.

    /usr/bin/python3 examples/dask/validate.py --workers 2 uris.txt verdicts.jsonl
    /usr/bin/python3 examples/dask/validate.py --scheduler tcp://10.0.0.5:8786 uris.jsonl out.jsonl --json-input

The input file is cut into partitions by byte range (--partition-bytes), never read whole by
anyone. A partition owns the lines whose first byte lies in its range, as Hadoop's
LineRecordReader does: a worker skips the line that started before its range and finishes the
line that runs past its end, so every line belongs to exactly one partition, however long.
Each worker pipes its partition's bytes, unchanged, through `urispec validate --json` (the
package's CLI, kept running on each worker and fed partition after partition, see CliPool), so
each line gets exactly the record the single-process CLI gives it: invalid UTF-8, NUL, CRLF, empty lines, a megabyte-long line and
(with --json-input) an unreadable JSON line are the CLI's business, each costing only its own
line. The records of partition k go to part-k in a parts directory, written to a temporary
name and renamed when complete, so a task that runs twice (its worker was lost and Dask ran it
again) leaves one whole part, never a half or a double. The client then concatenates the
parts in partition order into OUT and prints one JSON summary line on stdout:

    {"rows_in": ..., "rows_out": ..., "invalid": ..., "seconds": ..., "workers": ...}

`invalid` is the number of records whose own "valid" is false (invalid or unreadable lines),
the count the single-process CLI's output holds; a --spec auto record is one record, however
many of its "verdicts" fail.
`seconds` runs from the first task submitted to OUT written (cluster start-up excluded).
Exit status as the CLI's: 0 every row valid, 1 some row invalid (or unreadable), 2 usage
error; 3 when the run failed (a task failed for good, rows_out != rows_in, the cluster or the
parts directory could not be had, OUT could not be written), with a message on stderr.

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
# A record's own verdict: the key of its top-level "valid" (JSON.stringify writes no spaces).
# Inside a JSON string a quote is always escaped, and after a closing quote only , : } ] may
# follow, so these bytes occur only as a key named "valid". The CLI writes a record's keys as
# input, spec, rule (JSON strings), valid, then the rest, so the first of them on a line is the
# record's own; a record of --spec auto (or a --json-input line naming auto) holds more of them
# further on, one in each of its "verdicts", which must not be counted (RecordCounter).
VALID_KEY = b'"valid":'


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


class CliPool:
    """A Dask worker plugin: long-lived `urispec validate --json` processes on each worker.

    One process serves partition after partition through its pipes, so a partition pays no
    start-up (about 0.15 CPU-seconds for node and the parsers, scripts/bench-dask.ts); a task takes an idle process, or
    starts one, and gives it back when its partition is done, so a worker with several threads
    runs several. Each process is first sent one empty line whose record is dropped: the CLI
    drops a byte order mark only at the very start of its input (src/cli/lines.ts), and that
    start is then behind us, so a row that begins with one keeps it, as in a single run.
    `teardown` (when the client unregisters the plugin, or the worker closes) ends them.
    """

    def __init__(self, name, cli):
        self.name = name
        self.cli = cli

    def setup(self, worker=None):
        self.idle = []
        self.lock = threading.Lock()

    def teardown(self, worker=None):
        with self.lock:
            idle, self.idle = self.idle, []
        for process in idle:
            process.close()

    def acquire(self):
        with self.lock:
            while self.idle:
                process = self.idle.pop()
                if process.alive():
                    return process
                process.close()  # it ended while idle: reap it, start another
        return CliProcess(self.cli)

    def release(self, process):
        with self.lock:
            self.idle.append(process)


class RecordCounter:
    """Counts the records whose own "valid" is false in the CLI's --json output, fed in pieces.

    The pieces may be cut anywhere (a pipe read returns what is there, one byte or a megabyte),
    so the key may straddle two pieces or more; the counter keeps the current line's last few
    bytes until its key is found, and looks for no other key on that line once it is, so no
    record is missed or counted twice. It holds at most len(VALID_KEY) bytes, however long a
    record (a megabyte-long input).
    """

    def __init__(self):
        self.invalid = 0
        self.searching = True  # the current line's own "valid" is still ahead
        self.tail = b''  # the current line's last bytes searched, which may begin the key

    def feed(self, piece):
        position, size = 0, len(piece)
        while position < size:
            lf = piece.find(LF, position)
            end = size if lf == -1 else lf
            if self.searching:
                self._search(piece, position, end)
            if lf == -1:
                return
            if self.searching:
                raise ValueError(f'a record without a "valid" of its own: {piece[position:lf][:200]!r}')
            self.searching, self.tail = True, b''
            position = lf + 1

    def _search(self, piece, start, end):
        """Looks for the key, and the first byte of its value, in the current line's bytes [start, end) of piece."""
        if self.tail:
            # The key may begin in the bytes kept from earlier pieces, however short they were.
            piece, start, end = self.tail + piece[start:end], 0, len(self.tail) + end - start
            self.tail = b''
        found = piece.find(VALID_KEY, start, end)
        if found == -1:
            self.tail = piece[max(start, end - len(VALID_KEY)):end]
        elif found + len(VALID_KEY) == end:
            self.tail = piece[found:end]  # the key, its value in the next piece
        else:
            value = piece[found + len(VALID_KEY)]
            if value not in b'tf':
                raise ValueError(f'a record whose "valid" is neither true nor false: {piece[start:end][:200]!r}')
            self.invalid += value == ord('f')
            self.searching = False


class CliProcess:
    def __init__(self, cli):
        self.cli = cli
        self.errors = tempfile.TemporaryFile()
        self.popen = subprocess.Popen(cli, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=self.errors, bufsize=0)
        self.popen.stdin.write(LF)
        self.popen.stdin.flush()
        self.records(1)

    def alive(self):
        return self.popen.poll() is None

    def records(self, count, out=None, progress=None):
        """Copies the CLI's next `count` records to `out`, in large reads; returns (records, invalid).

        Nothing follows them in the pipe (the process serves one partition at a time), so the
        reads stop at exactly the partition's last LF. Raises if the CLI ends before.
        """
        seen = 0
        counter = RecordCounter()
        while seen < count:
            chunk = self.popen.stdout.read(CHUNK)
            if not chunk:
                self.errors.seek(0)
                message = self.errors.read().decode('utf-8', 'replace').strip()
                raise RuntimeError(f'{shlex.join(self.cli)} stopped ({self.popen.poll()}): {message}')
            seen += chunk.count(LF)
            if seen > count:
                raise RuntimeError(f'{shlex.join(self.cli)} wrote {seen} records for {count} lines')
            counter.feed(chunk)
            if out is not None:
                out.write(chunk)
            if progress is not None:
                progress(seen)
        return seen, counter.invalid

    def close(self):
        try:
            self.popen.stdin.close()
        except OSError:
            pass
        if self.popen.wait() not in (0, 1):
            self.popen.kill()
        self.popen.stdout.close()
        self.errors.close()

    def kill(self):
        self.popen.kill()
        self.popen.wait()
        self.popen.stdout.close()
        self.errors.close()


def validate_partition(index, path, start, end, parts_dir, plugin, kill_marker=None):
    """Validates partition `index` on a CLI of the worker's pool; writes parts_dir/part-<index>.jsonl atomically.

    Idempotent: running it again (a retry after a lost worker) writes the same bytes under the
    same name. Returns the partition's counts (small, so the client gathers them cheaply).
    """
    from distributed import get_worker

    size = os.path.getsize(path)
    final = os.path.join(parts_dir, f'part-{index:06d}.jsonl')
    temporary = f'{final}.{uuid.uuid4().hex}.tmp'
    with open(path, 'rb') as f:
        first, last = owned_region(f, start, end, size)
        # The byte order mark at the start of the file is no part of a row (src/cli/lines.ts).
        if first == 0 and f.seek(0) == 0 and f.read(3) == BOM:
            first = min(3, last)
        rows_in, terminated = count_rows(f, first, last)
    counts = {'partition': index, 'rows_in': rows_in, 'rows_out': 0, 'invalid': 0}

    def progress(seen):
        if kill_marker is not None and seen >= rows_in // 2:
            kill_worker_once(kill_marker, index)

    with open(temporary, 'wb') as out:
        if rows_in > 0:
            pool = get_worker().plugins[plugin]
            process = pool.acquire()
            try:
                # The last line of the file may lack its LF: one is added, so that the CLI answers
                # it now rather than at the end of its input (the record is the same either way).
                feeder = threading.Thread(target=feed, args=(process.popen.stdin, path, first, last, b'' if terminated else LF),
                                          daemon=True)
                feeder.start()
                counts['rows_out'], counts['invalid'] = process.records(rows_in, out, progress)
                feeder.join()
            except BaseException:
                process.kill()  # in an unknown state: never handed to another partition
                raise
            pool.release(process)
    os.replace(temporary, final)
    return counts


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
    return rows + (0 if tail == LF else 1), tail == LF


def feed(stdin, path, first, last, suffix):
    """Copies bytes [first, last) of `path`, then `suffix`, into the CLI's standard input."""
    try:
        with open(path, 'rb') as f:
            f.seek(first)
            remaining = last - first
            while remaining > 0:
                chunk = f.read(min(CHUNK, remaining))
                stdin.write(chunk)
                remaining -= len(chunk)
        stdin.write(suffix)
        stdin.flush()
    except (BrokenPipeError, ValueError):
        pass  # the CLI ended early: the reader of its records says why


def kill_worker_once(marker, index):
    """For test/dask.test.ts: the first task to get here kills its own worker process, mid-partition.

    The marker file (created exclusively) records the pid, so it happens once per run; the retry
    of this task, and every other task, goes on. This is how the test loses a worker for real.
    """
    try:
        fd = os.open(marker, os.O_CREAT | os.O_EXCL | os.O_WRONLY, 0o644)
    except FileExistsError:
        return
    os.write(fd, json.dumps({'pid': os.getpid(), 'partition': index}).encode())
    os.fsync(fd)
    os.close(fd)
    os.kill(os.getpid(), signal.SIGKILL)


def partitions(size, partition_bytes):
    return [(start, min(start + partition_bytes, size)) for start in range(0, size, partition_bytes)] or [(0, 0)]


def concatenate(parts, out_path):
    """Writes the parts in order into out_path (a temporary name renamed at the end); returns its records."""
    temporary = f'{out_path}.{uuid.uuid4().hex}.tmp'
    records = 0
    try:
        with open(temporary, 'wb') as out:
            for part in parts:
                with open(part, 'rb') as f:
                    for chunk in iter(lambda: f.read(CHUNK), b''):
                        records += chunk.count(LF)
                        out.write(chunk)
        os.replace(temporary, out_path)
    except BaseException:
        # A failed run (a full disk, OUT a directory) leaves no half copy of the output behind.
        try:
            os.remove(temporary)
        except OSError:
            pass
        raise
    return records


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
    parser.add_argument('output', metavar='OUT', nargs='?', help='the records, one JSON object a line, in input order')
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
    parser.add_argument('--parts-only', action='store_true',
                        help='leave the records in --parts-dir as part-NNNNNN.jsonl, in partition order, and write no OUT')
    parser.add_argument('--cli', help='the urispec command (default: node and this checkout\'s dist/src/cli/main.js)')
    parser.add_argument('--kill-worker-once', metavar='MARKER', help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.partition_bytes < 1:
        parser.error('--partition-bytes must be at least 1')
    if args.parts_only != (args.output is None) or (args.parts_only and args.parts_dir is None):
        parser.error('give OUT, or --parts-only with --parts-dir')
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

    # OUT a directory cannot take the records: said before any cluster starts, not after every
    # partition has been validated (the write at the end would fail the same way).
    if os.path.isdir(args.output):
        print(f'validate.py: the run failed: OUT {args.output} is a directory, not a file to write the records to', file=sys.stderr)
        return EXIT_FAILED

    # Imported late: --help and usage errors stay fast. A Python without Dask is told so, with
    # the exit status of a run that could not start, rather than given a traceback.
    try:
        from dask.distributed import Client, LocalCluster, as_completed
    except ImportError as error:
        print(f'validate.py: this Python ({sys.executable}) cannot import dask.distributed ({error}): '
              'install it (Debian: apt-get install python3-distributed; pip: pip install "dask[distributed]")', file=sys.stderr)
        return EXIT_FAILED

    # The parts directory first: a place that cannot hold it (OUT in a missing directory, a
    # read-only --parts-dir) fails the run before any cluster starts, with a message, not a
    # traceback. --parts-dir: the parts stay (with the .tmp files of attempts that a lost worker left).
    try:
        if args.parts_dir is not None:
            parts_dir = args.parts_dir
            os.makedirs(parts_dir, exist_ok=True)
        else:
            parts_dir = tempfile.mkdtemp(prefix='.validate-parts-', dir=os.path.dirname(os.path.abspath(args.output)))
    except OSError as error:
        where = f'--parts-dir {args.parts_dir}' if args.parts_dir is not None else f'beside OUT ({args.output})'
        print(f'validate.py: the run failed: cannot make the parts directory {where}: {error}', file=sys.stderr)
        return EXIT_FAILED
    plugin = f'urispec-cli-{uuid.uuid4().hex}'
    cluster = client = None
    # Everything from the cluster's start on is inside the try, so that whatever fails (the
    # cluster itself, a task, writing OUT) ends with exit 3 and the cluster shut down.
    try:
        if args.scheduler is not None:
            client = Client(args.scheduler)
        else:
            cluster = LocalCluster(n_workers=args.workers or 2, threads_per_worker=args.threads_per_worker,
                                   processes=True, dashboard_address=None)
            client = Client(cluster)
        workers = len(client.scheduler_info()['workers'])
        began = time.monotonic()
        path = os.path.abspath(args.input)
        ranges = partitions(os.path.getsize(path), args.partition_bytes)
        # pure=False: every task runs; retries=2: a task that raised (not a lost worker, which
        # the scheduler retries by itself) is tried again before the run fails.
        client.register_worker_plugin(CliPool(plugin, cli), name=plugin)
        futures = as_completed([
            client.submit(validate_partition, index, path, start, end, parts_dir, plugin, args.kill_worker_once,
                          key=f'urispec-partition-{index}-{uuid.uuid4().hex}', pure=False, retries=2)
            for index, (start, end) in enumerate(ranges)
        ])
        # Each result (a few counts) is taken as soon as it is ready and its future dropped, so the
        # scheduler forgets the task: a worker lost later costs only the partitions it was running,
        # not again every partition it had finished.
        results = [None] * len(ranges)
        for future in futures:
            result = future.result()
            results[result['partition']] = result
            future.release()
        if args.parts_only:
            rows_out = sum(r['rows_out'] for r in results)  # the LFs the workers wrote
        else:
            rows_out = concatenate([os.path.join(parts_dir, f'part-{r["partition"]:06d}.jsonl') for r in results], args.output)
        summary = {
            'rows_in': sum(r['rows_in'] for r in results),
            'rows_out': rows_out,
            'invalid': sum(r['invalid'] for r in results),
            'seconds': round(time.monotonic() - began, 3),
            'workers': workers,
            'partitions': len(ranges),
        }
    except Exception as error:  # a task that failed for good (say which), or the cluster: exit 3
        print(f'validate.py: the run failed: {error}', file=sys.stderr)
        return EXIT_FAILED
    finally:
        if client is not None:
            try:
                client.unregister_worker_plugin(plugin)  # ends this run's CLI processes on every worker
            except Exception:
                pass  # never registered, or the cluster is gone
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
