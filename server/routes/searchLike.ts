import { sql, type Expression, type SqlBool } from 'kysely';

/** A LIKE pattern that finds `keyword` anywhere, with `\`, `%` and `_` matched literally. */
export function containsPattern(keyword: string): string {
  return `%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * `column` contains `keyword`, ignoring case the same way on SQLite and PostgreSQL: lower() on
 * both sides (SQLite's LIKE ignores ASCII case but PostgreSQL's does not), ESCAPE '\'.
 */
export function containsIgnoringCase(column: string, keyword: string): Expression<SqlBool> {
  return sql<SqlBool>`lower(${sql.ref(column)}) like lower(${containsPattern(keyword)}) escape '\\'`;
}

/** A short piece of `text` around the first case-insensitive hit of `keyword` (or its start). */
export function excerptAround(text: string, keyword: string, radius = 60): string {
  const at = text.toLowerCase().indexOf(keyword.toLowerCase());
  if (at < 0) return text.length > radius * 2 ? `${text.slice(0, radius * 2).trimEnd()}…` : text;
  const start = Math.max(0, at - radius);
  const end = Math.min(text.length, at + keyword.length + radius);
  return `${start > 0 ? '…' : ''}${text.slice(start, end).trim()}${end < text.length ? '…' : ''}`;
}
