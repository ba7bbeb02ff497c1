import { describe, expect, it } from 'vitest';
import { isImageFileRead, isOfflineApiRead, isWasmAsset } from './offlineRequests';

const get = (headers: Record<string, string> = {}) => ({ method: 'GET', headers: new Headers(headers) });
const url = (path: string) => new URL(path, 'https://maru.example');

describe('offline requests', () => {
  it('keeps tiles, small originals and thumbnails, but not ranged reads or writes', () => {
    expect(isImageFileRead(url('/api/projects/p1/images/i1/tiles/12/3_4.jpg'), get())).toBe(true);
    expect(isImageFileRead(url('/api/projects/p1/images/i1/original'), get())).toBe(true);
    expect(isImageFileRead(url('/api/projects/p1/images/i1/thumbnail'), get())).toBe(true);
    expect(isImageFileRead(url('/api/projects/p1/images/i1/original'), get({ range: 'bytes=0-99' }))).toBe(false);
    expect(isImageFileRead(url('/api/projects/p1/images/i1/tiles/1/0_0.jpg'), { ...get(), method: 'DELETE' })).toBe(
      false,
    );
  });

  it('keeps the WebAssembly binaries of the model workers, nothing else of the assets', () => {
    expect(isWasmAsset(url('/assets/tfjs-backend-wasm-simd-BrM3BlWr.wasm'), get())).toBe(true);
    expect(isWasmAsset(url('/assets/index-abc.js'), get())).toBe(false);
    expect(isWasmAsset(url('/api/x.wasm'), get())).toBe(false);
  });

  it('keeps the assist model and its zip for the studio offline, never the live training events', () => {
    expect(isOfflineApiRead(url('/api/projects/p1/assist-model'), get())).toBe(true);
    expect(isOfflineApiRead(url('/api/projects/p1/models/m1/download'), get())).toBe(true);
    expect(isOfflineApiRead(url('/api/projects/p1/trainings/t1/events'), get())).toBe(false);
  });

  it('falls back to the last answer for the reads a studio page starts with', () => {
    for (const path of [
      '/api/auth/user',
      '/api/auth/user/keymap',
      '/api/projects/p1',
      '/api/projects/p1/labels',
      '/api/projects/p1/images/i1',
      '/api/projects/p1/images/i1/annotations',
      '/api/orgs/o1',
    ]) {
      expect(isOfflineApiRead(url(path), get()), path).toBe(true);
    }
  });

  it('never answers locks, exports, uploads, tokens or writes from the cache', () => {
    for (const path of [
      '/api/projects/p1/images/i1/lock',
      '/api/projects/p1/exports/e1',
      '/api/projects/p1/uploads/u1',
      '/api/auth/refresh',
      '/api/notices',
      '/api/projects/p1/images/i1/tiles/1/0_0.jpg',
    ]) {
      expect(isOfflineApiRead(url(path), get()), path).toBe(false);
    }
    expect(isOfflineApiRead(url('/api/projects/p1/images/i1/annotations'), { ...get(), method: 'POST' })).toBe(false);
  });
});
