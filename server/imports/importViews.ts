import { z } from 'zod';
import { IMPORT_ERROR_CODES, IMPORT_STATES, importReportSchema, type DatasetImport } from '../../contract/apiImports';
import type { ImportsTable } from '../db/schema';

const stateSchema = z.enum(IMPORT_STATES);
const errorSchema = z.enum(IMPORT_ERROR_CODES);

/** The stored report, or null when there is none or it cannot be read. */
function reportOf(text: string | null): DatasetImport['report'] {
  if (!text) return null;
  try {
    const parsed = importReportSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** An imports row as the API answers it (contract/apiImports.ts importSchema). */
export function importView(row: ImportsTable): DatasetImport {
  const error = errorSchema.safeParse(row.error);
  return {
    id: row.id,
    fileName: row.file_name,
    bytes: Number(row.bytes),
    state: stateSchema.catch('failed').parse(row.state),
    progress: Number(row.progress),
    error: row.error === null ? null : error.success ? error.data : 'import_failed',
    errorEntry: row.error_entry,
    report: reportOf(row.report),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}
