// The hint for a scheme's rule that holds no fragment (RFC 2397's `dataurl`, RFC 8089's
// `file-URI`), failing at a "#" after a whole URI of the scheme: that "#" begins the fragment
// identifier of a URI reference, which the era's URI-reference reads, holding the part before it
// to the scheme's rule (./scheme-uris.ts). RFC 3986 §3.5: "Fragment identifier semantics are
// independent of the URI scheme and thus cannot be redefined by scheme specifications"; RFC 2396
// §4.1: "URI-reference = [ absoluteURI | relativeURI ] [ "#" fragment ]"; RFC 9110 §4.2.5 of
// http-URI: "The fragment identifier component is not part of the scheme definition".

/**
 * `reference`: the section that gives the reference its fragment, with its words; `encodable`:
 * the "#" stands where the scheme's rule takes a "%23" (a path, a query, a data URL's data), not
 * right after an authority, where a path would have to begin with "/".
 */
export function noFragmentHint(startRule: string, reference: string, encodable: boolean): string {
  // "an http-URI", as the letters are read; "a dataurl", "a file-URI".
  const article = /^(?:[aeiou]|http)/i.test(startRule) ? 'an' : 'a';
  return `${article} ${startRule} has no fragment: this "#" begins the fragment identifier of a URI reference (${reference}): validate the string as a URI-reference (rule URI-reference, or spec auto), which checks the part before the "#" as ${article} ${startRule}${encodable ? `; a "#" within the ${startRule} itself is written "%23"` : ''}`;
}
