import { createHash, randomInt } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mulberry32 } from '../contract/seededRandom';
import { createDatabase } from './db/createDatabase';
import { pngOf } from './test/fixtures/datasetImages';
import { startSeededServer, type SeededServer } from './test/seededServer';
import type { ServerProcess } from './test/ServerProcess';
import type { Workspace } from './test/seedWorkspace';

/*
 * Durability: the real server process under write load (annotation saves, uploads, sign-ups) is
 * killed with SIGKILL at a random moment, then started again on the same data. The database must
 * pass its integrity check, every write the server acknowledged (a 2xx reached the client) must
 * be there as acknowledged, and a write in flight at the kill is either wholly there or absent.
 * The kill moments come from a seed printed at the start: DURABILITY_SEED=<n> repeats a run.
 *
 * On SQLite this exercises WAL recovery of a file whose writer died mid-transaction. On
 * PostgreSQL only the server process dies (the test cluster runs with fsync=off, which a process
 * kill does not touch); what is checked there is that nothing is acknowledged before its commit
 * and that no write is left half-applied.
 */

const SEED = Number(process.env.DURABILITY_SEED ?? randomInt(2 ** 31));
const CYCLES = 3;
const IMAGES = 8;
const SAVERS = 4;
const UPLOADERS = 2;
/** The kill comes this long (random within) after every kind of write has been acknowledged once. */
const KILL_AFTER_MS: [number, number] = [0, 1200];

/** A user name for sign-up `n` (names take letters and spaces only). */
const nameOf = (n: number) => `Signup ${[...String(n)].map((d) => 'abcdefghij'[Number(d)]).join('')}`;

interface Box {
  labelId: string;
  kind: 'box';
  x: number;
  y: number;
  width: number;
  height: number;
}

/** An annotation set as a comparable text: the content of its boxes, order-free. */
const keyOfSet = (boxes: readonly Omit<Box, 'kind'>[]) =>
  boxes
    .map((b) => `${b.labelId}:${b.x},${b.y},${b.width},${b.height}`)
    .sort()
    .join(' ');

interface ImageState {
  id: string;
  seq: number;
  /** What the database held at the last check. */
  verified: string;
  acked: string | null;
  inFlight: string | null;
}

interface Upload {
  fileName: string;
  bytes: Buffer;
  imageId?: string;
}

interface Signup {
  email: string;
  name: string;
}

let seeded: SeededServer | undefined;
let server: ServerProcess;
let dataDir: string;
let database: SeededServer['database'];
let ws: Workspace;
let auth: string;
let pngs: Buffer[];
/** Picks the kill moments: the same seed, the same moments. */
const random = mulberry32(SEED);

beforeAll(async () => {
  console.log(`durability seed ${SEED} (DURABILITY_SEED=${SEED} repeats this run)`);
  // Distinct small images; an upload's bytes are checked against its blob after each restart.
  pngs = await Promise.all(
    Array.from({ length: 6 }, (_, i) => pngOf(40 + i, 30, `#${(0x204080 + i * 0x111111).toString(16).slice(-6)}`)),
  );
  seeded = await startSeededServer({ dataDirPrefix: 'maru-durability-', images: IMAGES });
  ({ server, dataDir, database, ws, auth } = seeded);
}, 90_000);

afterAll(async () => {
  await seeded?.stop();
});

const api = (p: string, init: RequestInit = {}) =>
  fetch(`${server.base}/api/${p}`, { ...init, headers: { Authorization: auth, ...init.headers } });
const json = (method: string, body: unknown): RequestInit => ({
  method,
  headers: { 'Content-Type': 'application/json' },
  body: JSON.stringify(body),
});

/** The boxes of save number `seq` of an image: each save differs in count, place and labels. */
function boxesOf(seq: number): Box[] {
  return Array.from({ length: 1 + (seq % 4) }, (_, j) => ({
    labelId: ws.labelIds[(seq + j) % ws.labelIds.length]!,
    kind: 'box' as const,
    x: seq % 560,
    y: j * 40,
    width: 30 + j,
    height: 20 + (seq % 50),
  }));
}

