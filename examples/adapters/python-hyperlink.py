#!/usr/bin/env python3
# urispec diff adapter: hyperlink (https://github.com/python-hyper/hyperlink; Debian:
# python3-hyperlink), "a featureful, immutable, and correct URL for Python", whose URL class
# cites RFC 3986 rule by rule (and whose DecodedURL gives IRIs).
#
# An input is valid when URL.from_text(input) raises no URLParseError (nor any other error).
# Resolution mode (`resolve BASE`): URL.from_text(base).click(ref).
#
#   urispec diff --spec rfc3986 --against '/usr/bin/python3 examples/adapters/python-hyperlink.py'
import sys

try:
    from hyperlink import URL
except ImportError:
    sys.stderr.write("python-hyperlink.py: the hyperlink module is not installed (apt-get install python3-hyperlink)\n")
    sys.exit(3)

from protocol import serve


def check(text):
    url = URL.from_text(text)
    components = {
        "scheme": url.scheme or None, "userinfo": url.userinfo or None, "host": url.host or None,
        "port": url.port if url.port is not None and ":%d" % url.port in text else None,
        "fragment": url.fragment or None,
    }
    return {"valid": True, "components": components}


def resolve_with(base, ref):
    return URL.from_text(base).click(ref).to_text()


serve(check, resolve_with)
