import { describe, expect, it } from 'vitest';
import { downloadIdOf } from './downloadProtocol';
import { downloadResponse } from './downloadResponse';
import { PendingDownloads } from './PendingDownloads';
import { openServiceWorkerDownload } from './serviceWorkerDownload';

/** Just what the opener touches of a document: a frame element and the body it goes into. */
function fakeDocument() {
  const frames: { src: string; hidden: boolean; removed: boolean; remove(): void }[] = [];
  const doc = {
    createElement: () => {
      const frame = {
        src: '',
        hidden: false,
        title: '',
        removed: false,
        remove() {
          this.removed = true;
        },
      };
      frames.push(frame);
      return frame;
    },
    body: { append: () => undefined },
  };
  return { doc: doc as unknown as Document, frames };
}

/**
 * A service worker stand-in running the real worker-side code: `answer` decides whether the
 * frame's request reaches it (as the browser's navigation would).
 */
function fakeContainer(answer: boolean) {
  const pending = new PendingDownloads();
  const responses: Response[] = [];
  const worker = {
    postMessage: (data: unknown, transfer?: Transferable[]) => {
      pending.register(data, transfer?.[0] as MessagePort | undefined);
    },
  };
  const container = { getRegistration: async () => ({ active: worker }) } as unknown as ServiceWorkerContainer;
  const navigate = (src: string) => {
    const entry = pending.take(downloadIdOf(src) ?? '');
    if (answer && entry) responses.push(downloadResponse(entry.port, entry.fileName));
  };
  return { container, responses, navigate };
}

describe('openServiceWorkerDownload', () => {
  it('is null without an active service worker', async () => {
    const { doc } = fakeDocument();
    expect(await openServiceWorkerDownload('a.zip', { container: undefined, doc })).toBeNull();
    const none = { getRegistration: async () => undefined } as unknown as ServiceWorkerContainer;
    expect(await openServiceWorkerDownload('a.zip', { container: none, doc })).toBeNull();
  });

  it('is null, and removes its frame, when the worker never sees the request', async () => {
    const { doc, frames } = fakeDocument();
    const sw = fakeContainer(false);
    const opening = openServiceWorkerDownload('a.zip', { container: sw.container, doc, startTimeoutMs: 50 });
    await new Promise((r) => setTimeout(r, 0));
    sw.navigate(frames[0]!.src);
    expect(await opening).toBeNull();
    expect(frames[0]!.removed).toBe(true);
  });

  it('streams the written bytes into the worker’s response', async () => {
    const { doc, frames } = fakeDocument();
    const sw = fakeContainer(true);
    const opening = openServiceWorkerDownload('내보내기.zip', { container: sw.container, doc });
    await new Promise((r) => setTimeout(r, 0));
    expect(frames[0]!.hidden).toBe(true);
    sw.navigate(frames[0]!.src);
    const target = await opening;
    expect(target).not.toBeNull();
    const body = sw.responses[0]!.arrayBuffer();
    await target!.write(new Uint8Array([1, 2, 3]));
    await target!.write(new Uint8Array([4]));
    await target!.close();
    expect(new Uint8Array(await body)).toEqual(new Uint8Array([1, 2, 3, 4]));
    expect(sw.responses[0]!.headers.get('content-disposition')).toContain(
      "filename*=UTF-8''%EB%82%B4%EB%B3%B4%EB%82%B4%EA%B8%B0.zip",
    );
  });
});
