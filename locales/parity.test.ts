import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/** Both locales must hold the same keys (plural suffixes aside) and no empty strings. */
const dir = import.meta.dirname;

function keys(obj: unknown, prefix = ''): string[] {
  if (obj && typeof obj === 'object' && !Array.isArray(obj)) {
    return Object.entries(obj).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k));
  }
  return [prefix.replace(/_(zero|one|two|few|many|other)$/, '')];
}

function load(locale: string) {
  const files = readdirSync(path.join(dir, locale))
    .filter((f) => f.endsWith('.json'))
    .sort();
  return Object.fromEntries(
    files.map((f) => [f, JSON.parse(readFileSync(path.join(dir, locale, f), 'utf8')) as unknown]),
  );
}

const ko = load('ko');
const en = load('en');

describe('locale parity', () => {
  it('has the same namespace files', () => {
    expect(Object.keys(en)).toEqual(Object.keys(ko));
  });
  for (const ns of Object.keys(ko)) {
    it(`${ns}: same keys in ko and en`, () => {
      const k = new Set(keys(ko[ns]));
      const e = new Set(keys(en[ns]));
      expect(
        [...k].filter((x) => !e.has(x)),
        'only in ko',
      ).toEqual([]);
      expect(
        [...e].filter((x) => !k.has(x)),
        'only in en',
      ).toEqual([]);
    });
    it(`${ns}: no empty strings`, () => {
      const empty = (obj: unknown, at: string): string[] =>
        typeof obj === 'string'
          ? obj.trim()
            ? []
            : [at]
          : obj && typeof obj === 'object'
            ? Object.entries(obj).flatMap(([k, v]) => empty(v, `${at}.${k}`))
            : [];
      expect([...empty(ko[ns], 'ko'), ...empty(en[ns], 'en')]).toEqual([]);
    });
  }
});
