import { isAbortError } from '../../../../contract/isAbortError';

/*
 * The upload queue of the dataset tab, as a plain module (no React) so that its rules — a few
 * files at a time, progress per file and overall, cancel, retry of a failed file — are tested
 * without a browser. The network is a `UploadTransport` passed in: the app wires the API
 * (POST uploads, then PUT the bytes), tests wire fakes.
 */

export type UploadState = 'queued' | 'uploading' | 'processing' | 'failed' | 'canceled';

/**
 * One file to upload. `folder`: its folder inside a folder upload ('' at the top), which makes
 * it a folder upload for the server; `label`: the label class of a classification folder upload.
 */
export interface UploadFile {
  file: Blob;
  name: string;
  folder?: string | undefined;
  label?: string | undefined;
}

export interface UploadItem {
  readonly id: number;
  readonly name: string;
  readonly bytes: number;
  readonly folder: string | undefined;
  readonly label: string | undefined;
  state: UploadState;
  /** Bytes sent so far. */
  loaded: number;
  /** Error code (`errors:<code>`) of a failed file. */
  error: string | null;
  uploadId: string | null;
  imageId: string | null;
}

export interface UploadTransport {
  /** Announces a file; answers the upload id. */
  create(item: { name: string; bytes: number; folder?: string; label?: string }): Promise<string>;
  /** Sends the bytes, reporting bytes sent; answers the id of the new image. */
  send(uploadId: string, file: Blob, onProgress: (loaded: number) => void, signal: AbortSignal): Promise<string>;
  /** Drops an upload on the server (nothing partial is left behind). */
  cancel(uploadId: string): Promise<void>;
}

export interface UploadSnapshot {
  items: readonly UploadItem[];
  /** Bytes sent over bytes to send, 0–1, over files not canceled. */
  overall: number;
  /** Nothing queued or uploading. */
  settled: boolean;
  doneCount: number;
  failedCount: number;
}

/** Turns whatever a transport throws into an error code. */
export type ErrorCoder = (error: unknown) => string;

export class UploadQueue {
  private items: UploadItem[] = [];
  private files = new Map<number, Blob>();
  private controllers = new Map<number, AbortController>();
  private listeners = new Set<() => void>();
  private nextId = 1;
  private snapshot: UploadSnapshot = { items: [], overall: 0, settled: true, doneCount: 0, failedCount: 0 };

  constructor(
    private readonly transport: UploadTransport,
    private readonly errorCode: ErrorCoder,
    /** Files sent at the same time. */
    private readonly concurrency = 2,
  ) {}

  /** Adds files to the queue and starts sending. */
  add(files: readonly UploadFile[]): void {
    for (const f of files) {
      const id = this.nextId++;
      this.files.set(id, f.file);
      this.items.push({
        id,
        name: f.name,
        bytes: f.file.size,
        folder: f.folder,
        label: f.label,
        state: 'queued',
        loaded: 0,
        error: null,
        uploadId: null,
        imageId: null,
      });
    }
    this.changed();
    this.pump();
  }

  /** Cancels one file: stops its transfer and drops its upload on the server. */
  cancel(id: number): void {
    const item = this.find(id);
    if (!item || (item.state !== 'queued' && item.state !== 'uploading')) return;
    item.state = 'canceled';
    this.controllers.get(id)?.abort();
    if (item.uploadId) void this.transport.cancel(item.uploadId).catch(() => undefined);
    this.changed();
    this.pump();
  }

  cancelAll(): void {
    for (const item of this.items) this.cancel(item.id);
  }

  /** Sends a failed file again from the start. */
  retry(id: number): void {
    const item = this.find(id);
    if (!item || item.state !== 'failed') return;
    Object.assign(item, { state: 'queued', loaded: 0, error: null, uploadId: null });
    this.changed();
    this.pump();
  }

  /** Forgets finished, failed and canceled files. */
  clearFinished(): void {
    this.items = this.items.filter((i) => i.state === 'queued' || i.state === 'uploading');
    for (const id of [...this.files.keys()]) if (!this.find(id)) this.files.delete(id);
    this.changed();
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getSnapshot = (): UploadSnapshot => this.snapshot;

  private find(id: number): UploadItem | undefined {
    return this.items.find((i) => i.id === id);
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
      const file = this.files.get(item.id)!;
      const imageId = await this.transport.send(
        uploadId,
        file,
        (loaded) => {
          if (item.state !== 'uploading') return;
          item.loaded = Math.min(loaded, item.bytes);
          this.changed();
        },
        controller.signal,
      );
      if (item.state !== 'uploading') return;
      Object.assign(item, { state: 'processing', loaded: item.bytes, imageId });
      this.files.delete(item.id);
    } catch (error) {
      if (item.state !== 'uploading' || isAbortError(error)) return;
      item.state = 'failed';
      item.error = this.errorCode(error);
    } finally {
      this.controllers.delete(item.id);
      this.changed();
      this.pump();
    }
  }

  private changed(): void {
    const active = this.items.filter((i) => i.state !== 'canceled');
    const total = active.reduce((sum, i) => sum + i.bytes, 0);
    const loaded = active.reduce((sum, i) => sum + i.loaded, 0);
    this.snapshot = {
      items: this.items.map((i) => ({ ...i })),
      overall: total === 0 ? 0 : loaded / total,
      settled: !this.items.some((i) => i.state === 'queued' || i.state === 'uploading'),
      doneCount: this.items.filter((i) => i.state === 'processing').length,
      failedCount: this.items.filter((i) => i.state === 'failed').length,
    };
    for (const listener of this.listeners) listener();
  }
}
