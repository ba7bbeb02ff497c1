/** Colours offered for new labels, in order; distinct at a glance on light and dark images. */
export const LABEL_PALETTE = [
  '#e53935',
  '#1e88e5',
  '#43a047',
  '#fdd835',
  '#8e24aa',
  '#fb8c00',
  '#00acc1',
  '#d81b60',
  '#6d4c41',
  '#3949ab',
  '#7cb342',
  '#546e7a',
] as const;

/** The first palette colour no label uses yet; past the palette, a colour derived from the count. */
export function nextLabelColor(used: readonly string[]): string {
  const taken = new Set(used.map((c) => c.toLowerCase()));
  const free = LABEL_PALETTE.find((c) => !taken.has(c));
  if (free) return free;
  for (let i = 0; i < 360; i += 1) {
    const hue = (used.length * 137 + i * 29) % 360;
    const color = hslToHex(hue, 0.65, 0.5);
    if (!taken.has(color)) return color;
  }
  return '#000000';
}

function hslToHex(h: number, s: number, l: number): string {
  const k = (n: number) => (n + h / 30) % 12;
  const a = s * Math.min(l, 1 - l);
  const f = (n: number) => l - a * Math.max(-1, Math.min(k(n) - 3, Math.min(9 - k(n), 1)));
  return `#${[f(0), f(8), f(4)]
    .map((x) =>
      Math.round(x * 255)
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;
}
