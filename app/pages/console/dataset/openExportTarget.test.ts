import { afterEach, describe, expect, it, vi } from 'vitest';
import { BLOB_EXPORT_LIMIT, blobTarget, openExportTarget } from './openExportTarget';

afterEach(() => {
  Reflect.deleteProperty(globalThis, 'showSaveFilePicker');
});

describe('export targets', () => {
  it('the Blob fallback stops past its cap instead of filling memory', async () => {
    const target = blobTarget('x.zip', 10);
    await target.write(new Uint8Array(6));
    await expect(target.write(new Uint8Array(6))).rejects.toThrow('export_too_large');
  });

  it('streams into the picked file, suggesting the export name', async () => {
    const written: number[] = [];
    const file = {
      write: vi.fn(async (d: Uint8Array) => void written.push(d.length)),
      close: vi.fn(async () => undefined),
      abort: vi.fn(async () => undefined),
    };
    const picker = vi.fn(async () => ({ createWritable: async () => file }));
    Object.assign(globalThis, { showSaveFilePicker: picker });
    const target = await openExportTarget('p_dataset_1.zip');
    expect(picker.mock.calls[0]).toEqual([expect.objectContaining({ suggestedName: 'p_dataset_1.zip' })]);
    await target?.write(new Uint8Array(3));
    await target?.abort();
    expect(written).toEqual([3]);
    expect(file.abort).toHaveBeenCalled();
  });

  it('without a save dialog streams through the service worker, else falls back to a Blob', async () => {
    const streamed = {
      write: vi.fn(async () => undefined),
      close: vi.fn(async () => undefined),
      abort: vi.fn(async () => undefined),
    };
    const viaWorker = vi.fn(async () => streamed);
    expect(await openExportTarget('p.zip', viaWorker)).toBe(streamed);
    expect(viaWorker).toHaveBeenCalledWith('p.zip');

    // No active worker (first visit, private mode), or it failed: the capped Blob.
    for (const open of [async () => null, async () => Promise.reject(new Error('no worker'))]) {
      const target = await openExportTarget('p.zip', open);
      expect(target).not.toBe(streamed);
      await expect(target?.write({ byteLength: BLOB_EXPORT_LIMIT + 1 } as Uint8Array)).rejects.toThrow(
        'export_too_large',
      );
    }
  });

  it('prefers the save dialog when the browser has one', async () => {
    const file = {
      write: vi.fn(async () => undefined),
      close: vi.fn(async () => undefined),
      abort: vi.fn(async () => undefined),
    };
    Object.assign(globalThis, { showSaveFilePicker: async () => ({ createWritable: async () => file }) });
    const viaWorker = vi.fn(async () => null);
    await openExportTarget('p.zip', viaWorker);
    expect(viaWorker).not.toHaveBeenCalled();
  });

  it('answers null when the save dialog is closed', async () => {
    Object.assign(globalThis, {
      showSaveFilePicker: async () => Promise.reject(new DOMException('closed', 'AbortError')),
    });
    expect(await openExportTarget('x.zip')).toBeNull();
  });
});
