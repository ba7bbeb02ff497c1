import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import { realClock, type Clock } from './clock';
import { recordKey, type PendingRecord } from './syncTypes';

/** Writes are gathered for at most this long before one IndexedDB transaction (RELIABILITY 14). */
export const JOURNAL_DEBOUNCE_MS = 350;
export const JOURNAL_DB_NAME = 'studio-journal';

interface JournalSchema extends DBSchema {
  records: {
    key: [string, string, string, string];
    value: PendingRecord;
    indexes: { user: string };
  };
}

export interface JournalOptions {
  clock?: Clock;
  dbName?: string;
  /** Ask the browser to keep this origin's storage (default: `navigator.storage.persist`). */
  persist?: () => Promise<unknown>;
}

let persistAsked = false;

/**
 * The durable copy of unsynced edits: one IndexedDB record per annotation with unsynced edits,
 * keyed by user, project, image and annotation id (see {@link PendingRecord}). Callers hand it
 * every change of a record; it writes them within JOURNAL_DEBOUNCE_MS in one transaction with
 * strict durability, and `flush()` writes at once (before a request goes out, on pagehide).
 * When IndexedDB fails (quota, private mode, a broken database) the journal stops writing and
 * raises `storageWarning`: the callers keep every record in memory, so this tab loses nothing.
 */
export class Journal {
  private readonly clock: Clock;
  private readonly dbName: string;
  private dbPromise: Promise<IDBPDatabase<JournalSchema>> | null = null;
  private dirty = new Map<string, PendingRecord | { deleted: [string, string, string, string] }>();
  private timer: unknown = null;
  private chain: Promise<void> = Promise.resolve();
  /** The database once open: writes then start their transaction without waiting a turn. */
  private opened: IDBPDatabase<JournalSchema> | null = null;
  /** Writes waiting for the database to open or for their turn (they must start first). */
  private queued = 0;
  private failed = false;
  private readonly warningListeners = new Set<() => void>();
  private readonly persist: (() => Promise<unknown>) | undefined;

  constructor(options: JournalOptions = {}) {
    this.clock = options.clock ?? realClock;
    this.dbName = options.dbName ?? JOURNAL_DB_NAME;
    this.persist = options.persist ?? browserPersist();
  }

  /** True once IndexedDB failed: edits are kept in this tab's memory only. */
  get storageWarning(): boolean {
    return this.failed;
  }

  onWarning(listener: () => void): () => void {
    this.warningListeners.add(listener);
    return () => this.warningListeners.delete(listener);
  }

  /** Every record of `userId` (all projects and images), oldest edit first; [] when storage fails. */
  async restore(userId: string): Promise<PendingRecord[]> {
    const db = await this.db();
    if (!db) return [];
    try {
      const rows = await db.getAllFromIndex('records', 'user', userId);
      return rows.sort((a, b) => a.seq - b.seq);
    } catch (error) {
      this.fail(error);
      return [];
    }
  }

  /** Records the record's current state (a copy is taken now). */
  put(record: PendingRecord): void {
    this.dirty.set(recordKey(record), structuredClone(record));
    this.schedule();
  }

  /** Forgets a record (the server has it, or the user dropped it). */
  remove(record: PendingRecord): void {
    this.dirty.set(recordKey(record), { deleted: [record.userId, record.projectId, record.imageId, record.id] });
    this.schedule();
  }

  /** Writes what is waiting now; resolves once it is durable (or storage has failed). */
  flush(): Promise<void> {
    if (this.timer !== null) {
      this.clock.clearTimeout(this.timer);
      this.timer = null;
    }
    const batch = this.dirty;
    this.dirty = new Map();
    if (batch.size === 0) return this.chain;
    if (this.opened && this.queued === 0) {
      // The transaction starts in this task, not after the previous write's: on pagehide the
      // document may be gone before another task runs, and a write queued behind one is lost.
      // IndexedDB runs readwrite transactions over one store in the order they were created,
      // so this one cannot overtake an earlier write.
      const written = this.writeTo(this.opened, batch);
      this.chain = this.chain.then(() => written);
      return this.chain;
    }
    this.queued += 1;
    this.chain = this.chain.then(() => this.write(batch));
    return this.chain;
  }

  /** Whether some change is not written yet. */
  get hasUnwritten(): boolean {
    return this.dirty.size > 0;
  }

  close(): void {
    void this.dbPromise?.then((db) => db?.close());
  }

  private schedule(): void {
    if (this.failed) {
      this.dirty.clear();
      return;
    }
    if (this.timer !== null) return;
    this.timer = this.clock.setTimeout(() => {
      this.timer = null;
      void this.flush();
    }, JOURNAL_DEBOUNCE_MS);
  }

  private async write(batch: Map<string, PendingRecord | { deleted: [string, string, string, string] }>) {
    const db = await this.db();
    this.queued -= 1;
    if (db) await this.writeTo(db, batch);
  }

  private writeTo(
    db: IDBPDatabase<JournalSchema>,
    batch: Map<string, PendingRecord | { deleted: [string, string, string, string] }>,
  ): Promise<void> {
    if (batch.size === 0 || this.failed) return Promise.resolve();
    try {
      const tx = db.transaction('records', 'readwrite', { durability: 'strict' });
      const store = tx.objectStore('records');
      const requests: Promise<unknown>[] = [];
      for (const value of batch.values())
        requests.push('deleted' in value ? store.delete(value.deleted) : store.put(value));
      // Committed now, not when this task ends and the requests have answered: a page being
      // left (pagehide) may never run that task, and the transaction would be aborted with it.
      // (Browsers without commit(), before Safari 15, commit when the task ends, as before.)
      if ('commit' in tx) tx.commit();
      return Promise.all([...requests, tx.done]).then(
        () => undefined,
        (error: unknown) => this.fail(error),
      );
    } catch (error) {
      this.fail(error);
      return Promise.resolve();
    }
  }

  private db(): Promise<IDBPDatabase<JournalSchema> | null> {
    if (this.failed) return Promise.resolve(null);
    if (!this.dbPromise) {
      if (!persistAsked && this.persist) {
        persistAsked = true;
        this.persist().catch(() => {});
      }
      this.dbPromise = openDB<JournalSchema>(this.dbName, 1, {
        upgrade(db) {
          const store = db.createObjectStore('records', { keyPath: ['userId', 'projectId', 'imageId', 'id'] });
          store.createIndex('user', 'userId');
        },
      });
      void this.dbPromise.then(
        (db) => {
          this.opened = db;
        },
        () => {},
      );
    }
    return this.dbPromise.catch((error: unknown) => {
      this.fail(error);
      return null;
    });
  }

  private fail(error: unknown): void {
    if (this.failed) return;
    this.failed = true;
    this.dirty.clear();
    console.warn('The edit journal cannot use IndexedDB; unsynced edits are kept in memory only.', error);
    for (const listener of this.warningListeners) listener();
  }
}

function browserPersist(): (() => Promise<unknown>) | undefined {
  if (typeof navigator === 'undefined' || !navigator.storage?.persist) return undefined;
  return () => navigator.storage.persist();
}

/** For tests: lets the next journal ask for persistent storage again. */
export function resetPersistAsked(): void {
  persistAsked = false;
}
