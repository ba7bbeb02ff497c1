import { describe, expect, it } from 'vitest';
import { openDatasetZip } from './openDatasetZip';
import { parseVocAnnotation } from './parseVocAnnotation';
import { planDatasetImport } from './planDatasetImport';
import { FIXTURES, JPEG_BYTES, bytesSource, cocoDatasetZip, vocDatasetZip, vocXmlText, zipOf } from './testZips';
import type { ImportErrorCode } from '../apiImports';
import { DatasetImportError } from './types';

const plan = async (bytes: Uint8Array) => planDatasetImport(await openDatasetZip(bytesSource(bytes)));

async function failure(promise: Promise<unknown>): Promise<{ code: ImportErrorCode; entry: string | null }> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof DatasetImportError) return { code: error.code, entry: error.entry };
    throw error;
  }
  throw new Error('expected a DatasetImportError');
}

describe('planDatasetImport: VOC', () => {
  it('plans a clean VOC zip: images, boxes, splits, labels and skips', async () => {
    const result = await plan(vocDatasetZip());
    expect(result.format).toBe('voc');
    expect(result.labels).toEqual(['cat', 'dog', 'bird']);
    expect(result.images).toEqual([
      {
        entry: 'VOC/JPEGImages/a.jpg',
        fileName: 'a.jpg',
        split: 'train',
        width: 640,
        height: 480,
        classes: [],
        polygons: [],
        tags: [],
        boxes: [
          { label: 'cat', x: 10, y: 20, width: 100, height: 50 },
          { label: 'dog', x: 300, y: 200, width: 340, height: 280 },
        ],
      },
      {
        entry: 'VOC/JPEGImages/B.PNG',
        fileName: 'B.PNG',
        split: 'validation',
        width: 320,
        height: 240,
        classes: [],
        polygons: [],
        tags: [],
        boxes: [{ label: 'dog', x: 0, y: 0, width: 320, height: 240 }],
      },
      {
        entry: 'VOC/JPEGImages/c.jpg',
        fileName: 'c.jpg',
        split: 'test',
        width: null,
        height: null,
        classes: [],
        polygons: [],
        tags: [],
        boxes: [],
      },
    ]);
    expect(result.skipped).toEqual(
      expect.arrayContaining([
        { entry: 'VOC/README.md', reason: 'not_image' },
        { entry: 'VOC/extra/a.jpeg', reason: 'duplicate_name' },
        { entry: 'VOC/Annotations/ghost.xml', reason: 'image_missing' },
        { entry: 'VOC/JPEGImages/a.jpg', reason: 'box_out_of_bounds' },
        { entry: 'VOC/JPEGImages/a.jpg', reason: 'box_too_small' },
      ]),
    );
    expect(result.skipped).toHaveLength(5);
  });

  it('reads classification lists (" 1" members) and maps their file names back to label names', async () => {
    const result = await plan(
      zipOf({
        'JPEGImages/x.jpg': JPEG_BYTES,
        'JPEGImages/y.jpg': JPEG_BYTES,
        'Annotations/x.xml': vocXmlText({ filename: 'x.jpg', width: 64, height: 64, objects: [] }),
        'Annotations/y.xml': vocXmlText({ filename: 'y.jpg', width: 64, height: 64, objects: [] }),
        'ImageSets/Main/a_b_train.txt': 'x  1\ny -1\n',
        'ImageSets/Main/a_b_val.txt': '',
        'ImageSets/Main/cat_train.txt': 'x -1\ny  1\n',
        'ImageSets/Main/trainval.txt': 'x\ny\n',
        'labelmap.txt': 'a/b:1,2,3::\ncat:4,5,6::\n',
      }),
    );
    expect(result.labels).toEqual(['a/b', 'cat']);
    expect(result.images.map((i) => [i.fileName, i.split, i.classes])).toEqual([
      ['x.jpg', 'train', ['a/b']],
      ['y.jpg', 'train', ['cat']],
    ]);
    expect(result.skipped).toEqual([]);
  });

  it('matches an annotation to its image by file name in any case, else by its own base name', async () => {
    const result = await plan(
      zipOf({
        'JPEGImages/Photo.JPG': JPEG_BYTES,
        'JPEGImages/other.jpg': JPEG_BYTES,
        'Annotations/photo.xml': vocXmlText({
          filename: 'photo.jpg',
          width: 100,
          height: 100,
          objects: [{ name: 'cat', xmin: 0, ymin: 0, xmax: 50, ymax: 50 }],
        }),
        'Annotations/other.xml': vocXmlText({
          filename: 'renamed-by-some-tool',
          width: 100,
          height: 100,
          objects: [{ name: 'dog', xmin: 0, ymin: 0, xmax: 50, ymax: 50 }],
        }),
        'JPEGImages/win.jpg': JPEG_BYTES,
        'Annotations/w.xml': vocXmlText({
          filename: 'C:\\data\\win.jpg',
          width: 100,
          height: 100,
          objects: [{ name: 'bird', xmin: 0, ymin: 0, xmax: 50, ymax: 50 }],
        }),
      }),
    );
    expect(result.images.map((i) => [i.fileName, i.boxes.map((b) => b.label)])).toEqual([
      ['Photo.JPG', ['cat']],
      ['other.jpg', ['dog']],
      ['win.jpg', ['bird']],
    ]);
  });

  it('decodes XML escapes and numeric character references in names', () => {
    const xml = vocXmlText({
      filename: 'street & park.jpg',
      width: 10,
      height: 10,
      objects: [{ name: '<고양이>', xmin: 0, ymin: 0, xmax: 5, ymax: 5 }],
    }).replace('street &amp;', 'street&#32;&#x26;');
    expect(parseVocAnnotation(xml, 'a.xml')).toMatchObject({
      filename: 'street & park.jpg',
      objects: [{ name: '<고양이>' }],
    });
  });
});

