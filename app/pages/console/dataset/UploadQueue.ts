import { isAbortError } from '../../../../contract/isAbortError';
import { duplicateOfFor, nextCheckGroup } from './duplicateMatch';
import { ProcessingWatch } from './ProcessingWatch';
import { snapshotOf } from './uploadSnapshot';
import {
  FINAL_STATES,
  type ErrorCoder,
  type ImageStateAnswer,
  type UploadFile,
  type UploadItem,
  type UploadQueueOptions,
  type UploadSnapshot,
  type UploadTransport,
} from './uploadTypes';

export type * from './uploadTypes';

/*
 * The upload queue of the dataset tab, as a plain module (no React) so that its rules are tested
 * without a browser: each file is hashed and checked against the project (a duplicate waits for
 * skip or keep), a few files are sent at a time with progress per file and overall, and each
 * row then follows its image on the server to ready or failed. The network is passed in
 * (`UploadTransport`, `DuplicateFinder`): the app wires the API, tests wire fakes.
 */

const DEFAULT_POLL = { min: 1000, max: 5000 };

export class UploadQueue {
  private items: UploadItem[] = [];
  private files = new Map<number, Blob>();
  private controllers = new Map<number, AbortController>();
  private listeners = new Set<() => void>();
  private nextId = 1;
  private nextBatch = 1;
  /** A "for all" duplicate choice per batch. */
  private batchChoice = new Map<number, 'skip' | 'keep'>();
  private checking = false;
  private serverChanges = 0;
  private readonly concurrency: number;
  private readonly watch: ProcessingWatch;
  private snapshot: UploadSnapshot = snapshotOf([], 0);

  constructor(
    private readonly transport: UploadTransport,
    private readonly errorCode: ErrorCoder,
    private readonly options: UploadQueueOptions = {},
  ) {
    this.concurrency = options.concurrency ?? 2;
    this.watch = new ProcessingWatch({
      ...(options.pollMs ?? DEFAULT_POLL),
      ids: () => this.items.flatMap((i) => (i.state === 'processing' && i.imageId ? [i.imageId] : [])),
      fetch: (ids) => this.transport.states(ids),
      apply: (asked, answers) => this.applyStates(asked, answers),
    });
  }

  /** Adds files (one batch) and starts checking and sending. */
  add(files: readonly UploadFile[]): void {
    const batch = this.nextBatch++;
    for (const f of files) {
      const id = this.nextId++;
      this.files.set(id, f.file);
      this.items.push({
        id,
        batch,
        name: f.name,
        bytes: f.file.size,
        folder: f.folder,
        label: f.label,
        state: this.options.finder ? 'checking' : 'queued',
        loaded: 0,
        error: null,
        failedAt: null,
        hash: null,
        duplicateOf: null,
        uploadId: null,
        imageId: null,
      });
    }
    this.changed();
    void this.check();
    this.pump();
  }

  /**
   * Answers a duplicate: skip it, or keep it (it goes up as a second copy). `forAll` gives the
   * same answer to every duplicate waiting now and to those its batch still finds.
   */
  decide(id: number, choice: 'skip' | 'keep', forAll = false): void {
    const item = this.find(id);
    if (!item || item.state !== 'duplicate') return;
    const targets = forAll ? this.items.filter((i) => i.state === 'duplicate') : [item];
    if (forAll) for (const t of targets) this.batchChoice.set(t.batch, choice);
    for (const t of targets) this.applyChoice(t, choice);
    this.changed();
    this.pump();
  }

  /** Cancels a file not sent yet or being sent: stops its transfer and drops its upload on the server. */
  cancel(id: number): void {
    const item = this.find(id);
    if (!item || !['checking', 'duplicate', 'queued', 'uploading'].includes(item.state)) return;
    item.state = 'canceled';
    this.controllers.get(id)?.abort();
    if (item.uploadId) void this.transport.cancel(item.uploadId).catch(() => undefined);
    this.files.delete(id);
    this.changed();
    this.pump();
  }

  cancelAll(): void {
    for (const item of this.items) this.cancel(item.id);
  }

  /**
   * Tries a failed file again: a failed check is checked again, a failed send is sent again from
   * the start, and an image whose processing failed is removed and its file sent afresh.
   */
  retry(id: number): void {
    const item = this.find(id);
    if (!item || item.state !== 'failed' || !this.files.has(id)) return;
    if (item.failedAt === 'process' && item.uploadId) void this.transport.cancel(item.uploadId).catch(() => undefined);
    const checkAgain = item.failedAt === 'check';
    Object.assign(item, { state: checkAgain ? 'checking' : 'queued', loaded: 0, error: null, failedAt: null });
    Object.assign(item, { uploadId: null, imageId: null });
    this.changed();
    if (checkAgain) void this.check();
    this.pump();
  }

  /** Forgets one row that has ended (a failed file the user gives up on). */
  dismiss(id: number): void {
    const item = this.find(id);
    if (!item || !FINAL_STATES.includes(item.state)) return;
    this.forget((i) => i.id === id);
  }

  /** Forgets every row that has ended (ready, failed, skipped, canceled). */
  clearFinished(): void {
    this.forget((i) => FINAL_STATES.includes(i.state));
  }

  /** Stops following processing images (the page left); `resume` takes it up again. */
  pause(): void {
    this.watch.stop();
  }

