import { describe, expect, it } from 'vitest';
import { contrastRatio, hslToHex, relativeLuminance } from './color';

describe('colour arithmetic', () => {
  it('converts HSL to hex', () => {
    expect(hslToHex(0, 100, 50)).toBe('#ff0000');
    expect(hslToHex(120, 100, 25)).toBe('#008000');
    expect(hslToHex(240, 100, 50)).toBe('#0000ff');
    expect(hslToHex(0, 0, 100)).toBe('#ffffff');
    expect(hslToHex(-120, 100, 50)).toBe('#0000ff');
    expect(hslToHex(60, 100, 50)).toBe('#ffff00');
    expect(hslToHex(420, 100, 50)).toBe('#ffff00');
  });

  it('computes WCAG luminance and contrast', () => {
    expect(relativeLuminance('#000000')).toBe(0);
    expect(relativeLuminance('#ffffff')).toBe(1);
    expect(contrastRatio('#ffffff', '#000000')).toBe(21);
    expect(contrastRatio('#000000', '#ffffff')).toBe(21);
    // The product's filled-button blue against white (theme/system.ts says 4.6:1).
    expect(contrastRatio('#ffffff', '#1976d2')).toBeCloseTo(4.6, 1);
  });

  it('rejects what is not #rrggbb', () => {
    expect(() => relativeLuminance('red')).toThrow();
  });
});