describe('the server killed with SIGKILL under write load', () => {
  it(`keeps every acknowledged write and stays consistent (${CYCLES} kill/restart cycles)`, async () => {
    const images: ImageState[] = ws.imageIds.map((id) => ({
      id,
      seq: 0,
      verified: '',
      acked: null,
      inFlight: null,
    }));
    const uploads: Upload[] = [];
    const signups: Signup[] = [];
    let uploadSeq = 0;
    let signupSeq = 0;

    for (let cycle = 1; cycle <= CYCLES; cycle++) {
      let killed = false;
      const failures: string[] = [];
      const acks = { saves: 0, uploads: 0, signups: 0 };
      /** Runs `step` until the kill; a refused request (not 2xx) is a failure of the test. */
      const worker = async (step: () => Promise<void>) => {
        while (!killed) {
          try {
            await step();
          } catch (error) {
            if (!killed) failures.push(String(error));
            return;
          }
        }
      };
      const expectOk = async (res: Response, what: string) => {
        if (!res.ok) throw new Error(`${what}: ${res.status} ${(await res.text()).slice(0, 300)}`);
      };

      const saver = (mine: ImageState[]) => {
        let next = 0;
        return worker(async () => {
          const image = mine[next++ % mine.length]!;
          const seq = ++image.seq;
          const boxes = boxesOf(seq);
          image.inFlight = keyOfSet(boxes);
          const res = await api(
            `projects/${ws.projectId}/images/${image.id}/annotations`,
            json('PUT', { annotations: boxes }),
          );
          await expectOk(res, 'annotation save');
          image.acked = image.inFlight;
          image.inFlight = null;
          acks.saves++;
          await res.body?.cancel();
        });
      };
      const uploader = () =>
        worker(async () => {
          const n = ++uploadSeq;
          const upload: Upload = { fileName: `up-${n}.png`, bytes: pngs[n % pngs.length]! };
          uploads.push(upload);
          const created = await api(
            `projects/${ws.projectId}/uploads`,
            json('POST', { fileName: upload.fileName, bytes: upload.bytes.length }),
          );
          await expectOk(created, 'upload create');
          const { uploadId } = (await created.json()) as { uploadId: string };
          const stored = await api(`projects/${ws.projectId}/uploads/${uploadId}`, {
            method: 'PUT',
            headers: { 'Content-Type': 'application/octet-stream' },
            body: new Uint8Array(upload.bytes),
          });
          await expectOk(stored, 'upload bytes');
          upload.imageId = ((await stored.json()) as { id: string }).id;
          acks.uploads++;
        });
      const signer = () =>
        worker(async () => {
          const n = ++signupSeq;
          const signup = { email: `signup-${n}@example.com`, name: nameOf(n) };
          const res = await fetch(
            `${server.base}/api/auth/register`,
            json('POST', { name: signup.name, email: signup.email, password: 'Signup1pass!', locale: 'en' }),
          );
          await expectOk(res, 'sign-up');
          signups.push(signup);
          acks.signups++;
          await res.body?.cancel();
        });

      const shares = Array.from({ length: SAVERS }, (_, w) => images.filter((_, i) => i % SAVERS === w));
      const running = [...shares.map(saver), ...Array.from({ length: UPLOADERS }, uploader), signer()];

      // Every kind acknowledged at least once, then the kill at a random moment.
      const started = Date.now();
      while (!(acks.saves && acks.uploads && acks.signups) && failures.length === 0) {
        if (Date.now() - started > 60_000) throw new Error(`no write acknowledged:\n${server.output.slice(-3000)}`);
        await new Promise((r) => setTimeout(r, 20));
      }
      const delay = Math.round(KILL_AFTER_MS[0] + random() * (KILL_AFTER_MS[1] - KILL_AFTER_MS[0]));
      await new Promise((r) => setTimeout(r, delay));
      killed = true;
      await server.kill('SIGKILL');
      await Promise.all(running);
      expect(failures, `seed ${SEED}, cycle ${cycle}:\n${server.output.slice(-3000)}`).toEqual([]);
      console.log(
        `cycle ${cycle}: killed ${delay} ms after the first acknowledgements, ${Date.now() - started} ms into the load; ` +
          `acknowledged ${acks.saves} annotation saves, ${acks.uploads} uploads, ${acks.signups} sign-ups`,
      );

      if (!database.url) {
        // The file as the killed process left it: SQLite recovers the WAL on open, then checks.
        const file = new BetterSqlite3(path.join(dataDir, 'platform.sqlite'));
        try {
          expect(file.pragma('integrity_check', { simple: true }), `seed ${SEED}`).toBe('ok');
          expect(file.pragma('foreign_key_check'), `seed ${SEED}`).toEqual([]);
          expect(file.pragma('journal_mode', { simple: true })).toBe('wal');
        } finally {
          file.close();
        }
      }

      await server.restart();
      await checkAfterRestart(cycle, images, uploads, signups);
    }
  }, 180_000);
});

