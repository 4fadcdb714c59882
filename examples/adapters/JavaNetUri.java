// urispec diff adapter: java.net.URI (the JDK), whose documentation says it parses
// "as specified by RFC 2396: Uniform Resource Identifiers (URI): Generic Syntax, amended by
// RFC 2732: Format for Literal IPv6 Addresses in URLs", with a few named deviations (an empty
// authority, ...) and "other" characters (non-ASCII) allowed.
//
// An input is valid when `new URI(input)` throws no URISyntaxException. Components are the
// raw (undecoded) ones; a registry-based authority has no host. Resolution mode
// (`JavaNetUri resolve BASE`): new URI(base).resolve(new URI(ref)).
//
// Built by scripts/conformance/setup.sh into build/conformance/java; run as
//   java -cp build/conformance/java JavaNetUri
// The JDK has no JSON: a JSON string is read and written by the small functions below.
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.OutputStreamWriter;
import java.io.PrintWriter;
import java.net.URI;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;

public class JavaNetUri {
  public static void main(String[] args) throws Exception {
    URI base = args.length > 1 && args[0].equals("resolve") ? new URI(args[1]) : null;
    BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
    PrintWriter out = new PrintWriter(new OutputStreamWriter(System.out, StandardCharsets.UTF_8));
    String line;
    while ((line = in.readLine()) != null) {
      String answer;
      try {
        String input = readJsonString(line);
        URI uri = new URI(input);
        Map<String, String> c = new LinkedHashMap<>();
        if (base != null) {
          c.put("target", base.resolve(uri).toString());
        } else {
          c.put("scheme", uri.getScheme());
          c.put("authority", uri.getRawAuthority());
          c.put("userinfo", uri.getRawUserInfo());
          c.put("host", uri.getHost());
          c.put("port", uri.getPort() < 0 ? null : Integer.toString(uri.getPort()));
          c.put("path", uri.isOpaque() ? uri.getRawSchemeSpecificPart() : uri.getRawPath());
          c.put("query", uri.getRawQuery());
          c.put("fragment", uri.getRawFragment());
        }
        StringBuilder b = new StringBuilder("{\"valid\":true,\"components\":{");
        boolean first = true;
        for (Map.Entry<String, String> e : c.entrySet()) {
          if (!first) b.append(',');
          first = false;
          b.append(jsonString(e.getKey())).append(':').append(e.getValue() == null ? "null" : jsonString(e.getValue()));
        }
        answer = b.append("}}").toString();
      } catch (URISyntaxException | IllegalArgumentException e) {
        answer = "{\"valid\":false,\"error\":" + jsonString(e.getMessage()) + "}";
      }
      out.println(answer);
      out.flush();
    }
  }

  /** The string a JSON string literal denotes (RFC 8259 §7), lone surrogates included. */
  static String readJsonString(String s) {
    s = s.trim();
    if (s.length() < 2 || s.charAt(0) != '"' || s.charAt(s.length() - 1) != '"') throw new IllegalArgumentException("not a JSON string");
    StringBuilder b = new StringBuilder();
    for (int i = 1; i < s.length() - 1; i++) {
      char c = s.charAt(i);
      if (c != '\\') { b.append(c); continue; }
      char e = s.charAt(++i);
      switch (e) {
        case 'b': b.append('\b'); break;
        case 'f': b.append('\f'); break;
        case 'n': b.append('\n'); break;
        case 'r': b.append('\r'); break;
        case 't': b.append('\t'); break;
        case 'u': b.append((char) Integer.parseInt(s.substring(i + 1, i + 5), 16)); i += 4; break;
        default: b.append(e);
      }
    }
    return b.toString();
  }

  static String jsonString(String s) {
    StringBuilder b = new StringBuilder("\"");
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      if (c == '"' || c == '\\') b.append('\\').append(c);
      else if (c < 0x20 || (c >= 0xD800 && c <= 0xDFFF)) b.append(String.format("\\u%04x", (int) c));
      else b.append(c);
    }
    return b.append('"').toString();
  }
}
