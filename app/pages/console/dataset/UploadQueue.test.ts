import { afterEach, describe, expect, it, vi } from 'vitest';
import { UploadQueue, type ImageStateAnswer, type UploadTransport } from './UploadQueue';

/** A transport whose sends and image states the test decides by hand. */
function manualTransport() {
  const sends = new Map<
    string,
    {
      progress: (n: number) => void;
      resolve: (image: { id: string; state: 'processing' | 'ready' | 'failed' }) => void;
      reject: (e: unknown) => void;
      signal: AbortSignal;
    }
  >();
  const created: { name: string; bytes: number; label?: string }[] = [];
  const canceled: string[] = [];
  const asked: string[][] = [];
  /** What the server says of each image; an image not here is gone. */
  const server = new Map<string, ImageStateAnswer>();
  let statesFail = false;
  let n = 0;
  const transport: UploadTransport = {
    create: (item) => {
      created.push(item);
      n += 1;
      return Promise.resolve(`up${n}`);
    },
    send: (uploadId, _file, onProgress, signal) =>
      new Promise((resolve, reject) => {
        sends.set(uploadId, { progress: onProgress, resolve, reject, signal });
        signal.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
      }),
    cancel: (uploadId) => {
      canceled.push(uploadId);
      return Promise.resolve();
    },
    states: (ids) => {
      asked.push(ids);
      if (statesFail) return Promise.reject(new Error('network'));
      return Promise.resolve(ids.flatMap((id) => server.get(id) ?? []));
    },
  };
  const finish = (uploadId: string, imageId: string) => {
    server.set(imageId, { id: imageId, state: 'processing', error: null });
    sends.get(uploadId)!.resolve({ id: imageId, state: 'processing' });
  };
  return {
    transport,
    sends,
    created,
    canceled,
    asked,
    server,
    finish,
    failStates: (fail: boolean) => (statesFail = fail),
  };
}

/** A duplicate check whose hash of a file is its text, against a project holding `held` (hash → file name). */
function fakeFinder(held: Record<string, string>, gate: Promise<void> = Promise.resolve(), gated = new Set<string>()) {
  const found: string[][] = [];
  let findError: Error | null = null;
  return {
    found,
    failFind: (e: Error | null) => (findError = e),
    finder: {
      hash: async (file: Blob) => {
        const text = await file.text();
        if (gated.has(text)) await gate;
        if (text === 'unreadable') throw new Error('NotReadableError');
        return text;
      },
      find: (hashes: string[]) => {
        found.push(hashes);
        if (findError) return Promise.reject(findError);
        return Promise.resolve(
          hashes.flatMap((hash) =>
            held[hash]
              ? [{ hash, imageId: `img-${hash}`, fileName: held[hash], folder: '', thumbnailUrl: `t/${hash}` }]
              : [],
          ),
        );
      },
    },
  };
}

const file = (bytes: number) => new Blob([new Uint8Array(bytes)]);
const text = (content: string) => new Blob([content]);
const tick = () => new Promise((r) => setTimeout(r, 0));
const states = (q: UploadQueue) => q.getSnapshot().items.map((i) => i.state);

afterEach(() => {
  vi.useRealTimers();
});

