/**
 * Colour arithmetic shared by the client, the server and the engine: the label palette and the
 * rule that gives a new label its colour, HSL to hex, hex parsing, and WCAG luminance/contrast.
 */

/**
 * Colours for new labels, in order: well-separated hues that stay distinct at a glance on light
 * and dark images. A label made in the label form and one made by an import take the same
 * colours in the same order.
 */
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
  '#00897b',
  '#5e35b1',
  '#f4511e',
  '#c0ca33',
  '#ffb300',
  '#f06292',
  '#80deea',
  '#bdbdbd',
] as const;

/** Lightnesses (%) tried in turn once every palette colour is used, one full turn of hues each. */
const FALLBACK_LIGHTNESS = [50, 35, 65, 25, 75] as const;
/** The golden angle: consecutive hues land far apart however many are taken. */
const GOLDEN_ANGLE = 137.508;

/**
 * `count` lower-case `#rrggbb` colours for new labels, none in `used` (any case) and no two
 * alike: the palette in order first, then golden-angle hues at stepped lightness, then any
 * unused value. Colours are unique per project, so a clash would refuse the label.
 */
export function pickLabelColors(count: number, used: Iterable<string>): string[] {
  const taken = new Set(Array.from(used, (c) => c.toLowerCase()));
  const out: string[] = [];
  const take = (c: string) => {
    if (out.length < count && !taken.has(c)) {
      taken.add(c);
      out.push(c);
    }
  };
  for (const c of LABEL_PALETTE) take(c);
  for (let i = 0; out.length < count; i++) {
    const lightness = FALLBACK_LIGHTNESS[Math.floor(i / 360) % FALLBACK_LIGHTNESS.length] ?? 50;
    take(hslToHex((i * GOLDEN_ANGLE) % 360, 70, lightness));
    // Past every hue at every lightness: any unused value will do.
    if (i > FALLBACK_LIGHTNESS.length * 360)
      take(`#${((i * 2654435761) >>> 8).toString(16).padStart(6, '0').slice(-6)}`);
  }
  return out;
}

/** The colour the next new label gets when the project's labels use `used`. */
export function nextLabelColor(used: Iterable<string>): string {
  return pickLabelColors(1, used)[0] ?? LABEL_PALETTE[0];
}

/**
 * `#rrggbb` for an HSL colour.
 * @param hue degrees, any value (taken modulo 360).
 * @param saturation 0–100.
 * @param lightness 0–100.
 */
export function hslToHex(hue: number, saturation: number, lightness: number): string {
  const h = ((hue % 360) + 360) % 360;
  const s = Math.min(100, Math.max(0, saturation)) / 100;
  const l = Math.min(100, Math.max(0, lightness)) / 100;
  const a = s * Math.min(l, 1 - l);
  const channel = (n: number) => {
    const k = (n + h / 30) % 12;
    const value = l - a * Math.max(-1, Math.min(k - 3, 9 - k, 1));
    return Math.round(value * 255)
      .toString(16)
      .padStart(2, '0');
  };
  return `#${channel(0)}${channel(8)}${channel(4)}`;
}

/** RGBA bytes, 0–255 each. */
export type Rgba = [number, number, number, number];

/** What an unreadable colour becomes: visible on any image, and obviously not a label's colour. */
export const MID_GREY: Rgba = [128, 128, 128, 255];

/** '#rrggbb' or '#rgb' (optionally with alpha) → RGBA bytes; anything else is {@link MID_GREY}. */
export function parseHexColor(color: string): Rgba {
  const m = /^#([0-9a-f]{3,8})$/i.exec(color.trim());
  const hex = m?.[1] ?? '';
  const full = hex.length === 3 || hex.length === 4 ? [...hex].map((c) => c + c).join('') : hex;
  if (full.length !== 6 && full.length !== 8) return [...MID_GREY];
  const n = (i: number) => parseInt(full.slice(i, i + 2), 16);
  return [n(0), n(2), n(4), full.length === 8 ? n(6) : 255];
}

/** One sRGB channel (0–255) in linear light. */
function linear(byte: number): number {
  const c = byte / 255;
  return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
}

/** WCAG 2 relative luminance of a hex colour (0 black to 1 white); alpha is ignored. */
export function relativeLuminance(color: string): number {
  const [r, g, b] = parseHexColor(color);
  return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
}

/** WCAG 2 contrast ratio of two hex colours, from 1 to 21. */
export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/** Text on light label colours. */
export const DARK_TEXT = '#1a1a1a';
export const LIGHT_TEXT = '#fff';

/**
 * Text colour readable on a label of `color`: white, or near-black on light colours (yellow,
 * cyan, light green…). White stays on the palette's mid tones (blue, red, green: luminance
 * 0.2–0.3, as the app's own buttons); light colours (yellow ≈ 0.7, cyan ≈ 0.8) get dark text.
 */
export function textColorOn(color: string): string {
  return relativeLuminance(color) > 0.4 ? DARK_TEXT : LIGHT_TEXT;
}
