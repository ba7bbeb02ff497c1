import { workerMessageSchema, type PageMessage } from './downloadProtocol';

/** The page's end of the channel. */
export interface SinkPort {
  postMessage(message: PageMessage, transfer?: Transferable[]): void;
  onmessage: ((event: MessageEvent) => void) | null;
  close(): void;
}

export interface PortSink {
  /** Resolves when the service worker got the frame's request (the download exists). */
  started: Promise<void>;
  /** Sends one chunk once the stream asked for it; rejects when the download was canceled. */
  write(chunk: Uint8Array): Promise<void>;
  /** The last chunk was written: the download completes. */
  close(): void;
  /** Errors the download in the browser (a failed download, never a truncated file). */
  abort(): void;
}

/** The chunk's own buffer, copied only when it is a view on a larger one (which must not move). */
function ownBuffer(chunk: Uint8Array): Uint8Array<ArrayBuffer> {
  const whole =
    chunk.byteOffset === 0 && chunk.byteLength === chunk.buffer.byteLength && chunk.buffer instanceof ArrayBuffer;
  return whole ? (chunk as Uint8Array<ArrayBuffer>) : chunk.slice();
}

/**
 * Writes into a download stream held by the service worker. The worker sends `pull` each time
 * its stream wants a chunk; `write` waits for such a demand before posting (and transferring)
 * the chunk, so the page never runs ahead of the browser's disk by more than a chunk.
 */
export function portSink(port: SinkPort): PortSink {
  let demand = 0;
  let failure: Error | null = null;
  const waiters: { resolve: () => void; reject: (e: Error) => void }[] = [];
  let onStarted: () => void = () => undefined;
  const started = new Promise<void>((resolve) => {
    onStarted = resolve;
  });
  const fail = (error: Error) => {
    failure ??= error;
    for (const w of waiters.splice(0)) w.reject(failure);
  };
  port.onmessage = (event) => {
    const parsed = workerMessageSchema.safeParse(event.data);
    if (!parsed.success) return;
    if (parsed.data.type === 'started') onStarted();
    else if (parsed.data.type === 'pull') {
      demand++;
      waiters.shift()?.resolve();
    } else fail(new Error('download_canceled'));
  };
  return {
    started,
    async write(chunk) {
      while (demand === 0) {
        if (failure) throw failure;
        await new Promise<void>((resolve, reject) => {
          waiters.push({ resolve, reject });
        });
      }
      if (failure) throw failure;
      demand--;
      const own = ownBuffer(chunk);
      port.postMessage({ type: 'chunk', chunk: own }, [own.buffer]);
    },
    close() {
      if (failure) return;
      port.postMessage({ type: 'end' });
      failure = new Error('download_closed');
    },
    abort() {
      if (!failure) port.postMessage({ type: 'abort' });
      fail(new Error('download_aborted'));
      port.close();
    },
  };
}
