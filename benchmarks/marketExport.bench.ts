/**
 * Exporting a bought dataset into a new project (`POST /api/purchases/:id/export` through the
 * app: images as rows sharing the snapshot's blobs, their annotations and tags, labels merged, in
 * one transaction) against its peer `dataset-import`: the same images, labels, boxes and tags as a
 * COCO zip (built in memory by the zip writer the import tests use) imported into a new project
 * through the project's own import path (POST + PUT `/api/projects/:id/imports`, then the
 * `dataset.import` job: open, plan, read and check every image, store its blobs and thumbnail,
 * applyImport's transaction). Each round times both, alternating, after a warm-up on a small set;
 * both projects must end with the same image, annotation, label and tag counts. The import is
 * timed until its job is done (images listed); the `image.process` jobs it queues are not run
 * (the export's rows are ready at once), so the peer's figure is its lower bound.
 * SQLite by default, PostgreSQL under scripts/with-postgres.sh.
 * `EXPORT_BENCH_IMAGES` (default 5,000), `EXPORT_BENCH_RUNS` (rounds, default 3), `--quick`.
 */
import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import { zipOf } from '../contract/datasetFormat/testZips';
import { DATASET_IMPORT_JOB } from '../server/imports/importJob';
import { tmpRootOf } from '../server/images/imageFiles';
import { createJobHandlers } from '../server/jobs/jobHandlers';
import { JobQueue } from '../server/jobs/jobQueue';
import { JobRunner } from '../server/jobs/jobRunner';
import { insertDatasetResource, insertPurchase, testBlobs, type SnapshotImage } from '../server/market/purchaseTestKit';
import { pngOf } from '../server/test/fixtures/datasetImages';
import { seedProject } from '../server/test/fixtures/projectSeed';
import { as } from '../server/test/projectFixtures';
import { createTestApp, type TestApp } from '../server/test/testApp';
import { createTestUser, type TestUser } from '../server/test/testUsers';
import { median, writeResults, type ResultRow } from './writeResults';

const quick = process.argv.includes('--quick');
const IMAGES = Number(process.env.EXPORT_BENCH_IMAGES ?? (quick ? 300 : 5000));
const RUNS = Number(process.env.EXPORT_BENCH_RUNS ?? (quick ? 1 : 3));
const WARM_IMAGES = Math.min(IMAGES, 100);
const BOXES = 3;
const LABELS = Array.from({ length: 10 }, (_, i) => ({ name: `L${i}`, color: `#0000${(i + 16).toString(16)}` }));

function snapshotImages(count: number): SnapshotImage[] {
  return Array.from({ length: count }, (_, i) => ({
    fileName: `img-${i}.png`,
    annotations: Array.from({ length: BOXES }, (_, b) => ({
      label: (i + b) % LABELS.length,
      // Within the 64 × 48 snapshot image and at least MIN_BOX_SIDE a side, as posting required.
      box: { x: b * 10, y: b * 8, width: 24, height: 20 },
    })),
    tags: [`b-${i % 20}`],
  }));
}

/** The same images as a COCO zip: the snapshot's PNG bytes, boxes, tags and label colours. */
function cocoZip(images: SnapshotImage[], png: Uint8Array): Uint8Array {
  const files: Record<string, Uint8Array | string> = {};
  for (const image of images) files[`images/${image.fileName}`] = png;
  let annotationId = 0;
  files['annotations.json'] = JSON.stringify({
    images: images.map((image, i) => ({
      id: i + 1,
      file_name: image.fileName,
      width: 64,
      height: 48,
      tags: image.tags,
    })),
    annotations: images.flatMap((image, i) =>
      image.annotations.map((a) => ({
        id: ++annotationId,
        image_id: i + 1,
        category_id: a.label + 1,
        bbox: [a.box!.x, a.box!.y, a.box!.width, a.box!.height],
      })),
    ),
    categories: LABELS.map((l, i) => ({ id: i + 1, name: l.name, color: l.color })),
  });
  return zipOf(files);
}

/** What a project ended with, to check both subjects wrote the same. */
async function contents(t: TestApp, projectId: string) {
  const n = async (query: { execute(): Promise<{ n: unknown }[]> }) => Number((await query.execute())[0]!.n);
  const db = t.database.db;
  return {
    images: await n(
      db
        .selectFrom('images')
        .where('project_id', '=', projectId)
        .select(sql`count(*)`.as('n')),
    ),
    annotations: await n(
      db
        .selectFrom('annotations as a')
        .innerJoin('images as i', 'i.id', 'a.image_id')
        .where('i.project_id', '=', projectId)
        .select(sql`count(*)`.as('n')),
    ),
    labels: await n(
      db
        .selectFrom('labels')
        .where('project_id', '=', projectId)
        .select(sql`count(*)`.as('n')),
    ),
    imageTags: await n(
      db
        .selectFrom('image_tags as it')
        .innerJoin('images as i', 'i.id', 'it.image_id')
        .where('i.project_id', '=', projectId)
        .select(sql`count(*)`.as('n')),
    ),
  };
}