describe('planDatasetImport: COCO', () => {
  it('plans a clean COCO zip: bbox [x, y, w, h], split from the file name, declared categories', async () => {
    const result = await plan(cocoDatasetZip());
    expect(result.format).toBe('coco');
    expect(result.labels).toEqual(['cat', 'dog']);
    expect(result.images).toEqual([
      {
        entry: 'images/a.jpg',
        fileName: 'a.jpg',
        split: 'validation',
        width: 640,
        height: 480,
        classes: [],
        polygons: [],
        tags: [],
        boxes: [{ label: 'cat', x: 10.5, y: 20, width: 100, height: 50 }],
      },
      {
        entry: 'images/b.jpg',
        fileName: 'b.jpg',
        split: 'validation',
        width: null,
        height: null,
        classes: [],
        polygons: [],
        tags: [],
        boxes: [],
      },
    ]);
    expect(result.skipped).toEqual([
      { entry: 'images/a.jpg', reason: 'box_out_of_bounds' },
      { entry: 'missing.jpg', reason: 'image_missing' },
    ]);
  });

  it('skips JSON that is not COCO when a COCO file is present', async () => {
    const result = await plan(
      zipOf({
        'a.jpg': JPEG_BYTES,
        'meta.json': '{"author": "me"}',
        'coco.json': JSON.stringify({
          images: [{ id: 'x', file_name: 'a.jpg', width: 50, height: 50 }],
          annotations: [],
          categories: [],
        }),
      }),
    );
    expect(result.images).toHaveLength(1);
    expect(result.skipped).toEqual([{ entry: 'meta.json', reason: 'not_image' }]);
  });
});

describe('planDatasetImport: refusals', () => {
  it.each([
    ['malformedXml', 'annotation_malformed', 'Annotations/a.xml'],
    ['missingBndbox', 'annotation_malformed', 'Annotations/a.xml'],
    ['xxe', 'annotation_malformed', 'Annotations/a.xml'],
    ['billionLaughs', 'annotation_malformed', 'Annotations/a.xml'],
    ['cocoUnknownImage', 'annotation_malformed', 'annotations.json'],
    ['malformedJson', 'annotation_malformed', 'annotations.json'],
    ['imagesOnly', 'format_unknown', null],
  ] as const)('%s → %s', async (fixture, code, entry) => {
    expect(await failure(plan(FIXTURES[fixture]()))).toEqual({ code, entry });
  });

  it.each([
    ['no file name', '<annotation><size><width>5</width><height>5</height></size></annotation>'],
    ['no size', '<annotation><filename>a.jpg</filename></annotation>'],
    [
      'a zero size',
      '<annotation><filename>a.jpg</filename><size><width>0</width><height>5</height></size></annotation>',
    ],
    [
      'an object without a name',
      vocXmlText({
        filename: 'a.jpg',
        width: 9,
        height: 9,
        objects: [{ name: 'x', xmin: 0, ymin: 0, xmax: 1, ymax: 1 }],
      }).replace('<name>x</name>', ''),
    ],
    [
      'a coordinate that is not a number',
      vocXmlText({
        filename: 'a.jpg',
        width: 9,
        height: 9,
        objects: [{ name: 'x', xmin: 0, ymin: 0, xmax: 1, ymax: 1 }],
      }).replace('<xmax>1</xmax>', '<xmax>1px</xmax>'),
    ],
  ])('VOC with %s is annotation_malformed', async (_, xml) => {
    expect(await failure(plan(zipOf({ 'a.jpg': JPEG_BYTES, 'Annotations/a.xml': xml })))).toEqual({
      code: 'annotation_malformed',
      entry: 'Annotations/a.xml',
    });
  });

  it('never expands an entity, even one declared inside the document', () => {
    const xml =
      '<!DOCTYPE a [<!ENTITY x "expanded">]><annotation><filename>&x;</filename><size><width>5</width><height>5</height></size></annotation>';
    expect(() => parseVocAnnotation(xml, 'a.xml')).toThrow(DatasetImportError);
    const undeclared = parseVocAnnotation(
      '<annotation><filename>&x;.jpg</filename><size><width>5</width><height>5</height></size></annotation>',
      'a.xml',
    );
    expect(undeclared.filename).toBe('&x;.jpg');
  });

  it('refuses an annotation file over the text limit with zip_too_large', async () => {
    const xml = vocXmlText({ filename: 'a.jpg', width: 9, height: 9, objects: [] });
    const zip = await openDatasetZip(bytesSource(zipOf({ 'a.jpg': JPEG_BYTES, 'Annotations/a.xml': xml })));
    expect(await failure(planDatasetImport(zip, { maxTextBytes: xml.length - 1 }))).toEqual({
      code: 'zip_too_large',
      entry: 'Annotations/a.xml',
    });
    expect((await planDatasetImport(zip, { maxTextBytes: xml.length })).images).toHaveLength(1);
  });
});
