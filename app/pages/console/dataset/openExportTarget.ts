import { isAbortError } from '../../../../contract/isAbortError';
import { openServiceWorkerDownload } from '../../../platform/download/serviceWorkerDownload';

/**
 * Where an export's zip goes, best first. With the File System Access API (Chromium) the bytes
 * stream straight into the chosen file. Elsewhere, with an active service worker, they stream
 * through it as an ordinary download (`platform/download/`); both fit any dataset size. Without
 * either (first visit, private modes) they are collected into a Blob and downloaded at the end,
 * which only suits small sets (capped at BLOB_EXPORT_LIMIT).
 */

/** Above this, the Blob fallback stops with 'export_too_large' instead of exhausting memory. */
export const BLOB_EXPORT_LIMIT = 512 * 1024 * 1024;

export interface ExportTarget {
  write: (chunk: Uint8Array) => Promise<void>;
  close: () => Promise<void>;
  /** Discards what was written (a canceled or failed export leaves no partial file). */
  abort: () => Promise<void>;
}

interface WritableFile {
  write: (data: BufferSource) => Promise<void>;
  close: () => Promise<void>;
  abort: () => Promise<void>;
}
type SaveFilePicker = (options: {
  suggestedName: string;
  types: { description: string; accept: Record<string, string[]> }[];
}) => Promise<{ createWritable: () => Promise<WritableFile> }>;

function savePicker(): SaveFilePicker | null {
  const picker = (globalThis as { showSaveFilePicker?: SaveFilePicker }).showSaveFilePicker;
  return typeof picker === 'function' ? picker.bind(globalThis) : null;
}

/** Collects the zip in memory and downloads it on close. */
export function blobTarget(fileName: string, limit = BLOB_EXPORT_LIMIT): ExportTarget {
  let parts: BlobPart[] = [];
  let size = 0;
  return {
    write: async (chunk) => {
      size += chunk.byteLength;
      if (size > limit) throw new Error('export_too_large');
      parts.push(chunk as Uint8Array<ArrayBuffer>);
    },
    close: async () => {
      const url = URL.createObjectURL(new Blob(parts, { type: 'application/zip' }));
      parts = [];
      const link = document.createElement('a');
      link.href = url;
      link.download = fileName;
      link.click();
      // The download has taken the Blob by the next minute; the URL is not needed after that.
      setTimeout(() => URL.revokeObjectURL(url), 60_000);
    },
    abort: async () => {
      parts = [];
    },
  };
}

/**
 * Opens the target; call it first in the click handler (the picker needs the user's gesture).
 * Null when the user closed the save dialog.
 */
export async function openExportTarget(
  fileName: string,
  openStreamed: (fileName: string) => Promise<ExportTarget | null> = openServiceWorkerDownload,
): Promise<ExportTarget | null> {
  const picker = savePicker();
  if (!picker) return (await openStreamed(fileName).catch(() => null)) ?? blobTarget(fileName);
  let handle;
  try {
    handle = await picker({
      suggestedName: fileName,
      types: [{ description: 'ZIP', accept: { 'application/zip': ['.zip'] } }],
    });
  } catch (error) {
    if (isAbortError(error)) return null;
    throw error;
  }
  const file = await handle.createWritable();
  return {
    write: (chunk) => file.write(chunk as Uint8Array<ArrayBuffer>),
    close: () => file.close(),
    abort: () => file.abort().catch(() => undefined),
  };
}
