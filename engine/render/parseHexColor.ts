/** '#rrggbb' or '#rgb' (optionally with alpha) → RGBA bytes; anything else is mid grey. */
export function parseHexColor(color: string): [number, number, number, number] {
  const m = /^#([0-9a-f]{3,8})$/i.exec(color.trim());
  const hex = m?.[1] ?? '';
  const full = hex.length === 3 || hex.length === 4 ? [...hex].map((c) => c + c).join('') : hex;
  if (full.length !== 6 && full.length !== 8) return [128, 128, 128, 255];
  const n = (i: number) => parseInt(full.slice(i, i + 2), 16);
  return [n(0), n(2), n(4), full.length === 8 ? n(6) : 255];
}
