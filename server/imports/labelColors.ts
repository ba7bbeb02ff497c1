/**
 * Colours for label classes an import creates: well-separated hues first, then hues stepped by
 * the golden angle, skipping every colour the project already uses (colours are unique per
 * project, so a clash would refuse the whole import).
 */
const PALETTE = [
  '#e6194b',
  '#3cb44b',
  '#ffe119',
  '#4363d8',
  '#f58231',
  '#911eb4',
  '#46f0f0',
  '#f032e6',
  '#bcf60c',
  '#fabebe',
  '#008080',
  '#e6beff',
  '#9a6324',
  '#fffac8',
  '#800000',
  '#aaffc3',
  '#808000',
  '#ffd8b1',
  '#000075',
  '#808080',
];

function hslToHex(h: number, s: number, l: number): string {
  const a = s * Math.min(l, 1 - l);
  const f = (n: number) => {
    const k = (n + h / 30) % 12;
    const c = l - a * Math.max(-1, Math.min(k - 3, 9 - k, 1));
    return Math.round(c * 255)
      .toString(16)
      .padStart(2, '0');
  };
  return `#${f(0)}${f(8)}${f(4)}`;
}

/** `count` lower-case #rrggbb colours, none in `used` and no two alike. */
export function pickLabelColors(count: number, used: Iterable<string>): string[] {
  const taken = new Set([...used].map((c) => c.toLowerCase()));
  const out: string[] = [];
  const take = (c: string) => {
    if (out.length < count && !taken.has(c)) {
      taken.add(c);
      out.push(c);
    }
  };
  for (const c of PALETTE) take(c);
  for (let i = 0; out.length < count; i++) {
    const lightness = [0.5, 0.35, 0.65, 0.25, 0.75][Math.floor(i / 360) % 5] ?? 0.5;
    take(hslToHex((i * 137.508) % 360, 0.7, lightness));
    // Past every hue at every lightness: any unused value will do.
    if (i > 5 * 360) take(`#${((i * 2654435761) >>> 8).toString(16).padStart(6, '0').slice(-6)}`);
  }
  return out;
}
