import { createHash } from 'node:crypto';
import { closeSync, createReadStream, mkdirSync, openSync, rmSync, statSync, truncateSync, writeSync } from 'node:fs';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
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
  /** Called before each retry with why the last try ended and how much is already on disk. */
  onRetry?: (reason: string, haveBytes: number, waitMs: number) => void;
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

/** No byte for this long ends a try (a stalled link), which the next try resumes. */
export const DOWNLOAD_STALL_MS = 60_000;

function get(url: string, headers: Record<string, string>, signal?: AbortSignal): Promise<IncomingMessage> {
  const target = new URL(url);
  const send = target.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const req = send(target, { headers, signal }, resolve);
    req.setTimeout(DOWNLOAD_STALL_MS, () => req.destroy(new Error(`no data for ${DOWNLOAD_STALL_MS / 1000} s`)));
    req.on('error', reject);
    req.end();
  });
}

async function bodyText(res: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of res) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * One request: appends what comes to the part file, resolving when the answer ended (maybe cut
 * short). node:http rather than fetch: its chunks are handed over as they arrive, before a dropped
 * connection's error, so every byte received is on disk for the next try (a web stream that
 * errors discards the chunks still queued).
 */
async function fetchRest(request: DownloadRequest, path: string): Promise<void> {
  const have = sizeOf(path);
  const headers: Record<string, string> = { ...request.headers };
  if (have > 0) {
    headers.range = `bytes=${have}-`;
    headers['if-range'] = `"${request.version}"`;
  }
  const res = await get(request.url, headers, request.signal);
  const status = res.statusCode ?? 0;
  if (status === 416) {
    // Nothing left to send: the part is whole (or longer than the file: verification decides).
    res.resume();
    return;
  }
  if (status < 200 || status >= 300) {
    const text = await bodyText(res).catch(() => '');
    throw await failureOf(new Response(text, { status, headers: { 'content-type': 'application/json' } }), true);
  }
  // 200 to a range request: the server sends the whole file (If-Range did not match); start over.
  const append = status === 206;
  if (!append && have > 0) truncateSync(path, 0);
  let received = append ? have : 0;
  const total = request.bytes;
  const fd = openSync(path, 'a');
  try {
    await new Promise<void>((resolve, reject) => {
      res.on('data', (chunk: Buffer) => {
        try {
          writeSync(fd, chunk);
        } catch (error) {
          res.destroy();
          reject(error);
          return;
        }
        received += chunk.length;
        if (total > 0) request.onProgress?.(Math.min(1, received / total));
      });
      res.on('end', () => (res.complete ? resolve() : reject(new Error('the connection closed before the end'))));
      res.on('error', reject);
      res.on('close', () => {
        if (!res.complete) reject(new Error('the connection dropped'));
      });
    });
  } finally {
    closeSync(fd);
  }
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
    if (attempt < DOWNLOAD_ATTEMPTS - 1) {
      const waitMs = delay(attempt);
      request.onRetry?.(lastError, sizeOf(path), waitMs);
      await sleep(waitMs, request.signal);
    }
  }
  throw new DeployFailure('download_failed', `${DOWNLOAD_ATTEMPTS} tries failed; last: ${lastError}`.slice(0, 500));
}
