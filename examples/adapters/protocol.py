# The urispec diff protocol, for adapters written in Python (docs/differential.md): read one
# JSON string a line from standard input, answer one line an input on standard output, flushed.
#
# `python3 ADAPTER resolve BASE` is the resolution mode of the conformance report
# (docs/conformance.md): each input is a reference, answered with
# {"valid": true, "components": {"target": ...}} or {"valid": false, "error": ...}.
import json
import sys


def serve(check, resolve_with=None):
    """Answers every input with check(input): a bool or a dict {"valid", "components"?, "error"?}.
    An exception is a rejection carrying its message."""
    if sys.argv[1:2] == ["resolve"]:
        if resolve_with is None:
            sys.stderr.write("this adapter has no resolution mode\n")
            sys.exit(3)
        base = sys.argv[2]

        def check(ref):
            return {"valid": True, "components": {"target": resolve_with(base, ref)}}

    # The vectors hold any character, lone surrogates included: read and write them as JSON.
    for line in sys.stdin:
        try:
            answer = check(json.loads(line))
        except Exception as error:  # noqa: BLE001 - any failure of the parser is a rejection
            answer = {"valid": False, "error": "%s: %s" % (type(error).__name__, error)}
        sys.stdout.write(json.dumps(answer, default=str) + "\n")
        # One answer per input, now: urispec waits for it before counting on.
        sys.stdout.flush()
