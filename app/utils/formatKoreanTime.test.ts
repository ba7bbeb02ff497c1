import { describe, expect, it } from 'vitest';
import { formatKoreanTime } from './formatKoreanTime';

describe('formatKoreanTime', () => {
  it('shifts UTC by nine hours', () => {
    expect(formatKoreanTime('2024-03-05T01:02:00Z')).toBe('2024-03-05 10:02');
    expect(formatKoreanTime(new Date(Date.UTC(2024, 0, 1, 0, 0)))).toBe('2024-01-01 09:00');
  });

  it('crosses the date line into the next day, month and year', () => {
    expect(formatKoreanTime('2024-03-05T15:00:00Z')).toBe('2024-03-06 00:00');
    expect(formatKoreanTime('2024-02-29T20:30:00Z')).toBe('2024-03-01 05:30');
    expect(formatKoreanTime('2023-12-31T23:59:59Z')).toBe('2024-01-01 08:59');
    expect(formatKoreanTime('2024-12-31T14:59:00Z')).toBe('2024-12-31 23:59');
  });

  it('reads strings with another offset as the same instant', () => {
    expect(formatKoreanTime('2024-06-30T20:00:00-05:00')).toBe('2024-07-01 10:00');
    expect(formatKoreanTime('2024-06-30T10:00:00+09:00')).toBe('2024-06-30 10:00');
  });

  it('accepts epoch milliseconds', () => {
    expect(formatKoreanTime(0)).toBe('1970-01-01 09:00');
    expect(formatKoreanTime(Date.UTC(2000, 1, 29, 15, 5))).toBe('2000-03-01 00:05');
  });

  it('does not depend on the machine time zone', () => {
    // The formatter only uses UTC getters; local getters would differ from these in most zones.
    const ms = Date.UTC(2024, 6, 1, 16, 45);
    expect(formatKoreanTime(ms)).toBe('2024-07-02 01:45');
  });

  it('returns an empty string for invalid input', () => {
    expect(formatKoreanTime('not a date')).toBe('');
    expect(formatKoreanTime('')).toBe('');
    expect(formatKoreanTime(Number.NaN)).toBe('');
    expect(formatKoreanTime(Number.POSITIVE_INFINITY)).toBe('');
    expect(formatKoreanTime(new Date('x'))).toBe('');
    expect(formatKoreanTime(null)).toBe('');
    expect(formatKoreanTime(undefined)).toBe('');
  });
});
