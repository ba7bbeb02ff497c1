/**
 * A byte range as HTTP names it (RFC 9110 §14.1.2): bytes `start` to `end` inclusive, where an
 * `end` past the last byte (or none) means to the last byte; or the last `suffix` bytes.
 */
export type ByteRange = { start: number; end?: number } | { suffix: number };

/** The bytes a range selects in a blob of `total` bytes, or null when it selects none. */
export function resolveByteRange(range: ByteRange, total: number): { start: number; end: number } | null {
  if ('suffix' in range)
    return range.suffix > 0 && total > 0 ? { start: Math.max(0, total - range.suffix), end: total - 1 } : null;
  if (range.start >= total) return null;
  return { start: range.start, end: Math.min(range.end ?? total - 1, total - 1) };
}

/** Throws on a range no request could mean (negative, fractional, or ending before it starts). */
export function assertByteRange(range: ByteRange): void {
  const ok = (n: number) => Number.isSafeInteger(n) && n >= 0;
  const valid =
    'suffix' in range
      ? ok(range.suffix)
      : ok(range.start) && (range.end === undefined || (ok(range.end) && range.end >= range.start));
  if (!valid) throw new RangeError(`Invalid byte range ${JSON.stringify(range)}`);
}

/** The range as a `Range` request header value. */
export function rangeHeaderOf(range: ByteRange): string {
  return 'suffix' in range ? `bytes=-${range.suffix}` : `bytes=${range.start}-${range.end ?? ''}`;
}

/** Positions past this are as good as infinite for a blob, and keep the numbers exact. */
const MAX_POSITION = Number.MAX_SAFE_INTEGER;
const positionOf = (digits: string) => Math.min(Number(digits), MAX_POSITION);

/**
 * The one range of a `Range: bytes=…` request header, or null when there is none to honour: no
 * header, another unit, a malformed one, or several ranges. A server may always answer those with
 * the whole representation (RFC 9110 §14.2), which is simpler and safer than multipart answers.
 */
export function parseRangeHeader(header: string | undefined): ByteRange | null {
  const m = /^bytes=[ \t]*(\d*)[ \t]*-[ \t]*(\d*)[ \t]*$/i.exec(header?.trim() ?? '');
  if (!m) return null;
  const [, first = '', last = ''] = m;
  if (first === '') return last === '' ? null : { suffix: positionOf(last) };
  const start = positionOf(first);
  if (last === '') return { start };
  const end = positionOf(last);
  return end < start ? null : { start, end };
}
