#!/usr/bin/env python3
# urispec diff adapter: Python's urllib.parse (standard library).
#
# urlsplit is a splitter, not a validator: it breaks any string into scheme, netloc, path,
# query and fragment, and raises ValueError only for a few malformed netlocs (an unbalanced
# "[" or "]", an invalid IPv6 literal) and, when asked, for a port that is not a number in
# 0..65535. An input is valid here when splitting it, and reading its port, raise nothing.
#
#   urispec diff --spec rfc3986 --against 'python3 examples/adapters/python-urllib.py'
import json
import sys
from urllib.parse import urlsplit


def check(text):
    try:
        parts = urlsplit(text)
        port = parts.port
    except ValueError as error:
        return {"valid": False, "error": str(error)}
    components = {
        "scheme": parts.scheme, "netloc": parts.netloc, "path": parts.path,
        "query": parts.query, "fragment": parts.fragment, "port": port,
    }
    return {"valid": True, "components": components}


for line in sys.stdin:
    sys.stdout.write(json.dumps(check(json.loads(line))) + "\n")
    # One answer per input, now: urispec waits for it before counting on.
    sys.stdout.flush()
