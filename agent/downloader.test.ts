import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DeployFailure, downloadArtifact, partPath } from './downloader';

const file = randomBytes(300_000);
const version = createHash('sha256').update(file).digest('hex');

interface StandIn {
  url: string;
  requests: IncomingHttpHeaders[];
  close: () => Promise<void>;
}

/**
 * An artifact server as the real one answers (Range, If-Range on the ETag), whose first `cuts`
 * answers stop after `cutAt` bytes and drop the connection.
 */
function standIn(body: Buffer, opts: { cuts?: number; cutAt?: number; etag?: string } = {}): Promise<StandIn> {
  const requests: IncomingHttpHeaders[] = [];
  const etag = `"${opts.etag ?? version}"`;
  const server: Server = createServer((req, res) => {
    requests.push(req.headers);
    const range = /^bytes=(\d+)-$/.exec(req.headers.range ?? '');
    const honoured = range && (!req.headers['if-range'] || req.headers['if-range'] === etag);
    const start = honoured ? Number(range[1]) : 0;
    if (start >= body.length && honoured) {
      res.writeHead(416, { 'content-range': `bytes */${body.length}` });
      return void res.end();
    }
    res.writeHead(honoured ? 206 : 200, {
      etag,
      'content-length': body.length - start,
      ...(honoured ? { 'content-range': `bytes ${start}-${body.length - 1}/${body.length}` } : {}),
    });
    const rest = body.subarray(start);
    if (requests.length <= (opts.cuts ?? 0)) {
      res.write(rest.subarray(0, opts.cutAt ?? 100_000));
      // Ends the connection once the bytes so far are flushed: the body stops short of its length.
      res.socket?.end();
      return;
    }
    res.end(rest);
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({
        url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/artifact`,
        requests,
        close: () => new Promise((done) => server.close(() => done())),
      }),
    ),
  );
}

let open: StandIn | null = null;
afterEach(async () => {
  await open?.close();
  open = null;
});

const request = (url: string, dataDir: string, over: { version?: string; bytes?: number } = {}) => ({
  url,
  version: over.version ?? version,
  bytes: over.bytes ?? file.length,
  dataDir,
  headers: { authorization: 'Bearer dev_x.y' },
  retryDelayMs: () => 10,
});

describe('downloadArtifact', () => {
  it('resumes a cut download from where it stopped and verifies the whole file', async () => {
    open = await standIn(file, { cuts: 1, cutAt: 120_000 });
    const dataDir = mkdtempSync(join(tmpdir(), 'agent-dl-'));
    const progress: number[] = [];
    const retries: number[] = [];
    const path = await downloadArtifact({
      ...request(open.url, dataDir),
      onProgress: (f) => progress.push(f),
      onRetry: (_reason, have) => retries.push(have),
    });
    expect(retries).toEqual([120_000]);
    expect(readFileSync(path).equals(file)).toBe(true);
    expect(open.requests).toHaveLength(2);
    expect(open.requests[0]!.range).toBeUndefined();
    expect(open.requests[0]!.authorization).toBe('Bearer dev_x.y');
    expect(open.requests[1]!.range).toBe('bytes=120000-');
    expect(open.requests[1]!['if-range']).toBe(`"${version}"`);
    expect(progress.at(-1)).toBe(1);
  });

  it('takes up a part left by an earlier run, and starts over when the artifact changed', async () => {
    open = await standIn(file);
    const dataDir = mkdtempSync(join(tmpdir(), 'agent-dl-'));
    mkdirSync(join(dataDir, 'downloads'));
    writeFileSync(partPath(dataDir, version), file.subarray(0, 50_000));
    expect(readFileSync(await downloadArtifact(request(open.url, dataDir))).equals(file)).toBe(true);
    expect(open.requests[0]!.range).toBe('bytes=50000-');
    await open.close();

    // The server's file is another one now (its ETag differs): If-Range makes it send it whole.
    open = await standIn(file, { etag: 'f'.repeat(64) });
    const other = mkdtempSync(join(tmpdir(), 'agent-dl-'));
    mkdirSync(join(other, 'downloads'));
    writeFileSync(partPath(other, version), Buffer.alloc(50_000, 7));
    expect(readFileSync(await downloadArtifact(request(open.url, other))).equals(file)).toBe(true);
    expect(open.requests).toHaveLength(1);
  });

  it('deletes bytes whose sha256 is not the version, and never hands them over', async () => {
    open = await standIn(file);
    const dataDir = mkdtempSync(join(tmpdir(), 'agent-dl-'));
    const wrong = 'a'.repeat(64);
    const failure = await downloadArtifact(request(open.url, dataDir, { version: wrong })).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(DeployFailure);
    expect((failure as DeployFailure).code).toBe('checksum_mismatch');
    expect(existsSync(partPath(dataDir, wrong))).toBe(false);
  });

  it('gives up with download_failed after its tries, and at once on a refusal', async () => {
    open = await standIn(file, { cuts: 100, cutAt: 1000 });
    const dataDir = mkdtempSync(join(tmpdir(), 'agent-dl-'));
    const failure = (await downloadArtifact(request(open.url, dataDir)).catch((e: unknown) => e)) as DeployFailure;
    expect(failure.code).toBe('download_failed');
    // Each try resumed: the part grew by what each cut answer carried.
    expect(open.requests.at(-1)!.range).toMatch(/^bytes=[1-9]\d*-$/);
    await open.close();
    const gone = createServer((_req, res) => {
      res.writeHead(404, { 'content-type': 'application/json' });
      res.end('{"error":{"code":"not_found","message":"no"}}');
    });
    await new Promise<void>((resolve) => gone.listen(0, '127.0.0.1', resolve));
    open = {
      url: `http://127.0.0.1:${(gone.address() as AddressInfo).port}/a`,
      requests: [],
      close: () => new Promise((done) => gone.close(() => done())),
    };
    const refused = (await downloadArtifact(request(open.url, dataDir)).catch((e: unknown) => e)) as DeployFailure;
    expect(refused.code).toBe('download_failed');
    expect(refused.message).toMatch(/404/);
  });
});
