import { describe, expect, it } from 'vitest';
import { formatPrice, formatWon } from './formatWon';

describe('formatWon', () => {
  it('writes won without decimals in either locale', () => {
    expect(formatWon(390_000, 'ko')).toBe('₩390,000');
    expect(formatWon(108_900, 'en')).toBe('₩108,900');
  });

  it('writes a free price as the given text, any other as won', () => {
    expect(formatPrice(12000, 'ko', '무료')).toBe('₩12,000');
    expect(formatPrice(1234567, 'en', 'Free')).toBe('₩1,234,567');
    expect(formatPrice(0, 'en', 'Free')).toBe('Free');
    expect(formatPrice(0, 'ko', '무료')).toBe('무료');
  });
});
