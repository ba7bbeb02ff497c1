import type { TFunction } from 'i18next';

/** A titled paragraph from the locale files. */
export interface TextItem {
  key: string;
  title: string;
  body: string;
}

/** The `{ key: { title, body } }` object at `key`, as a list in file order (empty if missing). */
export function textItems(t: TFunction, key: string): TextItem[] {
  const value: unknown = t(key, { returnObjects: true });
  if (!value || typeof value !== 'object') return [];
  return Object.entries(value as Record<string, { title: string; body: string }>).map(([k, v]) => ({
    key: k,
    title: v.title,
    body: v.body,
  }));
}
