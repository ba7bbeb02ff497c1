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

/** Label names of a label map, in order; the three fields after a name hold no ':' of their own. */
export function parseLabelMap(text: string): string[] {
  return lines(text)
    .map((line) => {
      const parts = line.split(':');
      return parts.length >= 4 ? parts.slice(0, -3).join(':') : line;
    })
    .filter((name) => name !== '');
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