async function main() {
  const t = await createTestApp();
  const seller = await createTestUser(t);
  const buyer = await createTestUser(t);
  // Only the import job: the image.process jobs it queues are left out of both timings.
  const queue = new JobQueue(t.database.db, t.database.dialect, t.clock.now);
  const handlers = createJobHandlers({
    db: t.database.db,
    blobs: testBlobs(t),
    tmpRoot: tmpRootOf(t.dataDir),
    now: t.clock.now,
  });
  const importer = new JobRunner(
    queue,
    { [DATASET_IMPORT_JOB]: handlers[DATASET_IMPORT_JOB]! },
    { workerId: 'bench', log: () => {} },
  );
  const png = new Uint8Array(await pngOf(64, 48));

  /** A bought resource of `count` images, and its zip for the peer. */
  async function dataset(count: number) {
    const images = snapshotImages(count);
    const resource = await insertDatasetResource(t, seller, { labels: LABELS, images });
    return {
      purchaseId: await insertPurchase(t, resource.id, buyer),
      zip: new Uint8Array(cocoZip(images, png)),
      count,
    };
  }

  let round = 0;
  async function exportOnce(d: { purchaseId: string; count: number }) {
    const start = performance.now();
    const res = await as(t, buyer, 'POST', `purchases/${d.purchaseId}/export`, {
      target: 'new',
      title: `Export ${++round}`,
    });
    const ms = performance.now() - start;
    if (res.status !== 200 || res.body.images !== d.count)
      throw new Error(`export failed: ${JSON.stringify(res.body)}`);
    return { ms, projectId: res.body.projectId as string };
  }

  async function importOnce(d: { zip: Uint8Array<ArrayBuffer>; count: number }, user: TestUser) {
    const project = await seedProject(t, { members: [{ user, role: 'admin' }] });
    const start = performance.now();
    const created = await as(t, user, 'POST', `projects/${project.id}/imports`, {
      fileName: 'dataset.zip',
      bytes: d.zip.length,
    });
    if (created.status !== 201) throw new Error(`import create: ${JSON.stringify(created.body)}`);
    const put = await t.app.request(`/api/projects/${project.id}/imports/${created.body.importId}`, {
      method: 'PUT',
      headers: { Authorization: user.auth, 'Content-Type': 'application/zip' },
      body: d.zip,
    });
    if (put.status !== 202) throw new Error(`import upload: ${put.status} ${await put.text()}`);
    while (await importer.runOnce()) {
      /* the import job */
    }
    const ms = performance.now() - start;
    const done = await as(t, user, 'GET', `projects/${project.id}/imports/${created.body.importId}`);
    if (done.body.state !== 'done' || done.body.report?.images !== d.count || done.body.report.skipped.length > 0)
      throw new Error(`import failed: ${JSON.stringify(done.body).slice(0, 500)}`);
    // The queued image.process jobs would pile up round after round: gone, untimed.
    await t.database.db.deleteFrom('jobs').where('project_id', '=', project.id).execute();
    return { ms, projectId: project.id };
  }

  async function agree(a: string, b: string, what: string) {
    const [x, y] = [await contents(t, a), await contents(t, b)];
    if (JSON.stringify(x) !== JSON.stringify(y))
      throw new Error(`${what}: export ${JSON.stringify(x)} ≠ import ${JSON.stringify(y)}`);
    return x;
  }

  // Warm-up on a small set, outputs checked; then the full set, rounds alternating (AB, BA, …).
  const warm = await dataset(WARM_IMAGES);
  await agree((await exportOnce(warm)).projectId, (await importOnce(warm, buyer)).projectId, 'warm-up');
  const setupStart = performance.now();
  const full = await dataset(IMAGES);
  console.log(
    `${IMAGES} images × ${BOXES} boxes, zip ${(full.zip.length / 2 ** 20).toFixed(1)} MiB, set up in ${Math.round(performance.now() - setupStart)} ms (${t.database.dialect})`,
  );
  const times = { ours: [] as number[], import: [] as number[] };
  const table: Record<string, unknown>[] = [];
  let counts: Awaited<ReturnType<typeof contents>> | null = null;
  for (let r = 0; r < RUNS; r++) {
    const first = r % 2 === 0 ? 'export' : 'import';
    const e = first === 'export' ? await exportOnce(full) : null;
    const i = await importOnce(full, buyer);
    const e2 = e ?? (await exportOnce(full));
    counts = await agree(e2.projectId, i.projectId, `round ${r + 1}`);
    times.ours.push(e2.ms);
    times.import.push(i.ms);
    table.push({ round: r + 1, first, 'export ms': Math.round(e2.ms), 'import ms': Math.round(i.ms) });
  }
  console.table(table);
  console.log('both projects:', counts);
  const name = `export ${IMAGES} images × ${BOXES} boxes into a new project`;
  const ours = median(times.ours);
  const peer = median(times.import);
  const ratios = times.ours.map((v, k) => v / times.import[k]!);
  const rows: ResultRow[] = [
    { case: name, subject: 'ours', metric: 'median_ms', value: Math.round(ours), better: 'lower' },
    { case: name, subject: 'dataset-import', metric: 'median_ms', value: Math.round(peer), better: 'lower' },
  ];
  console.log(
    `median: export ${Math.round(ours)} ms, import ${Math.round(peer)} ms, export/import ${median(ratios).toFixed(3)} (median of ${RUNS} rounds)`,
  );
  console.log(
    writeResults(`market-export-${t.database.dialect}`, rows, {
      images: IMAGES,
      boxes: BOXES,
      runs: RUNS,
      counts,
      ratio_export_over_import: +median(ratios).toFixed(4),
      rounds: table,
    }),
  );
  await t.close();
}

await main();
