// The hint for a scheme's rule that holds no fragment (RFC 2397's `dataurl`, RFC 8089's
// `file-URI`), failing at a "#" after a whole URI of the scheme: that "#" begins the fragment
// identifier of a URI reference, which the era's URI-reference reads, holding the part before it
// to the scheme's rule (./scheme-uris.ts). RFC 3986 §3.5: "Fragment identifier semantics are
// independent of the URI scheme and thus cannot be redefined by scheme specifications"; RFC 2396
// §4.1: "URI-reference = [ absoluteURI | relativeURI ] [ "#" fragment ]". RFC 9110's http-URI
// says so in its own words (./http.ts).

/** `reference`: the section that gives the reference its fragment, with its words. */
export function noFragmentHint(startRule: string, reference: string): string {
  return `a ${startRule} has no fragment: this "#" begins the fragment identifier of a URI reference (${reference}): with its fragment the string is a URI-reference (rule URI-reference, or spec auto), which holds the part before the "#" to ${startRule}; a "#" within the ${startRule} itself is written "%23"`;
}
