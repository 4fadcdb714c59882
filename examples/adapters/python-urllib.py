#!/usr/bin/env python3
# urispec diff adapter: Python's urllib.parse (standard library).
#
# urlsplit is a splitter, not a validator: it breaks any string into scheme, netloc, path,
# query and fragment, and raises ValueError only for a few malformed netlocs (an unbalanced
# "[" or "]", an invalid IPv6 literal) and, when asked, for a port that is not a number in
# 0..65535. An input is valid here when splitting it, and reading its port, raise nothing.
# Resolution mode (`resolve BASE`): urljoin.
#
#   urispec diff --spec rfc3986 --against 'python3 examples/adapters/python-urllib.py'
from urllib.parse import urljoin, urlsplit

from protocol import serve


def check(text):
    try:
        parts = urlsplit(text)
        port = parts.port
    except ValueError as error:
        return {"valid": False, "error": str(error)}
    userinfo, _, _ = parts.netloc.rpartition("@")
    components = {
        "scheme": parts.scheme or None, "authority": parts.netloc or None,
        "userinfo": userinfo or None, "host": parts.hostname, "port": port,
        "path": parts.path, "query": parts.query, "fragment": parts.fragment,
    }
    return {"valid": True, "components": components}


serve(check, urljoin)
