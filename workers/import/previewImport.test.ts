import { strToU8, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { FIXTURES, JPEG_BYTES, cocoDatasetZip, zipOf } from '../../contract/datasetFormat/testZips';
import { DatasetArchive } from '../export/datasetArchive';
import { blobSource } from './blobSource';
import { previewImport } from './previewImport';
import { splitLabels } from './splitLabels';

/** The zip as the picked File the worker gets. */
const fileOf = (bytes: Uint8Array) => new Blob([new Uint8Array(bytes)], { type: 'application/zip' });

/** A VOC zip as our own exporter writes it: two images, boxes of 'cat' and 'bird', one stray file. */
function exportedVoc(): Uint8Array {
  const chunks: Uint8Array[] = [];
  const archive = new DatasetArchive(
    [
      { name: 'cat', color: '#ff0000' },
      { name: 'bird', color: '#00ff00' },
    ],
    new Date(2026, 10, 26),
    (chunk) => chunks.push(chunk),
  );
  archive.addImage({
    fileName: 'a.jpg',
    width: 64,
    height: 48,
    split: 'train',
    bytes: JPEG_BYTES,
    labels: [],
    boxes: [
      { id: 'b1', label: 'cat', x: 2, y: 2, width: 30, height: 30 },
      { id: 'b2', label: 'bird', x: 30, y: 10, width: 25, height: 30 },
    ],
  });
  archive.addImage({
    fileName: 'b.jpg',
    width: 64,
    height: 48,
    split: 'validation',
    bytes: JPEG_BYTES,
    labels: [],
    tags: ['밤', 'x'],
    boxes: [{ id: 'b3', label: 'cat', x: 0, y: 0, width: 40, height: 40 }],
  });
  archive.finish();
  const zip = new Uint8Array(chunks.reduce((n, c) => n + c.length, 0));
  let at = 0;
  for (const chunk of chunks) {
    zip.set(chunk, at);
    at += chunk.length;
  }
  return zip;
}

describe('blobSource', () => {
  it('reads the asked range of a Blob, clipped to its end', async () => {
    const source = blobSource(new Blob([new Uint8Array([1, 2, 3, 4, 5])]));
    expect(source.size).toBe(5);
    expect(await source.read(1, 3)).toEqual(new Uint8Array([2, 3, 4]));
    expect(await source.read(3, 10)).toEqual(new Uint8Array([4, 5]));
    expect(await source.read(9, 2)).toEqual(new Uint8Array([]));
  });
});

describe('previewImport', () => {
  it('previews an exported VOC zip: format, counts, labels with their colours, splits, tags', async () => {
    const result = await previewImport(blobSource(fileOf(exportedVoc())));
    expect(result).toEqual({
      ok: true,
      preview: {
        format: 'voc',
        images: 2,
        boxes: 3,
        polygons: 0,
        classified: 0,
        labels: ['cat', 'bird'],
        labelColors: [
          { name: 'cat', color: '#ff0000' },
          { name: 'bird', color: '#00ff00' },
        ],
        splits: { train: 1, validation: 1, test: 0, seeded: 0 },
        tagged: 1,
        tags: ['밤', 'x'],
        skipped: [],
      },
    });
  });

  it('previews a COCO zip, with the image its JSON names but the zip lacks as skipped', async () => {
    const result = await previewImport(blobSource(fileOf(cocoDatasetZip())));
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.preview).toMatchObject({ format: 'coco', images: 2, labels: ['cat', 'dog'] });
    expect(result.preview.skipped).toEqual(
      expect.arrayContaining([expect.objectContaining({ reason: 'image_missing' })]),
    );
  });

  it('tells the labels an import creates from those the project has, as the server matches names', () => {
    expect(splitLabels(['cat', 'bird', 'Dog'], [' CAT ', 'dog', 'fish'])).toEqual({
      created: ['bird'],
      existing: ['cat', 'Dog'],
    });
  });

  it('lists the entries it would skip, with their reasons', async () => {
    const xml =
      '<annotation><filename>a.jpg</filename><size><width>64</width><height>48</height><depth>3</depth></size>' +
      '<object><name>cat</name><bndbox><xmin>1</xmin><ymin>1</ymin><xmax>40</xmax><ymax>40</ymax></bndbox></object></annotation>';
    const zip = zipSync({
      'JPEGImages/a.jpg': JPEG_BYTES,
      'Annotations/a.xml': strToU8(xml),
      'Annotations/ghost.xml': strToU8(xml.replace('a.jpg', 'ghost.jpg')),
      'notes.md': strToU8('hello'),
    });
    const result = await previewImport(blobSource(fileOf(zip)));
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.preview.images).toBe(1);
    expect(result.preview.labels).toEqual(['cat']);
    expect(result.preview.skipped).toEqual(
      expect.arrayContaining([
        { entry: 'notes.md', reason: 'not_image' },
        { entry: 'Annotations/ghost.xml', reason: 'image_missing' },
      ]),
    );
  });

  it.each([
    ['zipSlip', 'zip_unsafe_path', 'Annotations/../../etc/passwd'],
    ['absolutePath', 'zip_unsafe_path', '/etc/passwd'],
    ['symlink', 'zip_symlink', 'JPEGImages/a.jpg'],
    ['notZip', 'import_not_zip', null],
    ['deflateBomb', 'zip_bomb', 'JPEGImages/bomb.jpg'],
  ] as const)('refuses the %s fixture with %s before anything is uploaded', async (fixture, code, entry) => {
    expect(await previewImport(blobSource(fileOf(FIXTURES[fixture]())))).toEqual({ ok: false, code, entry });
  });

  it('refuses a zip with neither VOC annotations nor COCO JSON', async () => {
    const result = await previewImport(blobSource(fileOf(zipOf({ 'photos/a.jpg': JPEG_BYTES }))));
    expect(result).toMatchObject({ ok: false, code: 'format_unknown' });
  });

  it('refuses malformed VOC XML, naming the file', async () => {
    const zip = zipOf({ 'JPEGImages/a.jpg': JPEG_BYTES, 'Annotations/a.xml': '<annotation><object><name>cat' });
    expect(await previewImport(blobSource(fileOf(zip)))).toEqual({
      ok: false,
      code: 'annotation_malformed',
      entry: 'Annotations/a.xml',
    });
  });
});
