import { describe, expect, it } from 'vitest';
import { pickLabelColors } from './labelColors';

describe('pickLabelColors', () => {
  it('gives distinct #rrggbb colours that avoid the used ones, whatever the case', () => {
    const used = ['#E6194B', '#3cb44b'];
    const colors = pickLabelColors(50, used);
    expect(colors).toHaveLength(50);
    expect(new Set(colors).size).toBe(50);
    for (const c of colors) expect(c).toMatch(/^#[0-9a-f]{6}$/);
    expect(colors).not.toContain('#e6194b');
    expect(colors).not.toContain('#3cb44b');
  });

  it('still finds colours when the palette and many hues are taken', () => {
    const first = pickLabelColors(2000, []);
    const more = pickLabelColors(300, first);
    expect(new Set([...first, ...more]).size).toBe(2300);
  });
});
