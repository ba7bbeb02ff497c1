import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ANNOTATIONS_PER_IMAGE_MAX } from '../../contract/apiAnnotations';
import { createApp } from '../app';
import { LocalBlobStore } from '../blobs/LocalBlobStore';
import { OutboxMailer } from '../mail/OutboxMailer';
import { addProjectMember, as, seedImage } from '../test/projectFixtures';
import { QueryCounter, type CountedStatement } from '../test/QueryCounter';
import { seedBoxes } from '../test/seedBoxes';
import { createTestApp, type TestApp } from '../test/testApp';
import { createTestUser, jsonInit, type TestUser } from '../test/testUsers';

/*
 * RELIABILITY.md 15 at scale: a one-box edit on an image holding ANNOTATIONS_PER_IMAGE_MAX
 * annotations sends, reads and writes exactly what the same edit does on an image of 100.
 * Sizes and statement counts only; how long it takes is benchmarks/studio/saveOneBox.ts's job.
 */

let t: TestApp;
let worker: TestUser;
let projectId: string;
let labelId: string;
let counted: ReturnType<typeof createApp>;
const counter = new QueryCounter();

/** An image with `n` boxes written straight in the database (and its count), returning one box's id. */
async function imageWith(n: number): Promise<{ imageId: string; boxId: string }> {
  const imageId = await seedImage(t, projectId);
  const ids = await seedBoxes(t.database.db, {
    imageId,
    labelId,
    count: n,
    place: (i) => ({ x: i % 600, y: i % 440, width: 30, height: 30 }),
    now: t.clock.now().toISOString(),
  });
  await t.database.db
    .updateTable('images')
    .set({ annotation_count: n, labeled: 1, annotation_revision: 1 })
    .where('id', '=', imageId)
    .execute();
  return { imageId, boxId: ids[Math.floor(n / 2)]! };
}

beforeAll(async () => {
  t = await createTestApp();
  const admin = await createTestUser(t);
  worker = await createTestUser(t);
  projectId = (await as(t, admin, 'POST', 'projects', { title: 'Big', subtype: 'IMAGE_OBJECT_DETECTION' })).body.id;
  await addProjectMember(t, projectId, worker, 'worker');
  labelId = (await as(t, admin, 'POST', `projects/${projectId}/labels`, { name: 'cat', color: '#ff0000' })).body.id;
  // The same app over the same database, with every statement it runs recorded.
  counted = createApp({
    env: t.config,
    deps: {
      db: t.database.db.withPlugin(counter),
      dialect: t.database.dialect,
      blobs: new LocalBlobStore(path.join(t.dataDir, 'blobs')),
      mailer: new OutboxMailer(path.join(t.dataDir, 'outbox')),
      now: t.clock.now,
    },
  });
}, 120_000);
afterAll(() => t.close());

interface Edit {
  requestBytes: number;
  status: number;
  answer: { revision: number; count: number; results: unknown[] };
  statements: CountedStatement[];
}

/** Moves one box by 5 px through the ops route, as the studio sends it. */
async function editOneBox(imageId: string, boxId: string): Promise<Edit> {
  const body = {
    ops: [
      {
        opId: randomUUID(),
        type: 'put',
        baseVersion: 1,
        annotation: { id: boxId, labelId, kind: 'box', x: 5, y: 5, width: 30, height: 30 },
      },
    ],
  };
  const requestBytes = Buffer.byteLength(JSON.stringify(body));
  counter.reset();
  const res = await counted.request(
    `/api/projects/${projectId}/images/${imageId}/annotations/ops`,
    jsonInit('POST', worker, body),
  );
  return { requestBytes, status: res.status, answer: await res.json(), statements: [...counter.statements] };
}

const written = (s: readonly CountedStatement[]) =>
  s.filter((x) => x.kind !== 'select').reduce((sum, x) => sum + x.rows, 0);
const read = (s: readonly CountedStatement[]) =>
  s.filter((x) => x.kind === 'select').reduce((sum, x) => sum + x.rows, 0);

describe('a one-box edit on a full image', () => {
  it('sends, reads and writes the same as on an image of 100', { timeout: 300_000 }, async () => {
    const small = await imageWith(100);
    const big = await imageWith(ANNOTATIONS_PER_IMAGE_MAX);

    const onSmall = await editOneBox(small.imageId, small.boxId);
    const onBig = await editOneBox(big.imageId, big.boxId);
    expect([onSmall.status, onBig.status]).toEqual([200, 200]);
    expect(onBig.answer).toMatchObject({ revision: 2, count: ANNOTATIONS_PER_IMAGE_MAX, results: [{ version: 2 }] });
    expect(onSmall.answer).toMatchObject({ revision: 2, count: 100, results: [{ version: 2 }] });

    // The body names one box: the same bytes whatever the image holds.
    expect(onBig.requestBytes).toBe(onSmall.requestBytes);
    expect(onBig.requestBytes).toBeLessThan(300);

    // The same statements, each reading or changing the same number of rows.
    expect(onBig.statements).toEqual(onSmall.statements);
    const writes = onBig.statements.filter((s) => s.kind !== 'select' && s.rows > 0);
    expect(writes.map((s) => `${s.kind} ${s.table} ${s.rows}`).sort()).toEqual([
      'insert annotation_ops 1',
      'insert annotations 1',
      'update images 1',
    ]);
    expect(written(onBig.statements)).toBe(3);
    // Rows read: the caller, the project access row, the image, the label, the one box; no set.
    expect(read(onBig.statements)).toBeLessThanOrEqual(6);
    expect(onBig.statements.some((s) => s.table === 'annotations' && s.rows > 1)).toBe(false);

    const rows = await t.database.db
      .selectFrom('annotations')
      .select(['x', 'version'])
      .where('id', '=', big.boxId)
      .executeTakeFirstOrThrow();
    expect(rows).toEqual({ x: 5, version: 2 });
    const count = await t.database.db
      .selectFrom('annotations')
      .select((eb) => eb.fn.countAll<string | number>().as('n'))
      .where('image_id', '=', big.imageId)
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(ANNOTATIONS_PER_IMAGE_MAX);
  });
});