async function checkAfterRestart(cycle: number, images: ImageState[], uploads: Upload[], signups: Signup[]) {
  const where = `seed ${SEED}, after the kill of cycle ${cycle}`;
  const open = createDatabase({ DATA_DIR: dataDir, DATABASE_URL: database.url });
  try {
    const db = open.db;
    // Annotation sets: the last acknowledged save, or the one in flight, whole; never a mix.
    const flags = new Map(
      (await db.selectFrom('images').select(['id', 'labeled']).where('project_id', '=', ws.projectId).execute()).map(
        (r) => [r.id, Number(r.labeled)],
      ),
    );
    for (const image of images) {
      const res = await api(`projects/${ws.projectId}/images/${image.id}/annotations`);
      expect(res.status, where).toBe(200);
      const { annotations } = (await res.json()) as { annotations: Box[] };
      const now = keyOfSet(annotations);
      const allowed = [image.acked ?? image.verified, ...(image.inFlight ? [image.inFlight] : [])];
      expect(allowed, `${where}: image ${image.id} holds ${now || 'nothing'}`).toContain(now);
      expect(flags.get(image.id), `${where}: labeled flag of ${image.id}`).toBe(annotations.length > 0 ? 1 : 0);
      image.verified = now;
      image.acked = null;
      image.inFlight = null;
    }

    // Uploads: an acknowledged one has its image row and blob; any image row has its whole blob.
    const rows = await db
      .selectFrom('images')
      .select(['id', 'file_name', 'bytes', 'blob_key'])
      .where('project_id', '=', ws.projectId)
      .where('file_name', 'like', 'up-%')
      .execute();
    const byName = new Map(rows.map((r) => [r.file_name, r]));
    const claimed = new Set(
      (await db.selectFrom('uploads').select('image_id').where('image_id', 'is not', null).execute()).map(
        (u) => u.image_id,
      ),
    );
    const sent = new Map(uploads.map((u) => [u.fileName, u]));
    for (const upload of uploads.filter((u) => u.imageId)) {
      expect(byName.get(upload.fileName)?.id, `${where}: acknowledged upload ${upload.fileName}`).toBe(upload.imageId);
    }
    for (const row of rows) {
      const upload = sent.get(row.file_name);
      expect(upload, `${where}: image row ${row.file_name} nobody uploaded`).toBeDefined();
      expect(Number(row.bytes), where).toBe(upload!.bytes.length);
      expect(claimed.has(row.id), `${where}: upload of ${row.file_name} not marked complete`).toBe(true);
      const blob = readFileSync(path.join(dataDir, 'blobs', row.blob_key.slice(0, 2), row.blob_key));
      expect(createHash('sha256').update(blob).digest('hex'), `${where}: blob of ${row.file_name}`).toBe(
        createHash('sha256').update(upload!.bytes).digest('hex'),
      );
    }

    // Sign-ups: every acknowledged account is there, with its name and password.
    const accounts = new Map(
      (
        await db
          .selectFrom('users')
          .select(['email', 'name', 'password_hash'])
          .where('email', 'like', 'signup-%')
          .execute()
      ).map((u) => [u.email, u]),
    );
    for (const s of signups) expect(accounts.get(s.email)?.name, `${where}: account ${s.email}`).toBe(s.name);
    // Those in flight at a kill may be there too, but whole.
    for (const [email, account] of accounts) {
      expect(account.name, `${where}: account ${email}`).toBe(nameOf(Number(/^signup-(\d+)@/.exec(email)?.[1])));
      expect(account.password_hash, `${where}: account ${email}`).toMatch(/^scrypt\$/);
    }
    console.log(
      `cycle ${cycle}: checked ${images.length} annotation sets, ${uploads.filter((u) => u.imageId).length} acknowledged uploads ` +
        `(${rows.length} image rows and blobs), ${signups.length} acknowledged accounts`,
    );
  } finally {
    await open.close();
  }
}