describe('UploadQueue: sending', () => {
  it('sends two files at a time and reports progress per file and overall', async () => {
    const t = manualTransport();
    const queue = new UploadQueue(t.transport, () => 'internal', { concurrency: 2 });
    queue.add([
      { file: file(100), name: 'a.jpg' },
      { file: file(300), name: 'b.jpg', label: 'cat' },
      { file: file(100), name: 'c.jpg' },
    ]);
    await tick();
    expect(states(queue)).toEqual(['uploading', 'uploading', 'queued']);
    expect(t.created).toEqual([
      { name: 'a.jpg', bytes: 100 },
      { name: 'b.jpg', bytes: 300, label: 'cat' },
    ]);

    t.sends.get('up1')!.progress(50);
    t.sends.get('up2')!.progress(150);
    expect(queue.getSnapshot().items[0]!.loaded).toBe(50);
    expect(queue.getSnapshot().overall).toBeCloseTo(200 / 500);

    t.finish('up1', 'img1');
    await tick();
    const snap = queue.getSnapshot();
    expect(snap.items[0]).toMatchObject({ state: 'processing', loaded: 100, imageId: 'img1' });
    expect(snap.items[2]!.state).toBe('uploading');
    expect(snap).toMatchObject({ sending: true, settled: false });

    t.finish('up2', 'img2');
    t.finish('up3', 'img3');
    await tick();
    // Every byte is up, but the images are still being made: not settled yet.
    expect(queue.getSnapshot()).toMatchObject({ sending: false, settled: false, doneCount: 0, overall: 1 });
    queue.pause();
  });

  it('cancel stops the transfer, drops the upload on the server and takes the file out of the overall progress', async () => {
    const t = manualTransport();
    const queue = new UploadQueue(t.transport, () => 'internal', { concurrency: 1 });
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
    expect(queue.getSnapshot()).toMatchObject({ settled: true, sending: false, totalCount: 0 });
    expect(t.canceled).toEqual(['up1', 'up2']);
  });

  it('a failed send keeps its error code and can be retried from the start, or dismissed', async () => {
    const t = manualTransport();
    const queue = new UploadQueue(t.transport, (e) => (e instanceof Error ? e.message : 'internal'));
    queue.add([
      { file: file(10), name: 'broken.png' },
      { file: file(10), name: 'other.png' },
    ]);
    await tick();
    t.sends.get('up1')!.progress(10);
    t.sends.get('up1')!.reject(new Error('image_invalid'));
    t.sends.get('up2')!.reject(new Error('network'));
    await tick();
    expect(queue.getSnapshot()).toMatchObject({ settled: true, failedCount: 2 });
    expect(queue.getSnapshot().items[0]).toMatchObject({ state: 'failed', error: 'image_invalid', failedAt: 'send' });

    queue.retry(1);
    await tick();
    expect(queue.getSnapshot().items[0]).toMatchObject({ state: 'uploading', loaded: 0, error: null });
    t.sends.get('up3')!.resolve({ id: 'img1', state: 'ready' });
    await tick();
    // The server already finished the image: the row says so without asking again.
    expect(queue.getSnapshot().items[0]!.state).toBe('ready');
    expect(t.asked).toEqual([]);
    queue.dismiss(2);
    expect(queue.getSnapshot()).toMatchObject({ settled: true, failedCount: 0, doneCount: 1, totalCount: 1 });
    queue.clearFinished();
    expect(queue.getSnapshot().items).toHaveLength(0);
  });

  it('ignores cancel, retry, dismiss and decide of rows in the wrong state', async () => {
    const t = manualTransport();
    const queue = new UploadQueue(t.transport, () => 'internal');
    let calls = 0;
    const off = queue.subscribe(() => (calls += 1));
    queue.add([{ file: file(5), name: 'a.jpg' }]);
    await tick();
    expect(calls).toBeGreaterThan(0);
    queue.retry(1);
    queue.dismiss(1);
    queue.decide(1, 'skip');
    expect(states(queue)).toEqual(['uploading']);
    t.finish('up1', 'img');
    await tick();
    queue.cancel(1);
    queue.clearFinished();
    expect(states(queue)).toEqual(['processing']);
    queue.pause();
    off();
  });
});

