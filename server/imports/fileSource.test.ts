import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { open } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatasetZip } from '../../contract/datasetFormat/openDatasetZip';
import { zipOf } from '../../contract/datasetFormat/testZips';
import { fileSource } from './fileSource';

const dir = mkdtempSync(path.join(tmpdir(), 'file-source-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('fileSource', () => {
  it('reads ranges of a file and stops short at its end', async () => {
    const file = path.join(dir, 'bytes');
    writeFileSync(file, Buffer.from('0123456789'));
    const handle = await open(file, 'r');
    try {
      const source = await fileSource(handle);
      expect(source.size).toBe(10);
      expect(Buffer.from(await source.read(2, 3)).toString()).toBe('234');
      expect(Buffer.from(await source.read(8, 10)).toString()).toBe('89');
      expect((await source.read(20, 4)).length).toBe(0);
    } finally {
      await handle.close();
    }
  });

  it('lets the shared reader open a zip on disk and read its entries', async () => {
    const file = path.join(dir, 'a.zip');
    writeFileSync(file, zipOf({ 'Annotations/a.xml': '<annotation/>', 'JPEGImages/a.jpg': new Uint8Array([1, 2, 3]) }));
    const handle = await open(file, 'r');
    try {
      const zip = await openDatasetZip(await fileSource(handle));
      expect(zip.entries.map((e) => e.name).sort()).toEqual(['Annotations/a.xml', 'JPEGImages/a.jpg']);
      const xml = zip.entries.find((e) => e.name === 'Annotations/a.xml');
      if (!xml) throw new Error('entry missing');
      expect(Buffer.from(await zip.read(xml)).toString()).toBe('<annotation/>');
    } finally {
      await handle.close();
    }
  });
});
