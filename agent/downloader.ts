import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream, mkdirSync, rmSync, statSync, truncateSync } from 'node:fs';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import type { DeploymentErrorCode } from '../contract/apiDeploy';
import { backoffDelayMs, DeviceRevokedError, failureOf, RefusedError, sleep } from './serverClient';

/*
 * Resumable artifact download: bytes go to `downloads/<version>.part`; after a cut, the next try
 * asks for the rest (`Range: bytes=<have>-`, `If-Range: "<version>"`, so a changed artifact comes
 * whole instead of spliced). The file is used only when its sha256 is the version: a mismatch
 * deletes it, so a corrupt model is never activated.
 */

export const DOWNLOAD_ATTEMPTS = 6;

/** A deployment step that failed, with the contract's code. */
export class DeployFailure extends Error {
  constructor(
    readonly code: DeploymentErrorCode,
    detail: string,
  ) {
    super(detail);
    this.name = 'DeployFailure';
  }
}

export function isDiskFull(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException | null)?.code;
  return code === 'ENOSPC' || code === 'EDQUOT';
}

export interface DownloadRequest {
  url: string;
  /** sha256 of the whole file. */
  version: string;
  /** The expected size (progress; a larger answer is refused). */
  bytes: number;
  dataDir: string;
  headers: Record<string, string>;
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
  fetchImpl?: typeof fetch;
  /** Waits between tries (tests shorten them). */
  retryDelayMs?: (attempt: number) => number;
}

export function partPath(dataDir: string, version: string): string {
  return join(dataDir, 'downloads', `${version}.part`);
}

function sizeOf(path: string): number {
  try {
    return statSync(path).size;
  } catch {
    return 0;
  }
}

export async function sha256OfFile(path: string): Promise<string> {
  const hash = createHash('sha256');
  await pipeline(createReadStream(path), hash);
  return hash.digest('hex');
}

/** One request: appends what comes to the part file. Resolves when the answer ended (maybe cut short). */
async function fetchRest(request: DownloadRequest, path: string): Promise<void> {
  const have = sizeOf(path);
  const headers: Record<string, string> = { ...request.headers };
  if (have > 0) {
    headers.range = `bytes=${have}-`;
    headers['if-range'] = `"${request.version}"`;
  }
  const response = await (request.fetchImpl ?? fetch)(request.url, {
    headers,
    signal: request.signal ?? null,
  });
  if (response.status === 416) {
    // Nothing left to send: the part is whole (or longer than the file: verification decides).
    await response.body?.cancel();
    return;
  }
  if (!response.ok) throw await failureOf(response, true);
  // 200 to a range request: the server sends the whole file (If-Range did not match); start over.
  const append = response.status === 206;
  if (!append && have > 0) truncateSync(path, 0);
  if (!response.body) return;
  let received = append ? have : 0;
  const total = request.bytes;
  const counted = Readable.fromWeb(response.body as WebReadableStream<Uint8Array>);
  counted.on('data', (chunk: Buffer) => {
    received += chunk.length;
    if (total > 0) request.onProgress?.(Math.min(1, received / total));
  });
  await pipeline(counted, createWriteStream(path, { flags: 'a' }));
}

/**
 * Downloads and verifies an artifact; returns the verified file's path (the caller moves it into
 * the model store). Throws DeployFailure (`download_failed`, `checksum_mismatch`, `disk_full`) or
 * DeviceRevokedError.
 */
export async function downloadArtifact(request: DownloadRequest): Promise<string> {
  mkdirSync(join(request.dataDir, 'downloads'), { recursive: true, mode: 0o700 });
  const path = partPath(request.dataDir, request.version);
  const delay = request.retryDelayMs ?? ((attempt: number) => Math.min(backoffDelayMs(attempt), 15_000));
  let lastError = '';
  for (let attempt = 0; attempt < DOWNLOAD_ATTEMPTS; attempt++) {
    if (request.signal?.aborted) throw new DeployFailure('download_failed', 'stopped');
    try {
      if (request.bytes <= 0 || sizeOf(path) < request.bytes) await fetchRest(request, path);
      const size = sizeOf(path);
      if (request.bytes > 0 && size < request.bytes) {
        lastError = `the answer ended after ${size} of ${request.bytes} bytes`;
      } else {
        if ((await sha256OfFile(path)) === request.version) return path;
        rmSync(path, { force: true });
        throw new DeployFailure('checksum_mismatch', `the downloaded bytes' sha256 is not ${request.version}`);
      }
    } catch (error) {
      if (error instanceof DeployFailure || error instanceof DeviceRevokedError) throw error;
      if (isDiskFull(error)) {
        rmSync(path, { force: true });
        throw new DeployFailure('disk_full', 'no room left on the disk of the data directory');
      }
      if (error instanceof RefusedError) throw new DeployFailure('download_failed', `${error.status} ${error.code}`);
      lastError = error instanceof Error ? error.message : String(error);
      if (request.signal?.aborted) throw new DeployFailure('download_failed', 'stopped');
    }
    if (attempt < DOWNLOAD_ATTEMPTS - 1) await sleep(delay(attempt), request.signal);
  }
  throw new DeployFailure('download_failed', `${DOWNLOAD_ATTEMPTS} tries failed; last: ${lastError}`.slice(0, 500));
}
