/* urispec diff adapter: uriparser (https://uriparser.github.io/; Debian: liburiparser-dev),
 * "a strictly RFC 3986 compliant URI parsing and handling library written in C89".
 *
 * An input is valid when uriParseSingleUriExA parses all of it (the input is passed with its
 * length, so a NUL in it is parsed, not an end). Components: scheme, userinfo, host (an IP
 * literal in its brackets), port, query and fragment, as written in the input. Resolution
 * mode (`uriparser resolve BASE`): uriAddBaseUriA, then uriToStringA.
 *
 * Built by scripts/conformance/setup.sh into build/conformance/uriparser. */
#include <uriparser/Uri.h>
#include "adapter.h"

static void component(const char *name, UriTextRangeA r, int brackets, int *first) {
  if (r.first == NULL) return;
  printf("%s\"%s\":", *first ? "" : ",", name);
  *first = 0;
  if (brackets) {
    size_t n = (size_t)(r.afterLast - r.first);
    char *s = malloc(n + 3);
    s[0] = '['; memcpy(s + 1, r.first, n); s[n + 1] = ']';
    write_json_bytes(s, n + 2);
    free(s);
  } else write_json_bytes(r.first, (size_t)(r.afterLast - r.first));
}

int main(int argc, char **argv) {
  UriUriA base;
  const char *baseText = argc > 2 && strcmp(argv[1], "resolve") == 0 ? argv[2] : NULL;
  if (baseText && uriParseSingleUriA(&base, baseText, NULL) != URI_SUCCESS) {
    fprintf(stderr, "the base does not parse\n");
    return 3;
  }
  char *line;
  while ((line = read_line()) != NULL) {
    char *input = malloc(strlen(line) + 1);
    long n = read_json_string(line, input);
    UriUriA uri;
    const char *errorPos = NULL;
    if (n < 0) printf("{\"valid\":false,\"error\":\"not a JSON string\"}\n");
    else if (uriParseSingleUriExA(&uri, input, input + n, &errorPos) != URI_SUCCESS) {
      printf("{\"valid\":false,\"error\":\"syntax error at offset %ld\"}\n", errorPos ? (long)(errorPos - input) : -1L);
    } else {
      if (baseText) {
        UriUriA abs;
        int chars = 0;
        if (uriAddBaseUriA(&abs, &uri, &base) != URI_SUCCESS || uriToStringCharsRequiredA(&abs, &chars) != URI_SUCCESS) {
          printf("{\"valid\":false,\"error\":\"uriAddBaseUriA failed\"}\n");
        } else {
          char *s = malloc((size_t)chars + 1);
          uriToStringA(s, &abs, chars + 1, NULL);
          fputs("{\"valid\":true,\"components\":{\"target\":", stdout);
          write_json_string(s);
          fputs("}}\n", stdout);
          free(s);
        }
        uriFreeUriMembersA(&abs);
      } else {
        int first = 1;
        fputs("{\"valid\":true,\"components\":{", stdout);
        component("scheme", uri.scheme, 0, &first);
        component("userinfo", uri.userInfo, 0, &first);
        component("host", uri.hostText, uri.hostData.ip6 != NULL || uri.hostData.ipFuture.first != NULL, &first);
        component("port", uri.portText, 0, &first);
        component("query", uri.query, 0, &first);
        component("fragment", uri.fragment, 0, &first);
        fputs("}}\n", stdout);
      }
      uriFreeUriMembersA(&uri);
    }
    fflush(stdout);
    free(input);
    free(line);
  }
  return 0;
}
