import { describe, expect, it } from 'vitest';
import { UploadQueue, type UploadTransport } from './UploadQueue';

/** A transport whose sends the test finishes by hand. */
function manualTransport() {
  const sends = new Map<
    string,
    { progress: (n: number) => void; resolve: (id: string) => void; reject: (e: unknown) => void; signal: AbortSignal }
  >();
  const created: { name: string; bytes: number; label?: string }[] = [];
  const canceled: string[] = [];
  let n = 0;
  const transport: UploadTransport = {
    create: (item) => {
      created.push(item);
      n += 1;
      return Promise.resolve(`up${n}`);
    },
    send: (uploadId, _file, onProgress, signal) =>
      new Promise<string>((resolve, reject) => {
        sends.set(uploadId, { progress: onProgress, resolve, reject, signal });
        signal.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
      }),
    cancel: (uploadId) => {
      canceled.push(uploadId);
      return Promise.resolve();
    },
  };
  return { transport, sends, created, canceled };
}

const file = (bytes: number) => new Blob([new Uint8Array(bytes)]);
const tick = () => new Promise((r) => setTimeout(r, 0));

describe('UploadQueue', () => {
  it('sends two files at a time and reports progress per file and overall', async () => {
    const t = manualTransport();
    const queue = new UploadQueue(t.transport, () => 'internal', 2);
    queue.add([
      { file: file(100), name: 'a.jpg' },
      { file: file(300), name: 'b.jpg', label: 'cat' },
      { file: file(100), name: 'c.jpg' },
    ]);
    await tick();
    expect(queue.getSnapshot().items.map((i) => i.state)).toEqual(['uploading', 'uploading', 'queued']);
    expect(t.created).toEqual([
      { name: 'a.jpg', bytes: 100 },
      { name: 'b.jpg', bytes: 300, label: 'cat' },
    ]);

    t.sends.get('up1')!.progress(50);
    t.sends.get('up2')!.progress(150);
    expect(queue.getSnapshot().items[0]!.loaded).toBe(50);
    expect(queue.getSnapshot().overall).toBeCloseTo(200 / 500);

    t.sends.get('up1')!.resolve('img1');
    await tick();
    const snap = queue.getSnapshot();
    expect(snap.items[0]).toMatchObject({ state: 'processing', loaded: 100, imageId: 'img1' });
    expect(snap.items[2]!.state).toBe('uploading');
    expect(snap.settled).toBe(false);

    t.sends.get('up2')!.resolve('img2');
    t.sends.get('up3')!.resolve('img3');
    await tick();
    expect(queue.getSnapshot()).toMatchObject({ settled: true, doneCount: 3, failedCount: 0, overall: 1 });
  });

  it('cancel stops the transfer, drops the upload on the server and takes the file out of the overall progress', async () => {
    const t = manualTransport();
    const queue = new UploadQueue(t.transport, () => 'internal', 1);
    queue.add([
      { file: file(100), name: 'a.jpg' },
      { file: file(100), name: 'b.jpg' },
    ]);
    await tick();
    const signal = t.sends.get('up1')!.signal;
    t.sends.get('up1')!.progress(40);
    queue.cancel(1);
    expect(signal.aborted).toBe(true);
    expect(t.canceled).toEqual(['up1']);
    await tick();
    const snap = queue.getSnapshot();
    expect(snap.items[0]!.state).toBe('canceled');
    expect(snap.items[1]!.state).toBe('uploading');
    expect(snap.overall).toBe(0);
    queue.cancelAll();
    await tick();
    expect(queue.getSnapshot().settled).toBe(true);
    expect(t.canceled).toEqual(['up1', 'up2']);
  });

  it('a failed file keeps its error code and can be retried from the start', async () => {
    const t = manualTransport();
    const queue = new UploadQueue(t.transport, (e) => (e instanceof Error ? e.message : 'internal'));
    queue.add([{ file: file(10), name: 'broken.png' }]);
    await tick();
    t.sends.get('up1')!.progress(10);
    t.sends.get('up1')!.reject(new Error('image_invalid'));
    await tick();
    expect(queue.getSnapshot()).toMatchObject({ settled: true, failedCount: 1 });
    expect(queue.getSnapshot().items[0]).toMatchObject({ state: 'failed', error: 'image_invalid' });

    queue.retry(1);
    await tick();
    expect(queue.getSnapshot().items[0]).toMatchObject({ state: 'uploading', loaded: 0, error: null });
    t.sends.get('up2')!.resolve('img1');
    await tick();
    expect(queue.getSnapshot()).toMatchObject({ settled: true, failedCount: 0, doneCount: 1 });
    queue.clearFinished();
    expect(queue.getSnapshot().items).toHaveLength(0);
  });

  it('notifies subscribers and ignores cancel or retry of files in the wrong state', async () => {
    const t = manualTransport();
    const queue = new UploadQueue(t.transport, () => 'internal');
    let calls = 0;
    const off = queue.subscribe(() => (calls += 1));
    queue.add([{ file: file(5), name: 'a.jpg' }]);
    await tick();
    expect(calls).toBeGreaterThan(0);
    queue.retry(1);
    expect(queue.getSnapshot().items[0]!.state).toBe('uploading');
    t.sends.get('up1')!.resolve('img');
    await tick();
    queue.cancel(1);
    expect(queue.getSnapshot().items[0]!.state).toBe('processing');
    off();
  });
});
