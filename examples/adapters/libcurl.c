/* urispec diff adapter: libcurl's URL API (https://curl.se/libcurl/c/libcurl-url.html;
 * Debian: libcurl4-openssl-dev). curl's documentation calls its URL syntax "RFC 3986+":
 * RFC 3986 with the changes browsers made, and it parses absolute URLs only (no base here).
 *
 * An input is valid when curl_url_set(CURLUPART_URL) returns CURLUE_OK, with
 * CURLU_NON_SUPPORT_SCHEME so that any scheme is parsed, not only the ones curl speaks. curl
 * takes a C string: an input holding a NUL cannot be passed to it and is answered as rejected,
 * saying so. Components are curl_url_get's (CURLU_NO_DEFAULT_PORT; curl normalizes some parts,
 * an empty path becomes "/"). Resolution mode (`libcurl resolve BASE`): set BASE, then set the
 * reference, which curl resolves against the URL it holds, then get CURLUPART_URL.
 *
 * Built by scripts/conformance/setup.sh into build/conformance/libcurl. */
#include <curl/curl.h>
#include "adapter.h"

static const unsigned FLAGS = CURLU_NON_SUPPORT_SCHEME;

static void component(CURLU *h, const char *name, CURLUPart part, int *first) {
  char *value = NULL;
  if (curl_url_get(h, part, &value, CURLU_NO_DEFAULT_PORT) != CURLUE_OK || value == NULL) return;
  printf("%s\"%s\":", *first ? "" : ",", name);
  *first = 0;
  write_json_string(value);
  curl_free(value);
}

int main(int argc, char **argv) {
  const char *base = argc > 2 && strcmp(argv[1], "resolve") == 0 ? argv[2] : NULL;
  char *line;
  while ((line = read_line()) != NULL) {
    char *input = malloc(strlen(line) + 1);
    long n = read_json_string(line, input);
    CURLU *h = curl_url();
    CURLUcode rc;
    if (n < 0) printf("{\"valid\":false,\"error\":\"not a JSON string\"}\n");
    else if ((long)strlen(input) != n) printf("{\"valid\":false,\"error\":\"libcurl takes a C string: the NUL in this input cannot be passed\"}\n");
    else if (base && (rc = curl_url_set(h, CURLUPART_URL, base, FLAGS)) != CURLUE_OK) {
      printf("{\"valid\":false,\"error\":\"the base: %s\"}\n", curl_url_strerror(rc));
    } else if ((rc = curl_url_set(h, CURLUPART_URL, input, FLAGS)) != CURLUE_OK) {
      fputs("{\"valid\":false,\"error\":", stdout);
      write_json_string(curl_url_strerror(rc));
      fputs("}\n", stdout);
    } else {
      int first = 1;
      fputs("{\"valid\":true,\"components\":{", stdout);
      if (base) component(h, "target", CURLUPART_URL, &first);
      else {
        component(h, "scheme", CURLUPART_SCHEME, &first);
        component(h, "host", CURLUPART_HOST, &first);
        component(h, "port", CURLUPART_PORT, &first);
        component(h, "path", CURLUPART_PATH, &first);
        component(h, "query", CURLUPART_QUERY, &first);
        component(h, "fragment", CURLUPART_FRAGMENT, &first);
      }
      fputs("}}\n", stdout);
    }
    curl_url_cleanup(h);
    fflush(stdout);
    free(input);
    free(line);
  }
  return 0;
}