describe('UploadQueue: following the images on the server', () => {
  it('asks for every processing image in one request and ends each row at its outcome, then stops asking', async () => {
    vi.useFakeTimers();
    const t = manualTransport();
    const queue = new UploadQueue(t.transport, () => 'internal', { concurrency: 3, pollMs: { min: 100, max: 400 } });
    queue.add([
      { file: file(10), name: 'a.jpg' },
      { file: file(10), name: 'b.jpg' },
      { file: file(10), name: 'c.jpg' },
    ]);
    await vi.advanceTimersByTimeAsync(0);
    t.finish('up1', 'i1');
    t.finish('up2', 'i2');
    t.finish('up3', 'i3');
    await vi.advanceTimersByTimeAsync(0);
    const changesAtUpload = queue.getSnapshot().serverChanges;
    expect(t.asked).toEqual([]);

    t.server.set('i1', { id: 'i1', state: 'ready', error: null });
    await vi.advanceTimersByTimeAsync(100);
    expect(t.asked).toEqual([['i1', 'i2', 'i3']]);
    expect(states(queue)).toEqual(['ready', 'processing', 'processing']);
    expect(queue.getSnapshot().serverChanges).toBeGreaterThan(changesAtUpload);

    // Nothing moves: the next looks come later and later, and only for the rows still processing.
    await vi.advanceTimersByTimeAsync(100);
    expect(t.asked).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(100);
    expect(t.asked).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(50);
    expect(t.asked).toHaveLength(3);
    expect(t.asked[2]).toEqual(['i2', 'i3']);

    t.server.set('i2', { id: 'i2', state: 'failed', error: 'image_invalid' });
    t.server.delete('i3');
    await vi.advanceTimersByTimeAsync(400);
    const snap = queue.getSnapshot();
    expect(snap.items.map((i) => [i.state, i.error, i.failedAt])).toEqual([
      ['ready', null, null],
      ['failed', 'image_invalid', 'process'],
      ['failed', 'image_deleted', 'process'],
    ]);
    expect(snap).toMatchObject({ settled: true, doneCount: 1, failedCount: 2 });
    const looks = t.asked.length;
    await vi.advanceTimersByTimeAsync(5000);
    expect(t.asked).toHaveLength(looks);
  });

  it('keeps rows processing through a failed look, and a retry of a failed image removes it and sends the file again', async () => {
    vi.useFakeTimers();
    const t = manualTransport();
    const queue = new UploadQueue(t.transport, () => 'internal', { pollMs: { min: 100, max: 400 } });
    queue.add([{ file: file(10), name: 'a.jpg' }]);
    await vi.advanceTimersByTimeAsync(0);
    t.finish('up1', 'i1');
    await vi.advanceTimersByTimeAsync(0);
    t.failStates(true);
    await vi.advanceTimersByTimeAsync(100);
    expect(t.asked).toHaveLength(1);
    expect(states(queue)).toEqual(['processing']);

    t.failStates(false);
    t.server.set('i1', { id: 'i1', state: 'failed', error: 'image_processing_failed' });
    await vi.advanceTimersByTimeAsync(400);
    expect(queue.getSnapshot().items[0]).toMatchObject({ state: 'failed', error: 'image_processing_failed' });

    queue.retry(1);
    expect(t.canceled).toEqual(['up1']);
    await vi.advanceTimersByTimeAsync(0);
    expect(queue.getSnapshot().items[0]).toMatchObject({ state: 'uploading', imageId: null, error: null });
    t.finish('up2', 'i2');
    t.server.set('i2', { id: 'i2', state: 'ready', error: null });
    await vi.advanceTimersByTimeAsync(100);
    expect(queue.getSnapshot().items[0]).toMatchObject({ state: 'ready', imageId: 'i2' });
  });

  it('stops looking while paused and takes it up again on resume', async () => {
    vi.useFakeTimers();
    const t = manualTransport();
    const queue = new UploadQueue(t.transport, () => 'internal', { pollMs: { min: 100, max: 400 } });
    queue.add([{ file: file(10), name: 'a.jpg' }]);
    await vi.advanceTimersByTimeAsync(0);
    t.finish('up1', 'i1');
    await vi.advanceTimersByTimeAsync(0);
    queue.pause();
    await vi.advanceTimersByTimeAsync(1000);
    expect(t.asked).toEqual([]);
    t.server.set('i1', { id: 'i1', state: 'ready', error: null });
    queue.resume();
    await vi.advanceTimersByTimeAsync(100);
    expect(states(queue)).toEqual(['ready']);
  });
});

