import { downloadRequestSchema } from './downloadProtocol';
import type { DownloadPort } from './downloadResponse';

/** How long a registered download waits for its frame's request. */
const PENDING_MS = 60_000;
/**
 * How long a frame's request waits for its registration. The page posts the message before it
 * creates the frame, but the worker may get the fetch event first (seen when it was just
 * restarted on a busy machine); answering 404 then would send the export down the Blob path.
 */
export const REGISTRATION_WAIT_MS = 10_000;

type Entry = { port: DownloadPort; fileName: string };

interface Pending {
  port: DownloadPort;
  fileName: string;
  until: number;
}

/**
 * Downloads the page has registered with the service worker and whose request has not come yet.
 * Each is taken once: the address cannot be fetched again (or by another tab) afterwards.
 */
export class PendingDownloads {
  private readonly pending = new Map<string, Pending>();
  /** Frames' requests that came before their registration, by id. */
  private readonly waiting = new Map<string, (entry: Entry | null) => void>();

  constructor(private readonly now: () => number = Date.now) {}

  /** Registers a download from a page's message; false when the message is not one. */
  register(data: unknown, port: DownloadPort | undefined): boolean {
    const parsed = downloadRequestSchema.safeParse(data);
    if (!parsed.success || !port) return false;
    this.drop();
    const { id, fileName } = parsed.data;
    const waiter = this.waiting.get(id);
    if (waiter) {
      this.waiting.delete(id);
      waiter({ port, fileName });
      return true;
    }
    this.pending.set(id, { port, fileName, until: this.now() + PENDING_MS });
    return true;
  }

  /**
   * The download registered under `id`, taken as `take` does; if its registration has not come
   * yet, waits for it up to `waitMs` (null after that).
   */
  takeSoon(id: string, waitMs = REGISTRATION_WAIT_MS): Promise<Entry | null> {
    const entry = this.take(id);
    if (entry || this.waiting.has(id)) return Promise.resolve(entry);
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.waiting.delete(id);
        resolve(null);
      }, waitMs);
      this.waiting.set(id, (found) => {
        clearTimeout(timer);
        resolve(found);
      });
    });
  }

  /** The download registered under `id`, removed from the pending set; null if none. */
  take(id: string): Entry | null {
    this.drop();
    const entry = this.pending.get(id);
    if (!entry) return null;
    this.pending.delete(id);
    return entry;
  }

  get size(): number {
    return this.pending.size;
  }

  private drop() {
    const now = this.now();
    for (const [id, entry] of this.pending) {
      if (entry.until < now) {
        entry.port.close();
        this.pending.delete(id);
      }
    }
  }
}
