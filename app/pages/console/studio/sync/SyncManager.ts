import type { Annotation } from '../../../../../contract/apiAnnotations';
import { backoffDelay, browserConnectivity, realClock, type Clock, type Connectivity } from './clock';
import { Journal } from './journal';
import { createFetchTransport, type LoadOutcome, type OpsTransport } from './opsTransport';
import { ImageOutbox } from './outbox';
import { imageKeyString, type ImageKey, type PendingRecord } from './syncTypes';

/** How long a prefetched server state may stand in for a fresh GET when the image opens. */
export const PREFETCH_FRESH_MS = 30_000;

export interface SyncManagerDeps {
  journal?: Journal;
  transport?: OpsTransport;
  clock?: Clock;
  connectivity?: Connectivity;
  /** Where pagehide/visibilitychange are heard (default: the window, when there is one). */
  lifecycle?: Pick<Window, 'addEventListener' | 'removeEventListener'> & { document?: { visibilityState: string } };
  batchMax?: number;
  newId?: () => string;
}

/**
 * The save layer of one signed-in user: restores the journal once, keeps one outbox per image
 * with unsynced edits (edits of other images made offline are sent too, not only the open
 * image's), flushes the journal when the page is hidden or left, and wakes every outbox when
 * the browser comes back online.
 */
export class SyncManager {
  readonly journal: Journal;
  readonly transport: OpsTransport;
  readonly clock: Clock;
  readonly ready: Promise<void>;
  private readonly connectivity: Connectivity;
  private readonly outboxes = new Map<string, ImageOutbox>();
  private readonly listeners = new Set<() => void>();
  private readonly cleanups: (() => void)[] = [];
  private version = 0;
  private readonly prefetched = new Map<string, { at: number; outcome: Promise<LoadOutcome> }>();

  constructor(
    readonly userId: string,
    private readonly deps: SyncManagerDeps = {},
  ) {
    this.clock = deps.clock ?? realClock;
    this.connectivity = deps.connectivity ?? browserConnectivity;
    this.journal = deps.journal ?? new Journal({ clock: this.clock });
    this.transport = deps.transport ?? createFetchTransport({ clock: this.clock });
    this.cleanups.push(
      this.connectivity.subscribe((online) => {
        if (online) for (const o of this.outboxes.values()) o.wake();
        this.changed();
      }),
      this.journal.onWarning(() => this.changed()),
    );
    this.listenToLifecycle();
    this.ready = this.restore();
  }

  /** The outbox of one image of this user (made on first use). */
  outbox(projectId: string, imageId: string): ImageOutbox {
    const key: ImageKey = { userId: this.userId, projectId, imageId };
    const k = imageKeyString(key);
    let outbox = this.outboxes.get(k);
    if (!outbox) {
      outbox = new ImageOutbox(key, {
        journal: this.journal,
        transport: this.transport,
        clock: this.clock,
        connectivity: this.connectivity,
        onChange: () => this.changed(),
        ...(this.deps.batchMax === undefined ? {} : { batchMax: this.deps.batchMax }),
        ...(this.deps.newId === undefined ? {} : { newId: this.deps.newId }),
      });
      this.outboxes.set(k, outbox);
    }
    return outbox;
  }

  /** Every outbox that holds something (all images of this user). */
  all(): ImageOutbox[] {
    return [...this.outboxes.values()];
  }

  /** Unsynced edits over all images. */
  get unsynced(): number {
    let n = 0;
    for (const o of this.outboxes.values()) n += o.unsynced;
    return n;
  }

  get online(): boolean {
    return this.connectivity.online();
  }

  /**
   * Loads an image's server state into its outbox, retrying (backoff, or the next 'online')
   * until it arrives or `signal` aborts. A 404 counts as an image without annotations.
   */
  async load(projectId: string, imageId: string, signal?: AbortSignal): Promise<void> {
    await this.ready;
    const outbox = this.outbox(projectId, imageId);
    const ahead = this.takePrefetched(projectId, imageId);
    if (ahead) {
      const outcome = await ahead;
      if (signal?.aborted) return;
      // Older than what this outbox already knows (this user's own acknowledged saves): fetch again.
      if (outcome.kind === 'ok' && outcome.state.revision >= outbox.serverRevision) {
        outbox.setServer(outcome.state.annotations, outcome.state.revision);
        return;
      }
    }
    for (let attempt = 0; !signal?.aborted; attempt++) {
      const outcome = await this.transport.loadAnnotations(projectId, imageId);
      if (signal?.aborted) return;
      if (outcome.kind === 'ok') {
        outbox.setServer(outcome.state.annotations, outcome.state.revision);
        return;
      }
      if (outcome.kind === 'failed') {
        outbox.setServer([], -1);
        return;
      }
      await this.wait(
        backoffDelay(attempt, () => this.clock.random()),
        signal,
      );
    }
  }

