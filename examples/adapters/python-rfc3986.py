#!/usr/bin/env python3
# urispec diff adapter: the rfc3986 package for Python (https://pypi.org/project/rfc3986/;
# Debian: python3-rfc3986).
#
# An input is valid when rfc3986.uri_reference parses it and a Validator that checks the
# validity of every component accepts it. Without the module this exits at once with status 3
# and a message, and urispec diff reports that the parser exited. Resolution mode
# (`resolve BASE`): uri_reference(ref).resolve_with(base).
#
#   urispec diff --spec rfc3986 --against 'python3 examples/adapters/python-rfc3986.py'
import sys

try:
    import rfc3986
    from rfc3986 import exceptions, validators
except ImportError:
    sys.stderr.write("python-rfc3986.py: the rfc3986 module is not installed (pip install rfc3986)\n")
    sys.exit(3)

from protocol import serve

COMPONENTS = ("scheme", "userinfo", "host", "port", "path", "query", "fragment")


def check(text):
    try:
        ref = rfc3986.uri_reference(text)
        validators.Validator().check_validity_of(*COMPONENTS).validate(ref)
    except exceptions.RFC3986Exception as error:
        return {"valid": False, "error": str(error) or type(error).__name__}
    except ValueError as error:
        return {"valid": False, "error": str(error)}
    components = {name: getattr(ref, name) for name in COMPONENTS}
    return {"valid": True, "components": components}


def resolve_with(base, ref):
    return rfc3986.uri_reference(ref).resolve_with(base, strict=True).unsplit()


serve(check, resolve_with)
