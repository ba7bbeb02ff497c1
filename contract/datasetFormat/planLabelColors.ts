/**
 * The colours a zip gives its labels: the label map's first (our exporter writes every label's
 * exact colour there, as CVAT does), then a COCO category's `color`. A colour that does not read,
 * or that an earlier label of the zip already has (colours are unique per project), is listed
 * with the label and the label gets a palette colour when it is created.
 */
import type { ImportSkip } from '../apiImports';
import type { PlannedLabelColor } from './types';

const labelKey = (name: string) => name.trim().toLowerCase();

/** '#rgb' or '#rrggbb' (any case) as lower-case '#rrggbb', or null. */
export function hexColor(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const match = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(value.trim());
  const hex = match?.[1]?.toLowerCase();
  if (!hex) return null;
  return `#${hex.length === 3 ? [...hex].map((c) => c + c).join('') : hex}`;
}

export class LabelColors {
  private readonly byLabel = new Map<string, PlannedLabelColor>();
  private readonly used = new Set<string>();
  /** Labels whose colour is decided (given, refused or left to the palette) by an earlier entry. */
  private readonly decided = new Set<string>();

  constructor(private readonly skipped: ImportSkip[]) {}

  /** A colour offered for `name` by `entry` (null: the entry names the label without one). */
  offer(name: string, color: string | null, invalid: boolean, entry: string): void {
    const key = labelKey(name);
    if (this.decided.has(key) || (color === null && !invalid)) return;
    this.decided.add(key);
    if (invalid) {
      this.skipped.push({ entry, reason: 'label_color_invalid', detail: name });
      return;
    }
    if (color === null) return;
    if (this.used.has(color)) {
      this.skipped.push({ entry, reason: 'label_color_taken', detail: name });
      return;
    }
    this.used.add(color);
    this.byLabel.set(key, { name: name.trim(), color, entry });
  }

  /** Offers each COCO category's `color` (one that does not read is listed with its label). */
  offerCategories(categories: readonly { name: string; color: unknown }[], entry: string): void {
    for (const { name, color } of categories) {
      const hex = hexColor(color);
      this.offer(name, hex, hex === null, entry);
    }
  }

  /** The colours of the labels the plan uses, in the plan's label order. */
  list(labels: readonly string[]): PlannedLabelColor[] {
    return labels.flatMap((name) => {
      const planned = this.byLabel.get(labelKey(name));
      return planned ? [planned] : [];
    });
  }
}