  /**
   * An image's annotations as this user sees them (the server's state under their unsynced
   * edits), loading it first when it is not loaded yet (a prefetch answers without a round trip).
   */
  async annotationsOf(projectId: string, imageId: string): Promise<Annotation[]> {
    const outbox = this.outbox(projectId, imageId);
    if (outbox.view() === null) await this.load(projectId, imageId);
    return outbox.view() ?? [];
  }

  /**
   * Fetches an image's server state ahead (the next or previous image), so that `load` can use it
   * without a round trip. Used once, within PREFETCH_FRESH_MS; failures fall back to a fresh GET.
   */
  prefetch(projectId: string, imageId: string): void {
    const k = imageKeyString({ userId: this.userId, projectId, imageId });
    const held = this.prefetched.get(k);
    if (held && this.clock.now() - held.at < PREFETCH_FRESH_MS) return;
    const outcome = this.transport
      .loadAnnotations(projectId, imageId)
      .catch((): LoadOutcome => ({ kind: 'retry', reason: 'offline' }));
    this.prefetched.set(k, { at: this.clock.now(), outcome });
  }

  private takePrefetched(projectId: string, imageId: string): Promise<LoadOutcome> | null {
    const k = imageKeyString({ userId: this.userId, projectId, imageId });
    const held = this.prefetched.get(k);
    this.prefetched.delete(k);
    return held && this.clock.now() - held.at < PREFETCH_FRESH_MS ? held.outcome : null;
  }

  /** Writes the journal now (before navigating away). */
  flush(): Promise<void> {
    return this.journal.flush();
  }

  /** A number that changes with every change of any outbox (for useSyncExternalStore). */
  getVersion(): number {
    return this.version;
  }

  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  dispose(): void {
    void this.journal.flush();
    for (const o of this.outboxes.values()) o.dispose();
    for (const c of this.cleanups) c();
    this.listeners.clear();
  }

  private async restore(): Promise<void> {
    const records = await this.journal.restore(this.userId);
    const byImage = new Map<string, PendingRecord[]>();
    for (const r of records) {
      const k = imageKeyString(r);
      const list = byImage.get(k) ?? [];
      list.push(r);
      byImage.set(k, list);
    }
    for (const list of byImage.values()) {
      const first = list[0]!;
      const outbox = this.outbox(first.projectId, first.imageId);
      outbox.restore(list);
      outbox.wake();
    }
  }

  private wait(ms: number, signal?: AbortSignal): Promise<void> {
    return new Promise((resolve) => {
      let unsubscribe = () => {};
      const timer = this.clock.setTimeout(done, ms);
      function done() {
        unsubscribe();
        resolve();
      }
      const offOnline = this.connectivity.subscribe((online) => {
        if (online) {
          this.clock.clearTimeout(timer);
          done();
        }
      });
      const onAbort = () => {
        this.clock.clearTimeout(timer);
        done();
      };
      signal?.addEventListener('abort', onAbort);
      unsubscribe = () => {
        offOnline();
        signal?.removeEventListener('abort', onAbort);
      };
    });
  }

  private listenToLifecycle(): void {
    const target = this.deps.lifecycle ?? (typeof window === 'undefined' ? undefined : window);
    if (!target) return;
    const doc = this.deps.lifecycle
      ? this.deps.lifecycle.document
      : typeof document === 'undefined'
        ? undefined
        : document;
    const flush = () => void this.journal.flush();
    const onVisibility = () => {
      if (doc?.visibilityState === 'hidden') flush();
    };
    target.addEventListener('pagehide', flush);
    target.addEventListener('visibilitychange', onVisibility);
    // visibilitychange fires on document; window hears it bubbling in no browser, so listen there too.
    const docTarget = typeof document !== 'undefined' && !this.deps.lifecycle ? document : undefined;
    docTarget?.addEventListener('visibilitychange', onVisibility);
    this.cleanups.push(() => {
      target.removeEventListener('pagehide', flush);
      target.removeEventListener('visibilitychange', onVisibility);
      docTarget?.removeEventListener('visibilitychange', onVisibility);
    });
  }

  private changed(): void {
    this.version += 1;
    for (const l of this.listeners) l();
  }
}

const managers = new Map<string, SyncManager>();
let factory = (userId: string) => new SyncManager(userId);

/** Tests: how the next managers are made (fake clock, network and server); resets the registry. */
export function setSyncManagerFactory(make: ((userId: string) => SyncManager) | null): void {
  for (const m of managers.values()) m.dispose();
  managers.clear();
  factory = make ?? ((userId: string) => new SyncManager(userId));
}

/** The one manager of a signed-in user in this tab (made on first use). */
export function syncManagerFor(userId: string): SyncManager {
  let m = managers.get(userId);
  if (!m) {
    for (const [other, old] of managers) {
      // One user at a time per tab: a sign-out and another sign-in leave the old journal on disk.
      old.dispose();
      managers.delete(other);
    }
    m = factory(userId);
    managers.set(userId, m);
  }
  return m;
}