  resume(): void {
    this.watch.start();
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getSnapshot = (): UploadSnapshot => this.snapshot;

  private find(id: number): UploadItem | undefined {
    return this.items.find((i) => i.id === id);
  }

  private forget(drop: (item: UploadItem) => boolean): void {
    this.items = this.items.filter((i) => !drop(i));
    for (const id of [...this.files.keys()]) if (!this.find(id)) this.files.delete(id);
    this.changed();
  }

  private fail(item: UploadItem, error: unknown, at: UploadItem['failedAt']): void {
    item.state = 'failed';
    item.error = typeof error === 'string' ? error : this.errorCode(error);
    item.failedAt = at;
  }

  private applyChoice(item: UploadItem, choice: 'skip' | 'keep'): void {
    item.state = choice === 'skip' ? 'skipped' : 'queued';
    if (choice === 'skip') this.files.delete(item.id);
  }

  /** Hashes the rows still checking, a group at a time, and asks the server about each group once. */
  private async check(): Promise<void> {
    const finder = this.options.finder;
    if (!finder || this.checking) return;
    this.checking = true;
    try {
      for (let group = nextCheckGroup(this.items); group.length > 0; group = nextCheckGroup(this.items)) {
        for (const item of group) {
          const file = this.files.get(item.id);
          if (item.state !== 'checking') continue;
          if (!file) {
            this.fail(item, 'file_unreadable', 'check');
            continue;
          }
          const controller = new AbortController();
          this.controllers.set(item.id, controller);
          try {
            item.hash = await finder.hash(file, controller.signal);
          } catch (error) {
            if (item.state === 'checking' && !isAbortError(error)) this.fail(item, 'file_unreadable', 'check');
          } finally {
            this.controllers.delete(item.id);
          }
        }
        const hashed = group.filter((i) => i.state === 'checking' && i.hash !== null);
        if (hashed.length === 0) {
          this.changed();
          continue;
        }
        try {
          const matches = await finder.find([...new Set(hashed.map((i) => i.hash!))]);
          const byHash = new Map(matches.map((m) => [m.hash, m]));
          for (const item of hashed) if (item.state === 'checking') this.settleCheck(item, byHash.get(item.hash!));
        } catch (error) {
          for (const item of hashed) if (item.state === 'checking') this.fail(item, error, 'check');
        }
        this.changed();
        this.pump();
      }
    } finally {
      this.checking = false;
    }
  }

  private settleCheck(item: UploadItem, match: Parameters<typeof duplicateOfFor>[1]): void {
    item.duplicateOf = duplicateOfFor(item, match, this.items);
    if (!item.duplicateOf) {
      item.state = 'queued';
      return;
    }
    item.state = 'duplicate';
    const choice = this.batchChoice.get(item.batch);
    if (choice) this.applyChoice(item, choice);
  }

  private pump(): void {
    let running = this.items.filter((i) => i.state === 'uploading').length;
    for (const item of this.items) {
      if (running >= this.concurrency) break;
      if (item.state !== 'queued') continue;
      running += 1;
      void this.run(item);
    }
  }

  private async run(item: UploadItem): Promise<void> {
    const controller = new AbortController();
    this.controllers.set(item.id, controller);
    item.state = 'uploading';
    this.changed();
    try {
      const uploadId = await this.transport.create({
        name: item.name,
        bytes: item.bytes,
        ...(item.folder !== undefined ? { folder: item.folder } : {}),
        ...(item.label ? { label: item.label } : {}),
      });
      item.uploadId = uploadId;
      if (controller.signal.aborted) {
        await this.transport.cancel(uploadId).catch(() => undefined);
        return;
      }
      const image = await this.transport.send(
        uploadId,
        this.files.get(item.id)!,
        (loaded) => {
          if (item.state !== 'uploading') return;
          item.loaded = Math.min(loaded, item.bytes);
          this.changed();
        },
        controller.signal,
      );
      if (item.state !== 'uploading') return;
      Object.assign(item, { state: 'processing', loaded: item.bytes, imageId: image.id });
      this.serverChanges += 1;
      // The server may already be done (or may already have given up on the image).
      this.applyStates([image.id], image.state === 'processing' ? [] : [{ ...image, error: null }], false);
      if (image.state === 'processing') this.watch.kick();
    } catch (error) {
      if (item.state !== 'uploading' || isAbortError(error)) return;
      this.fail(item, error, 'send');
    } finally {
      this.controllers.delete(item.id);
      this.changed();
      this.pump();
    }
  }

  /**
   * Moves rows still processing to their image's state. An image the answer leaves out was
   * deleted meanwhile (`missingIsGone`), which ends its row as failed.
   */
  private applyStates(asked: readonly string[], answers: readonly ImageStateAnswer[], missingIsGone = true): boolean {
    const byId = new Map(answers.map((a) => [a.id, a]));
    let changed = false;
    for (const item of this.items) {
      if (item.state !== 'processing' || !item.imageId || !asked.includes(item.imageId)) continue;
      const answer = byId.get(item.imageId);
      if (answer?.state === 'ready') {
        item.state = 'ready';
        this.files.delete(item.id);
      } else if (answer?.state === 'failed') this.fail(item, answer.error ?? 'image_processing_failed', 'process');
      else if (!answer && missingIsGone) this.fail(item, 'image_deleted', 'process');
      else continue;
      changed = true;
    }
    if (changed) {
      this.serverChanges += 1;
      this.changed();
    }
    return changed;
  }

  private changed(): void {
    this.snapshot = snapshotOf(this.items, this.serverChanges);
    for (const listener of this.listeners) listener();
  }
}
