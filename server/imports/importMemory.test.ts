import { crc32 } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JobRunner } from '../jobs/jobRunner';
import { jpegOf } from '../test/fixtures/datasetImages';
import { seedProject } from '../test/fixtures/projectSeed';
import { as } from '../test/projectFixtures';
import { testJobRunner } from '../test/testJobRunner';
import { createTestApp, type TestApp } from '../test/testApp';
import { createTestUser, type TestUser } from '../test/testUsers';

/*
 * A dataset zip far larger than the memory its import may use: the PUT streams it to disk, the
 * job copies it, streams its image entry out to a file and stores it, all in bounded pieces.
 * The zip is generated as a stream (never whole in memory) with one stored image entry: a real
 * JPEG followed by padding, which decoders ignore after the end-of-image marker.
 */

const IMAGE_BYTES = 160 * 1024 * 1024;
const PAD = new Uint8Array(1024 * 1024);

let t: TestApp;
let admin: TestUser;
let runner: JobRunner;

beforeAll(async () => {
  t = await createTestApp();
  admin = await createTestUser(t);
  runner = testJobRunner(t, 'memory-test').runner;
});
afterAll(() => t.close());

function le(values: [number, 2 | 4][]): Uint8Array {
  const out = Buffer.alloc(values.reduce((n, [, w]) => n + w, 0));
  let at = 0;
  for (const [v, w] of values) {
    if (w === 2) out.writeUInt16LE(v, at);
    else out.writeUInt32LE(v >>> 0, at);
    at += w;
  }
  return out;
}

interface StoredEntry {
  name: string;
  size: number;
  crc: number;
  /** The entry's bytes, a piece at a time. */
  pieces: () => Iterable<Uint8Array>;
}

/** A zip of stored entries as a stream of pieces, with its total length. */
function streamedZip(entries: StoredEntry[]): { length: number; stream: ReadableStream<Uint8Array> } {
  const DOS_DATE = 0x21; // 1980-01-01
  const parts: (Uint8Array | (() => Iterable<Uint8Array>))[] = [];
  const central: Uint8Array[] = [];
  let offset = 0;
  for (const e of entries) {
    const name = Buffer.from(e.name);
    const local = Buffer.concat([
      le([
        [0x04034b50, 4],
        [20, 2],
        [0x800, 2],
        [0, 2],
        [0, 2],
        [DOS_DATE, 2],
        [e.crc, 4],
        [e.size, 4],
        [e.size, 4],
        [name.length, 2],
        [0, 2],
      ]),
      name,
    ]);
    central.push(
      Buffer.concat([
        le([
          [0x02014b50, 4],
          [20, 2],
          [20, 2],
          [0x800, 2],
          [0, 2],
          [0, 2],
          [DOS_DATE, 2],
          [e.crc, 4],
          [e.size, 4],
          [e.size, 4],
          [name.length, 2],
          [0, 2],
          [0, 2],
          [0, 2],
          [0, 2],
          [0, 4],
          [offset, 4],
        ]),
        name,
      ]),
    );
    parts.push(local, e.pieces);
    offset += local.length + e.size;
  }
  const directory = Buffer.concat(central);
  const end = le([
    [0x06054b50, 4],
    [0, 2],
    [0, 2],
    [entries.length, 2],
    [entries.length, 2],
    [directory.length, 4],
    [offset, 4],
    [0, 2],
  ]);
  parts.push(directory, end);
  const length = offset + directory.length + end.length;
  function* all() {
    for (const p of parts) {
      if (p instanceof Uint8Array) yield p;
      else yield* p();
    }
  }
  const it = all();
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      const next = it.next();
      if (next.done) controller.close();
      else controller.enqueue(next.value.slice());
    },
  });
  return { length, stream };
}

async function measure<T>(work: () => Promise<T>): Promise<{ result: T; growth: number }> {
  const before = process.memoryUsage().rss;
  let peak = before;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 20);
  try {
    return { result: await work(), growth: peak - before };
  } finally {
    clearInterval(sampler);
  }
}

describe('dataset import memory', () => {
  it('imports a 160 MB image entry with memory far below its size', async () => {
    const project = await seedProject(t, { members: [{ user: admin, role: 'admin' }], labels: ['car'] });
    const jpeg = await jpegOf(640, 480);
    const padding = IMAGE_BYTES - jpeg.length;
    const image = function* () {
      yield jpeg;
      for (let left = padding; left > 0; left -= PAD.length) yield left >= PAD.length ? PAD : PAD.subarray(0, left);
    };
    let crc = 0;
    for (const piece of image()) crc = crc32(piece, crc);
    const xml = Buffer.from(
      '<annotation><filename>big.jpg</filename><size><width>640</width><height>480</height></size>' +
        '<object><name>car</name><bndbox><xmin>10</xmin><ymin>10</ymin><xmax>110</xmax><ymax>90</ymax></bndbox></object></annotation>',
    );
    const zip = streamedZip([
      { name: 'Annotations/big.xml', size: xml.length, crc: crc32(xml), pieces: () => [xml] },
      { name: 'JPEGImages/big.jpg', size: IMAGE_BYTES, crc, pieces: image },
    ]);

    const created = await as(t, admin, 'POST', `projects/${project.id}/imports`, {
      fileName: 'big.zip',
      bytes: zip.length,
    });
    const put = await measure(async () =>
      t.app.request(`/api/projects/${project.id}/imports/${created.body.importId}`, {
        method: 'PUT',
        headers: { Authorization: admin.auth, 'Content-Type': 'application/zip' },
        body: zip.stream,
        duplex: 'half',
      } as RequestInit),
    );
    expect(put.result.status).toBe(202);
    expect(put.growth).toBeLessThan(100 * 1024 * 1024);

    const job = await measure(async () => {
      while (await runner.runOnce()) {
        /* the import, then the image's processing */
      }
    });
    const done = await as(t, admin, 'GET', `projects/${project.id}/imports/${created.body.importId}`);
    expect(done.body).toMatchObject({ state: 'done', report: { images: 1, annotations: 1, skipped: [] } });
    expect(job.growth).toBeLessThan(100 * 1024 * 1024);
    const row = await t.database.db
      .selectFrom('images')
      .selectAll()
      .where('project_id', '=', project.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ file_name: 'big.jpg', bytes: IMAGE_BYTES, width: 640, height: 480, state: 'ready' });
  }, 180_000);
});
