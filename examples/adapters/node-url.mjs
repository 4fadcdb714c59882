// urispec diff adapter: Node's global URL (node-url.mjs).
//
// Node's URL implements the WHATWG URL Standard, not RFC 3986 nor any RFC: it parses what
// browsers parse. It removes leading and trailing C0 controls and spaces and every tab and
// newline before parsing, percent-encodes spaces and non-ASCII characters instead of failing,
// accepts backslashes as slashes in special schemes, and it requires an absolute URL (there is
// no base here), so every relative reference is "invalid" to it. Its disagreements with urispec
// are the differences between the two standards, not bugs.
//
//   urispec diff --spec rfc3986 --rule URI --against 'node examples/adapters/node-url.mjs'
import { serve } from './protocol.mjs';

await serve((input) => {
  const url = new URL(input);
  const { protocol, username, password, hostname, port, pathname, search, hash } = url;
  return { valid: true, components: { protocol, username, password, hostname, port, pathname, search, hash } };
});
