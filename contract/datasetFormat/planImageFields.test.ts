/**
 * What a zip gives beyond geometry — label colours, image tags, explicit splits and the image
 * type's extension — read by the shared planner, with every value it cannot keep listed.
 */
import { describe, expect, it } from 'vitest';
import { nameForType, sniffImageType } from './imageFileType';
import { openDatasetZip } from './openDatasetZip';
import { parseLabelMap } from './parseVocLists';
import { planDatasetImport } from './planDatasetImport';
import type { ImportPlan } from './types';
import { bytesSource, cocoDatasetZip, JPEG_BYTES, PNG_BYTES, vocDatasetZip, vocXmlText, zipOf } from './testZips';

const plan = async (bytes: Uint8Array) => planDatasetImport(await openDatasetZip(bytesSource(bytes)));
const colorsOf = (p: ImportPlan) => p.labelColors.map(({ name, color }) => ({ name, color }));

const coco = (images: object[], categories: object[] = [{ id: 1, name: 'cat' }]) =>
  JSON.stringify({ images, annotations: [], categories });

describe('label map colours', () => {
  it('reads CVAT lines, one-name lines and flags a colour that does not read', () => {
    expect(
      parseLabelMap('# label:color_rgb:parts:actions\ncat:255,0,16::\na:b:1, 2 ,3::\nplain\nnone:::\nbad:300,0,0::\n'),
    ).toEqual([
      { name: 'cat', color: '#ff0010', colorInvalid: false },
      { name: 'a:b', color: '#010203', colorInvalid: false },
      { name: 'plain', color: null, colorInvalid: false },
      { name: 'none', color: null, colorInvalid: false },
      { name: 'bad', color: null, colorInvalid: true },
    ]);
  });

  it('plans the label map colours of a VOC zip', async () => {
    const result = await plan(vocDatasetZip());
    expect(colorsOf(result)).toEqual([
      { name: 'cat', color: '#ff0000' },
      { name: 'dog', color: '#00ff00' },
      { name: 'bird', color: '#0000ff' },
    ]);
  });

  it('lists an unreadable or repeated colour with its label and plans no colour for it', async () => {
    const result = await plan(
      zipOf({
        'JPEGImages/a.jpg': JPEG_BYTES,
        'Annotations/a.xml': vocXmlText({ filename: 'a.jpg', width: 10, height: 10, objects: [] }),
        'labelmap.txt': 'cat:255,0,0::\ndog:red::\nfox:255,0,0::\nowl:0,0,1::\n',
      }),
    );
    expect(result.labels).toEqual(['cat', 'dog', 'fox', 'owl']);
    expect(colorsOf(result)).toEqual([
      { name: 'cat', color: '#ff0000' },
      { name: 'owl', color: '#000001' },
    ]);
    expect(result.skipped).toEqual([
      { entry: 'labelmap.txt', reason: 'label_color_invalid', detail: 'dog' },
      { entry: 'labelmap.txt', reason: 'label_color_taken', detail: 'fox' },
    ]);
  });

  it('takes a COCO category colour where no label map gives one, the label map first', async () => {
    const result = await plan(
      zipOf({
        'a.jpg': JPEG_BYTES,
        'labelmap.txt': 'cat:1,2,3::\n',
        'instances.json': coco(
          [{ id: 1, file_name: 'a.jpg' }],
          [
            { id: 1, name: 'cat', color: '#ffffff' },
            { id: 2, name: 'dog', color: '#ABC' },
            { id: 3, name: 'fox', color: 'blue' },
          ],
        ),
      }),
    );
    expect(result.format).toBe('coco');
    expect(colorsOf(result)).toEqual([
      { name: 'cat', color: '#010203' },
      { name: 'dog', color: '#aabbcc' },
    ]);
    expect(result.skipped).toEqual([{ entry: 'instances.json', reason: 'label_color_invalid', detail: 'fox' }]);
  });

  it('plans no colours, tags or warnings for zips of other tools', async () => {
    for (const zip of [cocoDatasetZip()]) {
      const result = await plan(zip);
      expect(colorsOf(result)).toEqual([]);
      expect(result.images.every((i) => i.tags.length === 0)).toBe(true);
      expect(result.skipped.some((s) => s.reason.startsWith('label_color') || s.reason.includes('tag'))).toBe(false);
    }
  });
});

