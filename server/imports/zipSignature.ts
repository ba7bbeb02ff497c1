import { open } from 'node:fs/promises';

const LOCAL_HEADER = [0x50, 0x4b, 0x03, 0x04];
const END_RECORD = [0x50, 0x4b, 0x05, 0x06];

/**
 * Whether a received file starts like a zip: a local file header, or (an archive with no entries)
 * an end-of-central-directory record. A cheap check at upload, so that a wrong file is refused at
 * once with `import_not_zip`; the job reads the whole directory again before trusting anything.
 */
export async function looksLikeZip(file: string): Promise<boolean> {
  const handle = await open(file, 'r');
  try {
    const head = Buffer.alloc(4);
    const { bytesRead } = await handle.read(head, 0, 4, 0);
    if (bytesRead < 4) return false;
    const starts = (sig: number[]) => sig.every((b, i) => head[i] === b);
    return starts(LOCAL_HEADER) || starts(END_RECORD);
  } finally {
    await handle.close();
  }
}
