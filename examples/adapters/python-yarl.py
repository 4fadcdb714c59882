#!/usr/bin/env python3
# urispec diff adapter: yarl (https://github.com/aio-libs/yarl; Debian: python3-yarl), "yet
# another URL library", the URL class of aiohttp. It splits with urllib.parse.urlsplit, so its
# verdicts are urllib.parse's; its code cites RFC 3986 for the parts.
#
# An input is valid when URL(input) (encoded=True: the input is taken as it is, not quoted
# again) raises no error. Components are the raw (undecoded) ones. Resolution mode
# (`resolve BASE`): URL(base).join(URL(ref)).
#
#   urispec diff --spec rfc3986 --against '/usr/bin/python3 examples/adapters/python-yarl.py'
import sys

try:
    from yarl import URL
except ImportError:
    sys.stderr.write("python-yarl.py: the yarl module is not installed (apt-get install python3-yarl)\n")
    sys.exit(3)

from protocol import serve


def check(text):
    url = URL(text, encoded=True)
    user = url.raw_user
    userinfo = None if user is None else (user if url.raw_password is None else "%s:%s" % (user, url.raw_password))
    components = {
        "scheme": url.scheme or None, "userinfo": userinfo, "host": url.raw_host,
        "port": url.explicit_port if hasattr(url, "explicit_port") else None,
        "path": url.raw_path, "query": url.raw_query_string, "fragment": url.raw_fragment,
    }
    return {"valid": True, "components": components}


def resolve_with(base, ref):
    return str(URL(base, encoded=True).join(URL(ref, encoded=True)))


serve(check, resolve_with)