describe('tags and splits of COCO records', () => {
  it('keeps up to three valid tags and lists every other one with its reason', async () => {
    const result = await plan(
      zipOf({
        'a.jpg': JPEG_BYTES,
        'b.jpg': JPEG_BYTES,
        'data.json': coco([
          { id: 1, file_name: 'a.jpg', tags: [' 야외 ', 'toolong7', 'day', 'day', '', 'x', 'y', 5] },
          { id: 2, file_name: 'b.jpg', tags: 'solo' },
        ]),
      }),
    );
    expect(result.images.map((i) => [i.fileName, i.tags])).toEqual([
      ['a.jpg', ['야외', 'day', 'x']],
      ['b.jpg', ['solo']],
    ]);
    expect(result.skipped).toEqual([
      { entry: 'a.jpg', reason: 'tag_invalid', detail: 'toolong7' },
      { entry: 'a.jpg', reason: 'tag_invalid', detail: '' },
      { entry: 'a.jpg', reason: 'too_many_tags', detail: 'y' },
      { entry: 'a.jpg', reason: 'tag_invalid', detail: '5' },
    ]);
  });

  it("takes a record's split before the file name's, and ignores one it does not know", async () => {
    const result = await plan(
      zipOf({
        'a.jpg': JPEG_BYTES,
        'b.jpg': JPEG_BYTES,
        'c.jpg': JPEG_BYTES,
        'instances_train.json': coco([
          { id: 1, file_name: 'a.jpg', split: 'test' },
          { id: 2, file_name: 'b.jpg', split: 'val' },
          { id: 3, file_name: 'c.jpg', split: 'holdout' },
        ]),
      }),
    );
    expect(result.images.map((i) => [i.fileName, i.split])).toEqual([
      ['a.jpg', 'test'],
      ['b.jpg', 'validation'],
      ['c.jpg', 'train'],
    ]);
  });

  it('reads tags from the COCO companion of a VOC zip, and its split where no list gives one', async () => {
    const result = await plan(
      zipOf({
        'JPEGImages/a.jpg': JPEG_BYTES,
        'JPEGImages/b.png': PNG_BYTES,
        'Annotations/a.xml': vocXmlText({ filename: 'a.jpg', width: 10, height: 10, objects: [] }),
        'Annotations/b.xml': vocXmlText({ filename: 'b.png', width: 10, height: 10, objects: [] }),
        'ImageSets/Main/val.txt': 'a\n',
        'annotations.json': coco([
          { id: 1, file_name: 'a.jpg', width: 10, height: 10, split: 'test', tags: ['t1'] },
          { id: 2, file_name: 'b.png', width: 10, height: 10, split: 'test', tags: ['t2', 't3'] },
        ]),
      }),
    );
    expect(result.images.map((i) => [i.fileName, i.split, i.tags])).toEqual([
      ['a.jpg', 'validation', ['t1']],
      ['b.png', 'test', ['t2', 't3']],
    ]);
  });
});

describe('names', () => {
  it('gives back the name an export had to change, when it is a plain file name', async () => {
    const result = await plan(
      zipOf({
        'a_2.png': PNG_BYTES,
        'b_2.jpg': JPEG_BYTES,
        'c.jpg': JPEG_BYTES,
        'data.json': coco([
          { id: 1, file_name: 'a_2.png', original_file_name: 'A.png' },
          { id: 2, file_name: 'b_2.jpg', original_file_name: '../b.jpg' },
          { id: 3, file_name: 'c.jpg', original_file_name: 7 },
        ]),
      }),
    );
    expect(result.images.map((i) => [i.entry, i.fileName])).toEqual([
      ['a_2.png', 'A.png'],
      ['b_2.jpg', 'b_2.jpg'],
      ['c.jpg', 'c.jpg'],
    ]);
  });
});

describe('image types', () => {
  it('reads the type from the first bytes', () => {
    expect(sniffImageType(PNG_BYTES)).toBe('png');
    expect(sniffImageType(JPEG_BYTES)).toBe('jpeg');
    expect(sniffImageType(new TextEncoder().encode('GIF89a……'))).toBe('gif');
    expect(sniffImageType(new TextEncoder().encode('RIFF0000WEBPVP8 '))).toBe('webp');
    expect(sniffImageType(new Uint8Array([0x42, 0x4d, 0]))).toBe('bmp');
    expect(sniffImageType(new Uint8Array([0x49, 0x49, 0x2a, 0]))).toBe('tiff');
    expect(sniffImageType(new Uint8Array([1, 2, 3]))).toBeNull();
  });

  it('gives a name the extension of its type, keeping a fitting one as written', () => {
    expect(nameForType('photo.jpg', 'png')).toBe('photo.png');
    expect(nameForType('photo.JPEG', 'jpeg')).toBe('photo.JPEG');
    expect(nameForType('scan.tif', 'tiff')).toBe('scan.tif');
    expect(nameForType('scan.v2', 'png')).toBe('scan.v2.png');
    expect(nameForType('noext', 'jpeg')).toBe('noext.jpg');
    expect(nameForType('.hidden', 'gif')).toBe('.hidden.gif');
    expect(nameForType('keep.png', null)).toBe('keep.png');
  });
});
