/**
 * Output validity for the zip benchmark, by readers that share no code with the writers:
 * Info-ZIP's `unzip -t` (every entry decompressed and its CRC compared) and yauzl (central
 * directory, entry sizes) with each entry's CRC recomputed by Node's zlib.
 */
import { spawnSync } from 'node:child_process';
import { crc32 } from 'node:zlib';
import yauzl from 'yauzl';

export interface ZipCheck {
  /** Entry name → CRC-32 of its uncompressed bytes, as recomputed. */
  crcs: Map<string, number>;
  entries: number;
}

function yauzlCrcs(file: string): Promise<Map<string, number>> {
  return new Promise((resolve, reject) => {
    yauzl.open(file, { lazyEntries: true, validateEntrySizes: true, strictFileNames: true }, (openError, zip) => {
      if (openError) return reject(openError);
      const crcs = new Map<string, number>();
      zip.on('error', reject);
      zip.on('end', () => resolve(crcs));
      zip.on('entry', (entry: yauzl.Entry) => {
        zip.openReadStream(entry, (streamError, stream) => {
          if (streamError) return reject(streamError);
          let crc = 0;
          stream.on('data', (chunk: Buffer) => {
            crc = crc32(chunk, crc);
          });
          stream.on('error', reject);
          stream.on('end', () => {
            if (crc !== entry.crc32)
              return reject(new Error(`${file}: ${entry.fileName}: CRC ${crc} but the directory says ${entry.crc32}`));
            if (crcs.has(entry.fileName)) return reject(new Error(`${file}: duplicate entry ${entry.fileName}`));
            crcs.set(entry.fileName, crc);
            zip.readEntry();
          });
        });
      });
      zip.readEntry();
    });
  });
}

/** Checks a zip file both ways; throws with the reason when it is not valid. */
export async function checkZip(file: string): Promise<ZipCheck> {
  const unzip = spawnSync('unzip', ['-tqq', file], { encoding: 'utf8' });
  if (unzip.error) throw unzip.error;
  if (unzip.status !== 0) throw new Error(`unzip -t ${file}: exit ${unzip.status}\n${unzip.stdout}${unzip.stderr}`);
  const crcs = await yauzlCrcs(file);
  return { crcs, entries: crcs.size };
}

/** The first difference between two archives' entries and CRCs, or null when they agree. */
export function compareEntries(a: Map<string, number>, b: Map<string, number>): string | null {
  if (a.size !== b.size) return `${a.size} entries vs ${b.size}`;
  for (const [name, crc] of a) {
    if (!b.has(name)) return `${name} missing`;
    if (b.get(name) !== crc) return `${name}: CRC ${crc} vs ${b.get(name)}`;
  }
  return null;
}
