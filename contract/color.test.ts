import { describe, expect, it } from 'vitest';
import { LABEL_PALETTE, nextLabelColor, pickLabelColors } from './color';
import { contrastRatio, hslToHex, MID_GREY, parseHexColor, relativeLuminance, textColorOn } from './color';

describe('label colours', () => {
  it('has a palette of distinct lower-case #rrggbb colours', () => {
    for (const c of LABEL_PALETTE) expect(c).toMatch(/^#[0-9a-f]{6}$/);
    expect(new Set(LABEL_PALETTE).size).toBe(LABEL_PALETTE.length);
  });

  it('offers the first palette colour no label uses yet, whatever the case', () => {
    expect(nextLabelColor([])).toBe('#e53935');
    expect(nextLabelColor(['#E53935', '#1e88e5'])).toBe('#43a047');
    // A gap left by a deleted label is filled first.
    expect(nextLabelColor(['#1e88e5', '#43a047'])).toBe('#e53935');
  });

  it('gives an import the colours the label form would have offered one by one', () => {
    const used = ['#1e88e5', '#123456'];
    const oneByOne: string[] = [];
    for (let i = 0; i < LABEL_PALETTE.length + 30; i++) oneByOne.push(nextLabelColor([...used, ...oneByOne]));
    expect(pickLabelColors(oneByOne.length, used)).toEqual(oneByOne);
    expect(oneByOne.slice(0, 3)).toEqual(['#e53935', '#43a047', '#fdd835']);
  });

  it('gives distinct #rrggbb colours that avoid the used ones, past the palette too', () => {
    const used = ['#E53935', '#43a047'];
    const colors = pickLabelColors(50, used);
    expect(colors).toHaveLength(50);
    expect(new Set(colors).size).toBe(50);
    for (const c of colors) expect(c).toMatch(/^#[0-9a-f]{6}$/);
    expect(colors).not.toContain('#e53935');
    expect(colors).not.toContain('#43a047');
    expect(colors.slice(0, LABEL_PALETTE.length - 2)).toEqual(
      LABEL_PALETTE.filter((c) => c !== '#e53935' && c !== '#43a047'),
    );
  });

  it('still finds colours when the palette and many hues are taken', () => {
    const first = pickLabelColors(2000, []);
    const more = pickLabelColors(300, first);
    expect(new Set([...first, ...more]).size).toBe(2300);
  });
});

describe('colour arithmetic', () => {
  it.each([
    [0, 100, 50, '#ff0000'],
    [120, 100, 25, '#008000'],
    [240, 100, 50, '#0000ff'],
    [0, 0, 100, '#ffffff'],
    [-120, 100, 50, '#0000ff'],
    [60, 100, 50, '#ffff00'],
    [420, 100, 50, '#ffff00'],
  ])('converts HSL %i° %i%% %i%% to %s', (h, s, l, hex) => {
    expect(hslToHex(h, s, l)).toBe(hex);
  });

  it('reads #rrggbb, #rgb and alpha forms; anything else is mid grey', () => {
    expect(parseHexColor('#1e88e5')).toEqual([30, 136, 229, 255]);
    expect(parseHexColor('#f00')).toEqual([255, 0, 0, 255]);
    expect(parseHexColor('#ff000080')).toEqual([255, 0, 0, 128]);
    expect(parseHexColor('red')).toEqual(MID_GREY);
    expect(parseHexColor('#12345')).toEqual(MID_GREY);
  });

  it('computes WCAG luminance and contrast', () => {
    expect(relativeLuminance('#000000')).toBe(0);
    expect(relativeLuminance('#ffffff')).toBe(1);
    expect(contrastRatio('#ffffff', '#000000')).toBe(21);
    expect(contrastRatio('#000000', '#ffffff')).toBe(21);
    // The product's filled-button blue against white (theme/system.ts says 4.6:1).
    expect(contrastRatio('#ffffff', '#1976d2')).toBeCloseTo(4.6, 1);
  });

  it.each([
    ['#1e88e5', '#fff'],
    ['#e53935', '#fff'],
    ['#000000', '#fff'],
    ['#fdd835', '#1a1a1a'],
    ['#00ffff', '#1a1a1a'],
    ['#ffffff', '#1a1a1a'],
  ])('writes on %s in %s (white on dark and saturated colours, dark on light ones)', (label, text) => {
    expect(textColorOn(label)).toBe(text);
  });
});
