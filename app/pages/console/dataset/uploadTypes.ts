import type { ImageFailure } from '../../../../contract/apiUploads';
import type { IMAGE_STATES } from '../../../../contract/apiProjects';

/*
 * The upload queue's vocabulary (UploadQueue.ts). A file goes: checking (hashed, asked about) →
 * duplicate (waits for skip or keep) or queued → uploading → processing (the server makes the
 * image) → ready; or ends failed, skipped or canceled.
 */

export type UploadState =
  'checking' | 'duplicate' | 'queued' | 'uploading' | 'processing' | 'ready' | 'failed' | 'skipped' | 'canceled';

/** States that end a row: nothing more happens to it without the user. */
export const FINAL_STATES: readonly UploadState[] = ['ready', 'failed', 'skipped', 'canceled'];

/** Where a failed file failed, which decides what a retry does. */
export type FailedAt = 'check' | 'send' | 'process';

export type ImageState = (typeof IMAGE_STATES)[number];

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

/** What a duplicate has the same bytes as. */
export interface DuplicateOf {
  /** The image of the project (null: another file of this upload not sent yet). */
  imageId: string | null;
  fileName: string;
  folder: string;
  thumbnailUrl: string | null;
  /** Another file of this upload rather than an image already in the project. */
  inUpload: boolean;
}

export interface UploadItem {
  readonly id: number;
  /** Files added together; a duplicate choice "for all" holds for the rest of its batch. */
  readonly batch: number;
  readonly name: string;
  readonly bytes: number;
  readonly folder: string | undefined;
  readonly label: string | undefined;
  state: UploadState;
  /** Bytes sent so far. */
  loaded: number;
  /** Error code (`errors:<code>`) of a failed file. */
  error: string | null;
  failedAt: FailedAt | null;
  /** SHA-256 of the bytes (hex), once hashed. */
  hash: string | null;
  duplicateOf: DuplicateOf | null;
  uploadId: string | null;
  imageId: string | null;
}

/** The image state the server answers for one image. */
export interface ImageStateAnswer {
  id: string;
  state: ImageState;
  error: ImageFailure | null;
}

export interface UploadTransport {
  /** Announces a file; answers the upload id. */
  create(item: { name: string; bytes: number; folder?: string; label?: string }): Promise<string>;
  /** Sends the bytes, reporting bytes sent; answers the new image (usually still processing). */
  send(
    uploadId: string,
    file: Blob,
    onProgress: (loaded: number) => void,
    signal: AbortSignal,
  ): Promise<{ id: string; state: ImageState }>;
  /** Drops an upload on the server, with its image if it has one (nothing is left behind). */
  cancel(uploadId: string): Promise<void>;
  /** The states of these images; an image not answered no longer exists. */
  states(imageIds: string[]): Promise<ImageStateAnswer[]>;
}

/** The duplicate check: hashes files, and asks which hashes the project already holds. */
export interface DuplicateFinder {
  hash(file: Blob, signal: AbortSignal): Promise<string>;
  find(
    hashes: string[],
  ): Promise<{ hash: string; imageId: string; fileName: string; folder: string; thumbnailUrl: string | null }[]>;
}

export interface UploadSnapshot {
  items: readonly UploadItem[];
  /** Bytes sent over bytes to send, 0–1, over files neither canceled nor skipped. */
  overall: number;
  /** Something is being checked, waits for a choice, or is queued or sending (cancel makes sense). */
  sending: boolean;
  /** Every row has reached its end (ready, failed, skipped or canceled). */
  settled: boolean;
  doneCount: number;
  failedCount: number;
  skippedCount: number;
  /** Files neither canceled nor skipped. */
  totalCount: number;
  /** Rows that wait for skip or keep, in order. */
  duplicates: readonly UploadItem[];
  /** Goes up each time an image appears or changes state on the server (to refresh the list). */
  serverChanges: number;
}

/** Turns whatever a transport throws into an error code. */
export type ErrorCoder = (error: unknown) => string;

export interface UploadQueueOptions {
  /** Files sent at the same time (default 2). */
  concurrency?: number;
  /** The duplicate check; without one, files go straight to the queue. */
  finder?: DuplicateFinder;
  /** Delay between state checks of processing images: from `min`, growing to `max` while nothing changes (ms). */
  pollMs?: { min: number; max: number };
}
