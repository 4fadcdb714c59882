/**
 * Standard input as lines, streamed: memory holds one chunk and the current line, never the
 * whole input.
 *
 * Lines end at LF; a CR just before the LF (or before the end of input) belongs to the line
 * ending, as the contract says. Every line is a record, the empty line included; a last line
 * without LF counts, but an input that ends with LF has no extra empty line after it.
 *
 * Bytes are decoded as UTF-8 here rather than by the stream so that a byte sequence that is
 * not UTF-8 cannot turn into U+FFFD silently, nor swallow the LF after it: each such byte
 * becomes the lone surrogate U+DC80..U+DCFF (the "surrogateescape" of Python and of
 * PEP 383). The string then fails validation at exactly that byte, and `--json` prints it as
 * `\udcff`, so the record says which byte it was.
 */

import { UTF8_LENGTH, UTF8_SECOND_HIGH, UTF8_SECOND_LOW } from '../utf8-table.js';

const LF = 0x0a;
const CR = 0x0d;

/**
 * Yields the lines completed by each chunk of `source`, one array per chunk (possibly empty),
 * so that a caller can write its output before the next chunk is read: in a pipe this keeps
 * writes large, at a terminal it answers each line as it is typed.
 */
export async function* readLineBatches(source: AsyncIterable<Uint8Array | string>): AsyncGenerator<string[]> {
  let pending: Buffer[] = [];
  // A UTF-8 byte order mark (EF BB BF), which some editors and Windows tools write at the start
  // of a text file, marks the encoding and is not part of the first URI. It may arrive split
  // over the first chunks, so the first three bytes are looked at together.
  let head: Buffer | null = Buffer.alloc(0);
  for await (const chunk of source) {
    let bytes = typeof chunk === 'string' ? Buffer.from(chunk, 'utf8') : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
    if (head !== null) {
      head = Buffer.concat([head, bytes]);
      if (head.length < BOM.length && BOM.subarray(0, head.length).equals(head)) continue;
      bytes = head.subarray(0, BOM.length).equals(BOM) ? head.subarray(BOM.length) : head;
      head = null;
    }
    const lines: string[] = [];
    let start = 0;
    for (let lf = bytes.indexOf(LF); lf !== -1; lf = bytes.indexOf(LF, start)) {
      const tail = bytes.subarray(start, lf);
      lines.push(decodeLine(pending.length === 0 ? tail : Buffer.concat([...pending, tail])));
      pending = [];
      start = lf + 1;
    }
    // Keep a copy only of the unfinished part, so the chunk itself can be collected.
    if (start < bytes.length) pending.push(Buffer.from(bytes.subarray(start)));
    yield lines;
  }
  // A stream shorter than a byte order mark ends here with its bytes still held.
  if (head !== null && head.length > 0 && !head.equals(BOM)) pending.push(head);
  if (pending.length > 0) yield [decodeLine(Buffer.concat(pending))];
}

const BOM = Buffer.from([0xef, 0xbb, 0xbf]);

/** One line's bytes, without its LF, as a string; a final CR is dropped. */
export function decodeLine(bytes: Uint8Array): string {
  const end = bytes.length > 0 && bytes[bytes.length - 1] === CR ? bytes.length - 1 : bytes.length;
  return decodeLossless(Buffer.from(bytes.buffer, bytes.byteOffset, end));
}

/**
 * Bytes as a string, each byte that is not UTF-8 as U+DC80..U+DCFF (below): for standard input's
 * lines and for command-line arguments alike (main.ts).
 */
export function decodeLossless(bytes: Uint8Array): string {
  if (isAscii(bytes)) return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1');
  try {
    return strictDecoder.decode(bytes);
  } catch {
    return decodeEscapingInvalid(bytes);
  }
}

const strictDecoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

function isAscii(bytes: Uint8Array): boolean {
  for (let i = 0; i < bytes.length; i++) if ((bytes[i] as number) >= 0x80) return false;
  return true;
}

/**
 * UTF-8 decoding where each byte that does not begin a well-formed sequence (Unicode
 * Table 3-7: no overlongs, no encoded surrogates, nothing above U+10FFFF) becomes
 * U+DC00 + byte, and decoding resumes at the next byte.
 */
export function decodeEscapingInvalid(bytes: Uint8Array): string {
  const parts: string[] = [];
  let i = 0;
  while (i < bytes.length) {
    const lead = bytes[i] as number;
    const length = sequenceLength(bytes, i);
    if (length === 0) {
      parts.push(String.fromCharCode(0xdc00 + lead));
      i += 1;
      continue;
    }
    let codePoint = length === 1 ? lead : lead & (0xff >> (length + 1));
    for (let k = 1; k < length; k++) codePoint = (codePoint << 6) | ((bytes[i + k] as number) & 0x3f);
    parts.push(String.fromCodePoint(codePoint));
    i += length;
  }
  return parts.join('');
}

/** The length of the well-formed UTF-8 sequence at `i`, or 0 if there is none. */
function sequenceLength(bytes: Uint8Array, i: number): number {
  const lead = bytes[i] as number;
  if (lead < 0x80) return 1;
  // Table 3-7: the lead byte fixes the length and the range of the second byte.
  const length = UTF8_LENGTH[lead] as number;
  if (length === 0) return 0;
  if (i + length > bytes.length) return 0;
  const second = bytes[i + 1] as number;
  if (second < (UTF8_SECOND_LOW[lead] as number) || second > (UTF8_SECOND_HIGH[lead] as number)) return 0;
  for (let k = 2; k < length; k++) {
    const b = bytes[i + k] as number;
    if (b < 0x80 || b > 0xbf) return 0;
  }
  return length;
}

/** What {@link forEachInput} needs of the output: flushing, and whether its reader went away. */
interface Flushable {
  flush(): Promise<void>;
  readonly closed: boolean;
}

/**
 * Every input of a command, in order: its arguments or, when there are none, standard input one
 * line at a time. After each chunk of standard input the output is flushed before reading on, so
 * a terminal user sees each answer at once and a slow reader holds standard input back; when the
 * reader has gone away (`| head`), reading stops.
 */
export async function forEachInput(
  args: readonly string[],
  stdin: AsyncIterable<Uint8Array | string>,
  out: Flushable,
  each: (input: string) => Promise<void>,
): Promise<void> {
  if (args.length > 0) {
    for (const arg of args) await each(arg);
    return;
  }
  for await (const lines of readLineBatches(stdin)) {
    for (const line of lines) await each(line);
    await out.flush();
    if (out.closed) break;
  }
}
