/** The shared dataset-zip reader: the browser's import worker and the server's import job both use it. */
export * from './types';
export type { ImportErrorCode, ImportFormat, ImportSkipReason } from '../apiImports';
export { openDatasetZip } from './openDatasetZip';
export { planDatasetImport, type PlanOptions } from './planDatasetImport';
export { DEFAULT_ZIP_LIMITS, type ZipLimits } from './zipLimits';
export { crc32 } from './crc32';
