/**
 * VOC's plain-text side files: split lists (ImageSets/Main/{train,val,test}.txt, one base name a
 * line), classification lists (<class>_<split>.txt, "<base>  1" for a member, "-1" or "0"
 * otherwise) and the label map (CVAT's "name:r,g,b:parts:actions" lines, or one name a line).
 */

function lines(text: string): string[] {
  return text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'));
}

/** Base names listed in a split list: the whole line, as our exporter keeps spaces in names. */
export function parseSplitList(text: string): string[] {
  return lines(text);
}

/** Base names flagged as members (a last field of '1') in a classification list. */
export function parseClassList(text: string): string[] {
  return lines(text)
    .map((line) => /^(.*\S)\s+(-?\d+)$/.exec(line))
    .filter((match) => match?.[2] === '1')
    .map((match) => match?.[1] ?? '');
}

/** One label of a label map: its colour as lower-case '#rrggbb', null when the line gives none. */
export interface LabelMapEntry {
  name: string;
  color: string | null;
  /** The line's colour field is written but is no 'r,g,b' of 0–255 (the label gets a palette colour). */
  colorInvalid: boolean;
}

const hexByte = (n: number) => n.toString(16).padStart(2, '0');

/** 'r,g,b' (each 0–255, blanks allowed) as '#rrggbb', or null. */
export function rgbToHex(field: string): string | null {
  const match = /^\s*(\d{1,3})\s*,\s*(\d{1,3})\s*,\s*(\d{1,3})\s*$/.exec(field);
  if (!match) return null;
  const channels = match.slice(1, 4).map(Number);
  if (channels.some((c) => c > 255)) return null;
  return `#${channels.map(hexByte).join('')}`;
}

/**
 * A label map's labels, in order: CVAT's "name:r,g,b:parts:actions" (the three fields after a
 * name hold no ':' of their own, so a name may) or one name a line. An empty colour field is no
 * colour; a written one that does not read is flagged, never a reason to drop the label.
 */
export function parseLabelMap(text: string): LabelMapEntry[] {
  return lines(text)
    .map((line): LabelMapEntry => {
      const parts = line.split(':');
      if (parts.length < 4) return { name: line, color: null, colorInvalid: false };
      const field = parts[parts.length - 3] ?? '';
      const color = field.trim() === '' ? null : rgbToHex(field);
      return { name: parts.slice(0, -3).join(':'), color, colorInvalid: field.trim() !== '' && color === null };
    })
    .filter((entry) => entry.name !== '');
}

/** The name the exporter gives a label's classification list file (workers/export/datasetArchive.ts). */
export function classListName(label: string): string {
  const cleaned = label
    .replace(/[\\/]/g, '_')
    // eslint-disable-next-line no-control-regex -- control characters are what the exporter removes
    .replace(/[\u0000-\u001f\u007f]/g, '')
    .trim();
  return cleaned === '' || cleaned === '.' || cleaned === '..' ? 'image' : cleaned;
}
