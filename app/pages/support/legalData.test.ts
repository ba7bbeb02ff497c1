import { describe, expect, it } from 'vitest';
import en from '../../../locales/en/legal.json';
import ko from '../../../locales/ko/legal.json';
import { parseLegalDocument, type LegalDocument } from './legalData';

/** The locale parity test sees arrays as single values; this checks the documents' structure. */
function shape(doc: LegalDocument) {
  return {
    sections: doc.sections.map((s) => ({
      id: s.id,
      paragraphs: s.paragraphs.length,
      items: s.items.length,
      notes: s.notes.length,
      table: s.table ? { columns: s.table.columns.length, rows: s.table.rows.length } : null,
    })),
    closing: doc.closing.length,
  };
}

describe.each(['policy', 'privacy'] as const)('legal document %s', (name) => {
  const koDoc = parseLegalDocument(ko[name]);
  const enDoc = parseLegalDocument(en[name]);

  it('parses in both locales', () => {
    expect(koDoc).not.toBeNull();
    expect(enDoc).not.toBeNull();
  });

  it('has the same structure in ko and en', () => {
    expect(shape(enDoc!)).toEqual(shape(koDoc!));
  });

  it('has unique, anchor-safe section ids and no empty text', () => {
    const ids = koDoc!.sections.map((s) => s.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(id).toMatch(/^[a-z][a-z-]*$/);
    for (const doc of [koDoc!, enDoc!]) {
      const texts = doc.sections.flatMap((s) => [
        s.heading,
        ...s.paragraphs,
        ...s.items,
        ...s.notes,
        ...(s.table ? [s.table.caption, ...s.table.columns, ...s.table.rows.flat()] : []),
      ]);
      expect(texts.filter((t) => !t.trim())).toEqual([]);
    }
  });

  it('states the effective date of 2026-11-01', () => {
    expect(koDoc!.effectiveDate).toContain('2026년 11월 1일');
    expect(enDoc!.effectiveDate).toContain('November 1, 2026');
  });
});

describe('privacy policy content', () => {
  it('covers the sections the law and the spec ask for', () => {
    const ids = parseLegalDocument(ko.privacy)!.sections.map((s) => s.id);
    for (const id of [
      'purposes',
      'items',
      'retention',
      'third-party',
      'outsourcing',
      'rights',
      'security',
      'cookies',
      'officer',
    ]) {
      expect(ids).toContain(id);
    }
  });
  it('names the locale cookie', () => {
    for (const doc of [ko.privacy, en.privacy]) expect(JSON.stringify(doc)).toContain('i18n_redirected');
  });
});

describe('parseLegalDocument', () => {
  it('rejects data of the wrong shape', () => {
    expect(parseLegalDocument('policy')).toBeNull();
    expect(parseLegalDocument({ title: 'x' })).toBeNull();
    const base = { title: 't', description: 'd', effectiveDate: 'e', intro: 'i', closing: [] };
    expect(parseLegalDocument({ ...base, sections: [{ id: 'a', heading: 'h', paragraphs: [1] }] })).toBeNull();
    expect(
      parseLegalDocument({
        ...base,
        sections: [{ id: 'a', heading: 'h', table: { caption: 'c', columns: ['x'], rows: [['1', '2']] } }],
      }),
    ).toBeNull();
    expect(parseLegalDocument({ ...base, sections: [{ id: 'a', heading: 'h' }] })).toEqual({
      ...base,
      sections: [{ id: 'a', heading: 'h', paragraphs: [], items: [], notes: [] }],
    });
  });
});
