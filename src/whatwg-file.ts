// Where the URL Standard and RFC 8089 part on a file URL (issue 25 point 7): the Standard's file
// host and its Windows drive letters (URL Standard §4.4, "file state", "file host state"), named
// beside RFC 8089 §2's verdict and its Appendix E, which lists the same forms as nonstandard.

import { isValid } from './validate.js';
import { profileEraOf } from './eras/table.js';

/** The era of the file scheme's RFC (the era table's profile row). */
const ERA = profileEraOf('file');

/** What the era rfc8089 says of `input`: §2, Appendix E, or neither. */
function rfc8089Verdict(input: string): string {
  if (isValid(input, { spec: ERA })) return 'RFC 8089 §2 accepts it';
  if (isValid(input, { spec: ERA, appendixE: true })) return 'RFC 8089 §2 refuses it, Appendix E (nonstandard) lists it';
  return 'RFC 8089 refuses it';
}

/**
 * The differences the URL Standard makes on a file URL, named, with RFC 8089's verdict; none for
 * another scheme, or where the Standard refuses it (its errors say why).
 *
 * @example
 * ```ts
 * import { fileDifferences } from './whatwg-file.js';
 * fileDifferences('file://localhost/etc/fstab', 'file:///etc/fstab');
 * // ['the URL Standard empties the host "localhost" (RFC 8089 §2: "exactly as if no authority were present"); RFC 8089 §2 accepts it']
 * ```
 */
export function fileDifferences(input: string, href: string | undefined): string[] {
  if (href === undefined || !/^file:/i.test(input)) return [];
  const notes: string[] = [];
  const auth = /^file:\/\/([^/\\?#]*)/i.exec(input)?.[1];
  if (auth !== undefined && /^localhost$/i.test(auth)) {
    notes.push('the URL Standard empties the host "localhost" (RFC 8089 §2: "exactly as if no authority were present")');
  }
  if (/^file:(?:\/\/[^/]*)?\/?[A-Za-z]\|/i.test(input)) notes.push('the URL Standard writes the drive letter\'s "|" as ":" (RFC 8089 Appendix E.2.2)');
  else if (/^file:[A-Za-z]:/i.test(input)) notes.push(`the URL Standard reads "${input.slice(5, 7)}" as a Windows drive letter (RFC 8089 Appendix E.2) and writes ${href}`);
  if (/^file:\/{4,5}[^/]/i.test(input)) notes.push('the URL Standard keeps a UNC path as path segments, with an empty host (RFC 8089 Appendix E.3.2)');
  if (auth !== undefined && auth !== '' && /^file:\/\/[^/]+$/i.test(input)) notes.push(`the URL Standard adds the path "/" (RFC 8089 §2 requires a path)`);
  if (/[?#]/.test(input)) notes.push('the URL Standard keeps a query or fragment (RFC 8089 §2\'s file-URI has neither)');
  return notes.length === 0 ? [] : notes.map((n, i) => (i === notes.length - 1 ? `${n}; ${rfc8089Verdict(input)}` : n));
}