describe('UploadQueue: duplicates', () => {
  it('holds back files whose bytes the project or the same upload already has, and sends the rest', async () => {
    const t = manualTransport();
    const f = fakeFinder({ AAA: 'old.jpg' });
    const queue = new UploadQueue(t.transport, () => 'internal', { finder: f.finder, concurrency: 3 });
    queue.add([
      { file: text('NEW'), name: 'new.jpg' },
      { file: text('AAA'), name: 'again.jpg' },
      { file: text('NEW'), name: 'copy-of-new.jpg' },
    ]);
    expect(states(queue)).toEqual(['checking', 'checking', 'checking']);
    await vi.waitFor(() => expect(states(queue)).toEqual(['uploading', 'duplicate', 'duplicate']));
    // One question for the group, each hash once.
    expect(f.found).toEqual([['NEW', 'AAA']]);
    const [, again, copy] = queue.getSnapshot().items;
    expect(again!.duplicateOf).toEqual({
      imageId: 'img-AAA',
      fileName: 'old.jpg',
      folder: '',
      thumbnailUrl: 't/AAA',
      inUpload: false,
    });
    expect(copy!.duplicateOf).toMatchObject({ fileName: 'new.jpg', inUpload: true });
    expect(queue.getSnapshot()).toMatchObject({ sending: true, settled: false });
    expect(queue.getSnapshot().duplicates.map((d) => d.name)).toEqual(['again.jpg', 'copy-of-new.jpg']);

    queue.decide(2, 'skip');
    queue.decide(3, 'keep');
    await tick();
    expect(states(queue)).toEqual(['uploading', 'skipped', 'uploading']);
    expect(t.created.map((c) => c.name)).toEqual(['new.jpg', 'copy-of-new.jpg']);
    expect(queue.getSnapshot()).toMatchObject({ skippedCount: 1, totalCount: 2 });
    queue.pause();
  });

  it('"for all" answers every waiting duplicate and those the rest of the batch finds', async () => {
    const t = manualTransport();
    const held = Object.fromEntries(Array.from({ length: 60 }, (_, i) => [`H${i}`, `old${i}.jpg`]));
    let open = () => {};
    const gate = new Promise<void>((r) => (open = r));
    // The second group's files are still being read when the choice is made.
    const f = fakeFinder(held, gate, new Set(['H50', 'H51']));
    const queue = new UploadQueue(t.transport, () => 'internal', { finder: f.finder });
    queue.add(Array.from({ length: 52 }, (_, i) => ({ file: text(`H${i}`), name: `f${i}.jpg` })));
    await vi.waitFor(() => expect(queue.getSnapshot().duplicates).toHaveLength(50));
    expect(states(queue).slice(50)).toEqual(['checking', 'checking']);
    queue.decide(1, 'skip', true);
    expect(queue.getSnapshot().skippedCount).toBe(50);
    open();
    await vi.waitFor(() => expect(queue.getSnapshot().skippedCount).toBe(52));
    expect(f.found.map((h) => h.length)).toEqual([50, 2]);
    expect(t.created).toEqual([]);
    expect(queue.getSnapshot()).toMatchObject({ settled: true, sending: false });

    // A later batch is asked again.
    queue.add([{ file: text('H0'), name: 'later.jpg' }]);
    await vi.waitFor(() => expect(states(queue).at(-1)).toBe('duplicate'));
  });

  it('a file that cannot be read or checked fails with its reason and is checked again on retry', async () => {
    const t = manualTransport();
    const f = fakeFinder({});
    const queue = new UploadQueue(t.transport, (e) => (e instanceof Error ? e.message : 'internal'), {
      finder: f.finder,
    });
    f.failFind(new Error('network'));
    queue.add([
      { file: text('unreadable'), name: 'gone.jpg' },
      { file: text('OK'), name: 'ok.jpg' },
    ]);
    await vi.waitFor(() => expect(states(queue)).toEqual(['failed', 'failed']));
    expect(queue.getSnapshot().items.map((i) => [i.error, i.failedAt])).toEqual([
      ['file_unreadable', 'check'],
      ['network', 'check'],
    ]);
    expect(t.created).toEqual([]);
    f.failFind(null);
    queue.retry(2);
    await vi.waitFor(() => expect(states(queue)).toEqual(['failed', 'uploading']));
    queue.pause();
  });

  it('a duplicate can be canceled while it waits', async () => {
    const t = manualTransport();
    const queue = new UploadQueue(t.transport, () => 'internal', { finder: fakeFinder({ X: 'x.jpg' }).finder });
    queue.add([{ file: text('X'), name: 'x2.jpg' }]);
    await vi.waitFor(() => expect(states(queue)).toEqual(['duplicate']));
    queue.cancelAll();
    expect(queue.getSnapshot()).toMatchObject({ settled: true, duplicates: [] });
    expect(t.created).toEqual([]);
  });
});
