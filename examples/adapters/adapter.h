/* The urispec diff protocol for the C adapters (uriparser.c, libcurl.c): one JSON string a
 * line in, one JSON answer a line out (docs/differential.md). C has no JSON: these functions
 * read a JSON string literal into UTF-8 bytes (with its length: the input may hold NUL) and
 * write strings as JSON. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Appends code point cp to out as UTF-8 (a lone surrogate as its 3-byte form, as WTF-8 does). */
static size_t put_utf8(char *out, unsigned long cp) {
  if (cp < 0x80) { out[0] = (char)cp; return 1; }
  if (cp < 0x800) { out[0] = (char)(0xC0 | cp >> 6); out[1] = (char)(0x80 | (cp & 0x3F)); return 2; }
  if (cp < 0x10000) {
    out[0] = (char)(0xE0 | cp >> 12); out[1] = (char)(0x80 | ((cp >> 6) & 0x3F)); out[2] = (char)(0x80 | (cp & 0x3F));
    return 3;
  }
  out[0] = (char)(0xF0 | cp >> 18); out[1] = (char)(0x80 | ((cp >> 12) & 0x3F));
  out[2] = (char)(0x80 | ((cp >> 6) & 0x3F)); out[3] = (char)(0x80 | (cp & 0x3F));
  return 4;
}

/* Decodes the JSON string literal in line (RFC 8259 §7) into out (at least strlen(line) + 1
 * bytes); returns its length, or -1 when line is not a JSON string. out is NUL-terminated. */
static long read_json_string(const char *line, char *out) {
  const char *p = line;
  size_t n = 0;
  while (*p == ' ' || *p == '\t') p++;
  if (*p++ != '"') return -1;
  while (*p && *p != '"') {
    if (*p != '\\') { out[n++] = *p++; continue; }
    p++;
    switch (*p) {
      case 'b': out[n++] = '\b'; p++; break;
      case 'f': out[n++] = '\f'; p++; break;
      case 'n': out[n++] = '\n'; p++; break;
      case 'r': out[n++] = '\r'; p++; break;
      case 't': out[n++] = '\t'; p++; break;
      case 'u': {
        char hex[5] = {0};
        unsigned long cp;
        if (strlen(p) < 5) return -1;
        memcpy(hex, p + 1, 4); cp = strtoul(hex, NULL, 16); p += 5;
        if (cp >= 0xD800 && cp < 0xDC00 && p[0] == '\\' && p[1] == 'u') {
          unsigned long lo;
          memcpy(hex, p + 2, 4); lo = strtoul(hex, NULL, 16);
          if (lo >= 0xDC00 && lo < 0xE000) { cp = 0x10000 + ((cp - 0xD800) << 10) + (lo - 0xDC00); p += 6; }
        }
        n += put_utf8(out + n, cp);
        break;
      }
      case 0: return -1;
      default: out[n++] = *p++;
    }
  }
  if (*p != '"') return -1;
  out[n] = 0;
  return (long)n;
}

/* Writes the n bytes at s as a JSON string; bytes of 0x80 and above pass through (UTF-8). */
static void write_json_bytes(const char *s, size_t n) {
  putchar('"');
  for (size_t i = 0; i < n; i++) {
    unsigned char c = (unsigned char)s[i];
    if (c == '"' || c == '\\') printf("\\%c", c);
    else if (c < 0x20 || c == 0x7F) printf("\\u%04x", c);
    else putchar(c);
  }
  putchar('"');
}

static void write_json_string(const char *s) {
  if (s == NULL) fputs("null", stdout);
  else write_json_bytes(s, strlen(s));
}

/* Reads one line of any length; returns NULL at the end of the input. */
static char *read_line(void) {
  size_t cap = 4096, n = 0;
  char *buf = malloc(cap);
  int c;
  while ((c = getchar()) != EOF && c != '\n') {
    if (n + 1 >= cap) buf = realloc(buf, cap *= 2);
    buf[n++] = (char)c;
  }
  if (c == EOF && n == 0) { free(buf); return NULL; }
  buf[n] = 0;
  return buf;
}
