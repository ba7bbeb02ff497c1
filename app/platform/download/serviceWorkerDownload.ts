import { DOWNLOAD_KEEPALIVE, DOWNLOAD_REQUEST, downloadUrl, type DownloadRequest } from './downloadProtocol';
import { portSink } from './portSink';

/** A file being written: the same shape as the other export targets. */
export interface StreamedDownload {
  write: (chunk: Uint8Array) => Promise<void>;
  close: () => Promise<void>;
  abort: () => Promise<void>;
}

export interface ServiceWorkerDownloadOptions {
  container?: ServiceWorkerContainer | undefined;
  doc?: Document;
  /** How long to wait for the worker to see the frame's request before giving up on this path. */
  startTimeoutMs?: number;
}

/** The worker may be stopped when idle; a message now and then keeps it while bytes flow. */
const KEEPALIVE_MS = 10_000;
/**
 * How long the worker may take to see the frame's request. A stopped worker restarts first, which
 * on a busy machine has taken over 5 s; falling back too early would put a large export through
 * the memory-bound Blob path instead.
 */
const START_TIMEOUT_MS = 15_000;
/** The frame stays until the browser has surely taken the whole download over. */
const FRAME_LINGER_MS = 60_000;

/**
 * Starts a download streamed through the active service worker: registers it with the worker
 * over a MessageChannel, points a hidden frame at its address, and waits until the worker has
 * the request. Null when there is no active worker (first visit, private modes, blocked storage)
 * or it did not answer in time — the caller then uses another target.
 */
export async function openServiceWorkerDownload(
  fileName: string,
  options: ServiceWorkerDownloadOptions = {},
): Promise<StreamedDownload | null> {
  const container =
    'container' in options ? options.container : (globalThis.navigator as Navigator | undefined)?.serviceWorker;
  const doc = options.doc ?? document;
  const worker = container ? (await container.getRegistration().catch(() => undefined))?.active : undefined;
  if (!worker) return null;

  const id = crypto.randomUUID();
  const channel = new MessageChannel();
  const sink = portSink(channel.port1);
  const request: DownloadRequest = { type: DOWNLOAD_REQUEST, id, fileName };
  worker.postMessage(request, [channel.port2]);
  const frame = doc.createElement('iframe');
  frame.hidden = true;
  frame.title = fileName;
  frame.src = downloadUrl(id, fileName);
  doc.body.append(frame);

  let timer: ReturnType<typeof setTimeout> | undefined;
  const timedOut = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), options.startTimeoutMs ?? START_TIMEOUT_MS);
  });
  const ok = await Promise.race([sink.started.then(() => true as const), timedOut]);
  clearTimeout(timer);
  if (!ok) {
    sink.abort();
    frame.remove();
    return null;
  }

  const keepalive = setInterval(() => worker.postMessage({ type: DOWNLOAD_KEEPALIVE }), KEEPALIVE_MS);
  const finish = () => {
    clearInterval(keepalive);
    setTimeout(() => frame.remove(), FRAME_LINGER_MS);
  };
  return {
    write: (chunk) => sink.write(chunk),
    close: async () => {
      sink.close();
      finish();
    },
    abort: async () => {
      sink.abort();
      finish();
    },
  };
}
