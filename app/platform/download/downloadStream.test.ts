import { afterEach, describe, expect, it, vi } from 'vitest';
import { attachmentDisposition, downloadIdOf, downloadUrl } from './downloadProtocol';
import { downloadResponse } from './downloadResponse';
import { PendingDownloads } from './PendingDownloads';
import { portSink } from './portSink';

/*
 * The page's sink and the service worker's streamed Response joined by a real MessageChannel,
 * as in the browser (Node has the same MessageChannel, ReadableStream and Response).
 */
const channels: MessageChannel[] = [];
afterEach(() => {
  for (const c of channels.splice(0)) {
    c.port1.close();
    c.port2.close();
  }
});

function connect(fileName = 'p_dataset_1.zip') {
  const channel = new MessageChannel();
  channels.push(channel);
  const sink = portSink(channel.port1);
  const response = downloadResponse(channel.port2, fileName);
  return { sink, response };
}

const tick = () => new Promise((r) => setTimeout(r, 20));
const bytes = (n: number, fill: number) => new Uint8Array(n).fill(fill);

describe('streamed download over a MessageChannel', () => {
  it('delivers every chunk in order and ends the body on close', async () => {
    const { sink, response } = connect();
    await sink.started;
    const body = response.arrayBuffer();
    for (let i = 1; i <= 5; i++) await sink.write(bytes(1000, i));
    sink.close();
    const out = new Uint8Array(await body);
    expect(out.length).toBe(5000);
    expect([out[0], out[999], out[1000], out[4999]]).toEqual([1, 1, 2, 5]);
    expect(response.headers.get('content-type')).toBe('application/zip');
    expect(response.headers.get('content-disposition')).toBe(
      `attachment; filename="p_dataset_1.zip"; filename*=UTF-8''p_dataset_1.zip`,
    );
  });

  it('holds writes back until the reader asks for more (backpressure)', async () => {
    const { sink, response } = connect();
    await sink.started;
    const reader = response.body!.getReader();
    const settled: number[] = [];
    const writes = [1, 2, 3, 4].map((i) => sink.write(bytes(10, i)).then(() => settled.push(i)));
    await tick();
    // The stream wants one chunk to fill its queue of one; nobody has read yet.
    expect(settled).toEqual([1]);
    expect((await reader.read()).value?.[0]).toBe(1);
    await tick();
    expect(settled).toEqual([1, 2]);
    expect((await reader.read()).value?.[0]).toBe(2);
    expect((await reader.read()).value?.[0]).toBe(3);
    await tick();
    expect(settled).toEqual([1, 2, 3, 4]);
    await Promise.all(writes);
    sink.close();
    expect((await reader.read()).value?.[0]).toBe(4);
    expect((await reader.read()).done).toBe(true);
  });

  it('transfers whole chunk buffers and copies views on larger ones', async () => {
    const { sink, response } = connect();
    await sink.started;
    const body = response.arrayBuffer();
    const whole = bytes(8, 7);
    await sink.write(whole);
    expect(whole.byteLength).toBe(0); // detached: moved, not copied
    const big = bytes(16, 9);
    await sink.write(big.subarray(4, 8));
    expect(big.byteLength).toBe(16);
    sink.close();
    expect(new Uint8Array(await body)).toEqual(new Uint8Array([7, 7, 7, 7, 7, 7, 7, 7, 9, 9, 9, 9]));
  });

  it('an abort errors the body, so the browser fails the download instead of saving part of it', async () => {
    const { sink, response } = connect();
    await sink.started;
    const body = response.arrayBuffer();
    await sink.write(bytes(10, 1));
    sink.abort();
    await expect(body).rejects.toThrow('download_aborted');
    await expect(sink.write(bytes(1, 1))).rejects.toThrow('download_aborted');
  });

  it('a download canceled in the browser rejects the waiting write', async () => {
    const { sink, response } = connect();
    await sink.started;
    const reader = response.body!.getReader();
    await sink.write(bytes(10, 1));
    const waiting = sink.write(bytes(10, 2));
    await reader.cancel();
    await expect(waiting).rejects.toThrow('download_canceled');
    await expect(sink.write(bytes(10, 3))).rejects.toThrow('download_canceled');
  });
});

describe('pending downloads', () => {
  const id = '0b5c2f3e-1d2a-4c5b-9e8f-7a6b5c4d3e2f';
  const port = () => {
    const c = new MessageChannel();
    channels.push(c);
    return c.port2;
  };

  it('are taken once, by their id', () => {
    const pending = new PendingDownloads();
    expect(pending.register({ type: 'maru-download', id, fileName: 'a.zip' }, port())).toBe(true);
    expect(pending.take(id)?.fileName).toBe('a.zip');
    expect(pending.take(id)).toBeNull();
  });

  it('a request that comes before its registration waits for it, and gives up after the wait', async () => {
    const pending = new PendingDownloads();
    const early = pending.takeSoon(id, 1_000);
    pending.register({ type: 'maru-download', id, fileName: 'early.zip' }, port());
    expect((await early)?.fileName).toBe('early.zip');
    expect(pending.size).toBe(0);
    vi.useFakeTimers();
    try {
      const never = pending.takeSoon(id, 1_000);
      vi.advanceTimersByTime(1_000);
      expect(await never).toBeNull();
      // A registration after the wait is kept for a later request, as usual.
      pending.register({ type: 'maru-download', id, fileName: 'late.zip' }, port());
      expect(pending.take(id)?.fileName).toBe('late.zip');
    } finally {
      vi.useRealTimers();
    }
  });

  it('ignore other messages and drop what nobody fetched within a minute', () => {
    let now = 0;
    const pending = new PendingDownloads(() => now);
    expect(pending.register({ type: 'maru-download', id: '../x', fileName: 'a.zip' }, port())).toBe(false);
    expect(pending.register({ type: 'other' }, port())).toBe(false);
    expect(pending.register({ type: 'maru-download', id, fileName: 'a.zip' }, undefined)).toBe(false);
    pending.register({ type: 'maru-download', id, fileName: 'a.zip' }, port());
    now = 61_000;
    expect(pending.take(id)).toBeNull();
    expect(pending.size).toBe(0);
  });

  it('addresses carry the id and a display name', () => {
    const url = downloadUrl(id, '고양이 dataset.zip');
    expect(url).toBe(`/__download/${id}/%EA%B3%A0%EC%96%91%EC%9D%B4%20dataset.zip`);
    expect(downloadIdOf(url)).toBe(id);
    expect(downloadIdOf('/__download/../../api')).toBeNull();
    expect(downloadIdOf('/console')).toBeNull();
    expect(attachmentDisposition('고양이_dataset.zip')).toBe(
      `attachment; filename="____dataset.zip"; filename*=UTF-8''%EA%B3%A0%EC%96%91%EC%9D%B4_dataset.zip`,
    );
    expect(attachmentDisposition('a"b\\c.zip')).toBe(
      `attachment; filename="a_b_c.zip"; filename*=UTF-8''a%22b%5Cc.zip`,
    );
  });
});
