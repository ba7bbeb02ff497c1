/**
 * Case `save one-box edit` of `npm run bench:studio`: the labeling studio's save of one moved box
 * (POST …/annotations/ops, one `put` with its base version), over real HTTP on loopback, to the
 * app (server/app.ts, every middleware) served in this process by @hono/node-server on a fresh
 * SQLite database. Subjects: `baseline-100` (the box on an image holding 100 annotations) and
 * `ours` (the same edit on an image holding ANNOTATIONS_PER_IMAGE_MAX = 100,000). Goal: ours ≤
 * 1.5× the baseline, i.e. a save costs what it changes, not what the image holds.
 *
 * Metrics: `request_bytes` (the JSON body sent) and `server_ms`, the median over the saves of the
 * time from the request reaching the app to its answer being ready (the server's own time, so the
 * client's HTTP stack does not blur it). Both images are checked to answer the expected count and
 * version before anything is timed; then each subject gets a warm-up, and the timed saves
 * alternate between the two (AB, BA, …).
 */
import { randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { serve } from '@hono/node-server';
import { ANNOTATIONS_PER_IMAGE_MAX, annotationOpsResponseSchema } from '../../contract/apiAnnotations';
import { createApp } from '../../server/app';
import { signAccessToken } from '../../server/auth/accessToken';
import { LocalBlobStore } from '../../server/blobs/LocalBlobStore';
import type { AppContext } from '../../server/context';
import { createDatabase } from '../../server/db/createDatabase';
import { migrateToLatest } from '../../server/db/migrate';
import { newUserRow, readyImageRow } from '../../server/db/newRows';
import { parseEnv, type ServerConfig } from '../../server/env';
import { OutboxMailer } from '../../server/mail/OutboxMailer';
import { seedBoxes } from '../../server/test/seedBoxes';
import { median, type ResultRow } from '../writeResults';

const CASE = 'save one-box edit';
const WARMUP_SAVES = 5;

interface Subject {
  name: 'baseline-100' | 'ours';
  annotations: number;
  imageId: string;
  boxId: string;
  version: number;
  bytes: number[];
  serverMs: number[];
}

/** Saves of each subject that are timed (at least 30; `STUDIO_BENCH_SAVES` overrides). */
export async function saveOneBoxEdit(saves = Number(process.env.STUDIO_BENCH_SAVES ?? 40)): Promise<ResultRow[]> {
  if (!(saves >= 1)) throw new Error('saveOneBoxEdit: saves must be a positive number');
  const dataDir = mkdtempSync(path.join(tmpdir(), 'maru-bench-studio-'));
  const dist = path.join(dataDir, 'dist');
  mkdirSync(dist, { recursive: true });
  writeFileSync(path.join(dist, 'index.html'), '<!doctype html>');
  const config: ServerConfig = {
    ...parseEnv({ DATA_DIR: dataDir, DIST_DIR: dist, NODE_ENV: 'test' }),
    JWT_SECRET: randomUUID() + randomUUID(),
    PUBLIC_URL: 'http://localhost:5173',
  };
  // SQLite whatever the environment says: the case is about the embedded database.
  const database = createDatabase({ DATA_DIR: dataDir });
  await migrateToLatest(database.db);
  const app = createApp({
    env: config,
    deps: {
      db: database.db,
      dialect: database.dialect,
      blobs: new LocalBlobStore(path.join(dataDir, 'blobs')),
      mailer: new OutboxMailer(path.join(dataDir, 'outbox')),
    },
  });
  let lastServerMs = NaN;
  const server = serve({
    hostname: '127.0.0.1',
    port: 0,
    fetch: async (req) => {
      const t0 = performance.now();
      const res = await app.fetch(req);
      lastServerMs = performance.now() - t0;
      return res;
    },
  });
  // Seeding 100,000 rows takes longer than Node's 5 s default: the client's pooled connection must
  // still be open afterwards.
  (server as { keepAliveTimeout: number }).keepAliveTimeout = 120_000;
  try {
    await new Promise<void>((resolve) => (server.listening ? resolve() : server.once('listening', resolve)));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api`;

    const now = new Date().toISOString();
    const userId = randomUUID();
    await database.db
      .insertInto('users')
      .values(
        newUserRow(now, {
          id: userId,
          email: 'bench@example.com',
          name: 'Bench',
          password_hash: null,
          scope: 'user',
          email_verified_at: now,
          locale: 'en',
        }),
      )
      .execute();
    const auth = `Bearer ${await signAccessToken({ config, now: () => new Date() } as unknown as AppContext, userId)}`;
    const call = async (method: string, url: string, body?: unknown) => {
      const res = await fetch(`${base}/${url}`, {
        method,
        headers: { Authorization: auth, 'Content-Type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await res.text();
      if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${text}`);
      return JSON.parse(text) as unknown;
    };
    const { id: projectId } = (await call('POST', 'projects', {
      title: 'Bench',
      subtype: 'IMAGE_OBJECT_DETECTION',
    })) as { id: string };
    const { id: labelId } = (await call('POST', `projects/${projectId}/labels`, {
      name: 'cat',
      color: '#ff0000',
    })) as { id: string };

    const makeSubject = async (name: Subject['name'], annotations: number): Promise<Subject> => {
      const imageId = randomUUID();
      await database.db
        .insertInto('images')
        .values(
          readyImageRow(now, {
            id: imageId,
            project_id: projectId,
            file_name: `${name}.jpg`,
            type: 'image/jpeg',
            width: 20_000,
            height: 20_000,
            bytes: 1,
            blob_key: 'a'.repeat(64),
            thumb_key: null,
            labeled: 1,
            annotation_count: annotations,
            annotation_revision: 1,
          }),
        )
        .execute();
      const ids = await seedBoxes(database.db, {
        imageId,
        labelId,
        count: annotations,
        place: (i) => ({ x: (i * 37) % 19_900, y: (i * 53) % 19_900, width: 40, height: 30 }),
        now,
        createdBy: userId,
      });
      return { name, annotations, imageId, boxId: ids[annotations >> 1]!, version: 1, bytes: [], serverMs: [] };
    };
    const subjects = [await makeSubject('baseline-100', 100), await makeSubject('ours', ANNOTATIONS_PER_IMAGE_MAX)];

    let step = 0;
    const save = async (s: Subject, timed: boolean) => {
      step++;
      const body = JSON.stringify({
        ops: [
          {
            opId: randomUUID(),
            type: 'put',
            baseVersion: s.version,
            annotation: { id: s.boxId, labelId, kind: 'box', x: 100 + (step % 50), y: 200, width: 40, height: 30 },
          },
        ],
      });
      lastServerMs = NaN;
      const answer = annotationOpsResponseSchema.parse(
        await call('POST', `projects/${projectId}/images/${s.imageId}/annotations/ops`, JSON.parse(body)),
      );
      // The answer must be the edit applied once, on an image that kept its count.
      if (answer.count !== s.annotations || answer.results[0]?.version !== s.version + 1) {
        throw new Error(`${s.name}: unexpected answer ${JSON.stringify(answer)}`);
      }
      s.version++;
      if (timed) {
        s.bytes.push(Buffer.byteLength(body));
        s.serverMs.push(lastServerMs);
      }
    };
    for (const s of subjects) for (let i = 0; i < WARMUP_SAVES; i++) await save(s, false);
    for (let i = 0; i < saves; i++) {
      const order = i % 2 === 0 ? subjects : [...subjects].reverse();
      for (const s of order) await save(s, true);
    }
    return subjects.flatMap((s): ResultRow[] => [
      { case: CASE, subject: s.name, metric: 'request_bytes', value: median(s.bytes), better: 'lower' },
      {
        case: CASE,
        subject: s.name,
        metric: 'server_ms',
        value: Math.round(median(s.serverMs) * 1000) / 1000,
        better: 'lower',
      },
    ]);
  } finally {
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
