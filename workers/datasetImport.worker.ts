/**
 * Dataset import's check off the main thread: opens the picked zip (read in slices, never whole)
 * and plans the import, answering a preview or the code that refuses it.
 */
import { expose } from 'comlink';
import { blobSource } from './import/blobSource';
import { previewImport, type ImportPreviewResult } from './import/previewImport';

const api = {
  /** The picked zip's preview, or the code (and entry) that refuses it. */
  preview(file: Blob): Promise<ImportPreviewResult> {
    return previewImport(blobSource(file));
  },
};

export type DatasetImportWorkerApi = typeof api;

expose(api);
