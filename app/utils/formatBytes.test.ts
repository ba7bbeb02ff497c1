import { describe, expect, it } from 'vitest';
import { formatBytes } from './formatBytes';

describe('formatBytes', () => {
  it('formats zero and small sizes in bytes', () => {
    expect(formatBytes(0)).toBe('0 Bytes');
    expect(formatBytes(1)).toBe('1 Bytes');
    expect(formatBytes(1023)).toBe('1023 Bytes');
    expect(formatBytes(0.5)).toBe('0.5 Bytes');
  });

  it('uses base 1024 and drops trailing zeros', () => {
    expect(formatBytes(1024)).toBe('1 KB');
    expect(formatBytes(1536)).toBe('1.5 KB');
    expect(formatBytes(1234567)).toBe('1.18 MB');
    expect(formatBytes(500 * 1024)).toBe('500 KB');
    expect(formatBytes(10 * 1024 ** 2)).toBe('10 MB');
  });

  it('covers every unit up to YB', () => {
    const units = ['KB', 'MB', 'GB', 'TB', 'PB', 'EB', 'ZB', 'YB'];
    units.forEach((unit, i) => expect(formatBytes(1024 ** (i + 1))).toBe(`1 ${unit}`));
    expect(formatBytes(1024 ** 10)).toBe(`${1024 ** 2} YB`);
  });

  it('honours the decimals argument', () => {
    expect(formatBytes(1234567, 0)).toBe('1 MB');
    expect(formatBytes(1234567, 4)).toBe('1.1774 MB');
    expect(formatBytes(1536, -1)).toBe('2 KB');
  });

  it('moves to the next unit when rounding reaches 1024', () => {
    expect(formatBytes(1024 * 1024 - 1)).toBe('1 MB');
  });

  it('keeps the sign of negative sizes and blanks NaN', () => {
    expect(formatBytes(-2048)).toBe('-2 KB');
    expect(formatBytes(Number.NaN)).toBe('');
    expect(formatBytes(Number.POSITIVE_INFINITY)).toBe('');
  });
});
