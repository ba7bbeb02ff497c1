import { attachmentDisposition, pageMessageSchema, type WorkerMessage } from './downloadProtocol';

/** Where the messages go: a MessagePort (its `onmessage` is set here, which also starts it). */
export interface DownloadPort {
  postMessage(message: WorkerMessage): void;
  onmessage: ((event: MessageEvent) => void) | null;
  close(): void;
}

/**
 * The service worker's answer to a registered download: a Response whose body pulls chunks
 * from the page over `port`. The stream asks for one chunk (`pull`) only when its queue is empty
 * and the browser reads on, so a slow disk slows the export instead of filling memory. `end`
 * closes the body (the download completes); `abort` errors it, so the browser reports a failed
 * download rather than saving a truncated zip. A download canceled in the browser tells the page.
 */
export function downloadResponse(port: DownloadPort, fileName: string): Response {
  let wake: (() => void) | null = null;
  let finished = false;
  const settle = () => {
    finished = true;
    wake?.();
    wake = null;
    port.onmessage = null;
    port.close();
  };
  const body = new ReadableStream<Uint8Array>(
    {
      start(controller) {
        port.onmessage = (event) => {
          const parsed = pageMessageSchema.safeParse(event.data);
          if (finished) return;
          if (!parsed.success) {
            controller.error(new Error('download_protocol'));
            settle();
            return;
          }
          const message = parsed.data;
          if (message.type === 'chunk') {
            controller.enqueue(message.chunk);
            wake?.();
            wake = null;
          } else if (message.type === 'end') {
            controller.close();
            settle();
          } else {
            controller.error(new Error('download_aborted'));
            settle();
          }
        };
      },
      pull() {
        if (finished) return;
        return new Promise<void>((resolve) => {
          wake = resolve;
          port.postMessage({ type: 'pull' });
        });
      },
      cancel() {
        if (finished) return;
        port.postMessage({ type: 'canceled' });
        settle();
      },
    },
    // One chunk queued at most: the next pull waits until the browser has taken it.
    new CountQueuingStrategy({ highWaterMark: 1 }),
  );
  port.postMessage({ type: 'started' });
  return new Response(body, {
    headers: {
      'Content-Type': 'application/zip',
      'Content-Disposition': attachmentDisposition(fileName),
      'X-Content-Type-Options': 'nosniff',
      'Cache-Control': 'no-store',
    },
  });
}
