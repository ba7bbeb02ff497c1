import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { IMPORT_ERROR_CODES, IMPORT_SKIP_REASONS } from '../../../../contract/apiImports';
import { ApiRequestError } from '../../../api/ApiRequestError';
import { groupSkipped, importCallErrorKey, importErrorKey, skipReasonKey } from './importErrors';

const locales = path.resolve(import.meta.dirname, '../../../../locales');
const projects = (locale: string) =>
  JSON.parse(readFileSync(path.join(locales, locale, 'projects.json'), 'utf8')) as Record<string, unknown>;

/** The text at a `projects:a.b.c` key, or undefined. */
function text(texts: Record<string, unknown>, key: string): unknown {
  return key
    .replace(/^projects:/, '')
    .split('.')
    .reduce<unknown>(
      (at, part) => (at && typeof at === 'object' ? (at as Record<string, unknown>)[part] : undefined),
      texts,
    );
}

describe('dataset import texts', () => {
  for (const locale of ['ko', 'en']) {
    const texts = projects(locale);
    it.each(IMPORT_ERROR_CODES)(`${locale}: error %s has a text`, (code) => {
      expect(text(texts, importErrorKey(code))).toMatch(/\S/);
    });
    it.each(IMPORT_SKIP_REASONS)(`${locale}: skip reason %s has a text`, (reason) => {
      expect(text(texts, skipReasonKey(reason))).toMatch(/\S/);
    });
  }
});

describe('importCallErrorKey', () => {
  it('gives an import code its own text and any other code the common API text', () => {
    expect(importCallErrorKey(new ApiRequestError({ status: 415, code: 'import_not_zip' }))).toBe(
      'projects:datasetImport.error.import_not_zip',
    );
    expect(importCallErrorKey(new ApiRequestError({ status: 403, code: 'forbidden' }))).toBe('errors:forbidden');
    expect(importCallErrorKey(new Error('boom'))).toBe('errors:internal');
  });
});

describe('groupSkipped', () => {
  it('groups entries by reason in the contract order', () => {
    expect(
      groupSkipped([
        { entry: 'Annotations/x.xml', reason: 'image_missing' },
        { entry: 'readme.md', reason: 'not_image' },
        { entry: 'Annotations/y.xml', reason: 'image_missing' },
        { entry: 'a.jpg', reason: 'tag_invalid', detail: 'toolong7' },
      ]),
    ).toEqual([
      { reason: 'not_image', entries: ['readme.md'] },
      { reason: 'image_missing', entries: ['Annotations/x.xml', 'Annotations/y.xml'] },
      { reason: 'tag_invalid', entries: ['a.jpg — toolong7'] },
    ]);
  });
});
