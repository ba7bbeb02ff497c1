/**
 * Dataset export off the main thread: downloads, zips (fflate) and hands the zip's bytes back in
 * chunks, each transferred, never copied. The token stays with the main thread, which renews it;
 * cancel is `terminate()` on the worker (the main thread also aborts its file).
 */
import { expose, transfer } from 'comlink';
import { exportDataset, type ExportProgress, type ExportReport, type ExportRequest } from './export/exportDataset';

export interface DatasetExportCallbacks {
  /** The current access token. */
  token: () => Promise<string | null>;
  /** A new token after `failed` was refused (401), or null when the session is over. */
  renew: (failed: string | null) => Promise<string | null>;
  write: (chunk: Uint8Array) => Promise<void>;
  progress: (progress: ExportProgress) => void;
}

/** A chunk that owns its whole buffer can be transferred; a view into a shared one is copied first. */
function transferable(chunk: Uint8Array): Uint8Array {
  return chunk.byteOffset === 0 && chunk.byteLength === chunk.buffer.byteLength ? chunk : chunk.slice();
}

const api = {
  async run(request: ExportRequest, callbacks: DatasetExportCallbacks): Promise<ExportReport> {
    const get = async (url: string): Promise<Response> => {
      const token = await callbacks.token();
      const response = await fetch(url, { headers: token ? { Authorization: token } : {} });
      if (response.status !== 401 || !token) return response;
      const renewed = await callbacks.renew(token);
      return renewed ? fetch(url, { headers: { Authorization: renewed } }) : response;
    };
    return exportDataset(request, {
      get,
      write: (chunk) => {
        const owned = transferable(chunk);
        return callbacks.write(transfer(owned, [owned.buffer as ArrayBuffer]));
      },
      onProgress: (progress) => callbacks.progress(progress),
    });
  },
};

export type DatasetExportWorkerApi = typeof api;

expose(api);
