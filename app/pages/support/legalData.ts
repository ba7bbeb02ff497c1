/**
 * The legal documents (terms of use, privacy policy), kept as structured data in the `legal`
 * namespace (`policy` and `privacy`) and read with `t(key, { returnObjects: true })`. The shape is
 * checked here rather than trusted, so a broken locale file shows up as a missing document.
 */

export interface LegalTable {
  caption: string;
  columns: string[];
  rows: string[][];
}

export interface LegalSection {
  /** Anchor id of the section (stable across locales). */
  id: string;
  heading: string;
  paragraphs: string[];
  /** A numbered list under the paragraphs. */
  items: string[];
  table?: LegalTable;
  /** Paragraphs after the list and table. */
  notes: string[];
}

export interface LegalDocument {
  title: string;
  description: string;
  effectiveDate: string;
  intro: string;
  sections: LegalSection[];
  /** Closing lines (supplementary provisions). */
  closing: string[];
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function strings(value: unknown): string[] | null {
  if (value === undefined) return [];
  return Array.isArray(value) && value.every((v): v is string => typeof v === 'string') ? value : null;
}

function parseTable(value: unknown): LegalTable | null {
  if (!isRecord(value) || typeof value.caption !== 'string') return null;
  const columns = strings(value.columns);
  if (!columns?.length || !Array.isArray(value.rows)) return null;
  const rows: string[][] = [];
  for (const row of value.rows) {
    const cells = strings(row);
    if (!cells || cells.length !== columns.length) return null;
    rows.push(cells);
  }
  return { caption: value.caption, columns, rows };
}

function parseSection(value: unknown): LegalSection | null {
  if (!isRecord(value) || typeof value.id !== 'string' || typeof value.heading !== 'string') return null;
  const paragraphs = strings(value.paragraphs);
  const items = strings(value.items);
  const notes = strings(value.notes);
  if (!paragraphs || !items || !notes) return null;
  const section: LegalSection = { id: value.id, heading: value.heading, paragraphs, items, notes };
  if (value.table !== undefined) {
    const table = parseTable(value.table);
    if (!table) return null;
    section.table = table;
  }
  return section;
}

/** The document from its locale data, or null when the data does not have the expected shape. */
export function parseLegalDocument(value: unknown): LegalDocument | null {
  if (!isRecord(value)) return null;
  const { title, description, effectiveDate, intro } = value;
  if (
    typeof title !== 'string' ||
    typeof description !== 'string' ||
    typeof effectiveDate !== 'string' ||
    typeof intro !== 'string'
  ) {
    return null;
  }
  if (!Array.isArray(value.sections)) return null;
  const sections: LegalSection[] = [];
  for (const raw of value.sections) {
    const section = parseSection(raw);
    if (!section) return null;
    sections.push(section);
  }
  const closing = strings(value.closing);
  if (!closing) return null;
  return { title, description, effectiveDate, intro, sections, closing };
}
