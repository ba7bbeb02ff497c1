import { describe, expect, it } from 'vitest';
import { parseRangeHeader, rangeHeaderOf, resolveByteRange } from './ByteRange';

describe('parseRangeHeader', () => {
  it('reads one range: from a byte to a byte, to the end, or the last n bytes', () => {
    expect(parseRangeHeader('bytes=0-0')).toEqual({ start: 0, end: 0 });
    expect(parseRangeHeader('bytes=100-199')).toEqual({ start: 100, end: 199 });
    expect(parseRangeHeader('bytes=1048576-')).toEqual({ start: 1_048_576 });
    expect(parseRangeHeader('bytes=-500')).toEqual({ suffix: 500 });
    expect(parseRangeHeader(' Bytes= 5 - 9 ')).toEqual({ start: 5, end: 9 });
  });

  it('keeps positions past any blob exact and as good as infinite', () => {
    expect(parseRangeHeader('bytes=0-99999999999999999999')).toEqual({ start: 0, end: Number.MAX_SAFE_INTEGER });
    expect(parseRangeHeader('bytes=99999999999999999999-')).toEqual({ start: Number.MAX_SAFE_INTEGER });
  });

  it('ignores what it cannot honour as one range: none, another unit, malformed, reversed, several', () => {
    for (const header of [
      undefined,
      '',
      'bytes=',
      'bytes=-',
      'items=0-1',
      'bytes=a-b',
      'bytes=1.5-2',
      'bytes=-1-2',
      'bytes=5-4',
      'bytes=0-1,5-6',
      'bytes=0-1, -1',
    ]) {
      expect(parseRangeHeader(header)).toBeNull();
    }
  });
});

describe('resolveByteRange', () => {
  it('clamps the end to the last byte and selects nothing past the end or in an empty blob', () => {
    expect(resolveByteRange({ start: 2, end: 100 }, 10)).toEqual({ start: 2, end: 9 });
    expect(resolveByteRange({ start: 9 }, 10)).toEqual({ start: 9, end: 9 });
    expect(resolveByteRange({ suffix: 3 }, 10)).toEqual({ start: 7, end: 9 });
    expect(resolveByteRange({ suffix: 30 }, 10)).toEqual({ start: 0, end: 9 });
    expect(resolveByteRange({ start: 10 }, 10)).toBeNull();
    expect(resolveByteRange({ suffix: 0 }, 10)).toBeNull();
    expect(resolveByteRange({ start: 0 }, 0)).toBeNull();
    expect(resolveByteRange({ suffix: 1 }, 0)).toBeNull();
  });

  it('writes the Range header S3 is sent', () => {
    expect(rangeHeaderOf({ start: 3, end: 7 })).toBe('bytes=3-7');
    expect(rangeHeaderOf({ start: 3 })).toBe('bytes=3-');
    expect(rangeHeaderOf({ suffix: 4 })).toBe('bytes=-4');
  });
});
