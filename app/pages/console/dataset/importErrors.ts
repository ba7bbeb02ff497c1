import {
  IMPORT_ERROR_CODES,
  IMPORT_SKIP_REASONS,
  type ImportErrorCode,
  type ImportSkip,
  type ImportSkipReason,
} from '../../../../contract/apiImports';
import { errorCodeOf } from '../../../api/ApiRequestError';

/** Text keys (namespace `projects`) of dataset import refusals and skips. */

const importCodes: ReadonlySet<string> = new Set(IMPORT_ERROR_CODES);

export function importErrorKey(code: ImportErrorCode): string {
  return `projects:datasetImport.error.${code}`;
}

export function skipReasonKey(reason: ImportSkipReason): string {
  return `projects:datasetImport.skip.${reason}`;
}

/**
 * The text key of a failed API call of the import: an import code (e.g. `import_not_zip` from
 * the PUT) gets the import's own text, anything else the common API error text.
 */
export function importCallErrorKey(error: unknown): string {
  const code = errorCodeOf(error);
  return importCodes.has(code) ? importErrorKey(code as ImportErrorCode) : `errors:${code}`;
}

/**
 * Skipped entries grouped by reason, in the contract's order of reasons; an entry with a detail
 * (the tag or label left out) reads 'entry — detail'.
 */
export function groupSkipped(skipped: readonly ImportSkip[]): { reason: ImportSkipReason; entries: string[] }[] {
  const groups = new Map<ImportSkipReason, string[]>();
  for (const { entry, reason, detail } of skipped) {
    const list = groups.get(reason) ?? [];
    list.push(detail === undefined ? entry : `${entry} — ${detail}`);
    groups.set(reason, list);
  }
  return IMPORT_SKIP_REASONS.flatMap((reason) => {
    const entries = groups.get(reason);
    return entries ? [{ reason, entries }] : [];
  });
}
