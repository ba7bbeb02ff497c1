import { downloadRequestSchema } from './downloadProtocol';
import type { DownloadPort } from './downloadResponse';

/** How long a registered download waits for its frame's request. */
const PENDING_MS = 60_000;

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

  constructor(private readonly now: () => number = Date.now) {}

  /** Registers a download from a page's message; false when the message is not one. */
  register(data: unknown, port: DownloadPort | undefined): boolean {
    const parsed = downloadRequestSchema.safeParse(data);
    if (!parsed.success || !port) return false;
    this.drop();
    this.pending.set(parsed.data.id, { port, fileName: parsed.data.fileName, until: this.now() + PENDING_MS });
    return true;
  }

  /** The download registered under `id`, removed from the pending set; null if none. */
  take(id: string): { port: DownloadPort; fileName: string } | null {
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
