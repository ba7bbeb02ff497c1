/**
 * Exporting a bought dataset into a new project (`POST /api/purchases/:id/export` through the
 * app): images as rows sharing the snapshot's blobs, their annotations and tags, labels merged,
 * in one transaction. SQLite by default, PostgreSQL under scripts/with-postgres.sh.
 * `EXPORT_BENCH_IMAGES` (default 5,000), `EXPORT_BENCH_RUNS` (default 5), `--quick`.
 */
import { performance } from 'node:perf_hooks';
import { insertDatasetResource, insertPurchase } from '../server/market/purchaseTestKit';
import { as } from '../server/test/projectFixtures';
import { createTestApp } from '../server/test/testApp';
import { createTestUser } from '../server/test/testUsers';
import { median, writeResults, type ResultRow } from './writeResults';

const quick = process.argv.includes('--quick');
const IMAGES = Number(process.env.EXPORT_BENCH_IMAGES ?? (quick ? 500 : 5000));
const RUNS = Number(process.env.EXPORT_BENCH_RUNS ?? (quick ? 2 : 5));
const BOXES = 3;

async function main() {
  const t = await createTestApp();
  const seller = await createTestUser(t);
  const buyer = await createTestUser(t);
  const labels = Array.from({ length: 10 }, (_, i) => ({ name: `L${i}`, color: `#0000${(i + 16).toString(16)}` }));
  const resource = await insertDatasetResource(t, seller, {
    labels,
    images: Array.from({ length: IMAGES }, (_, i) => ({
      fileName: `img-${i}.png`,
      annotations: Array.from({ length: BOXES }, (_, b) => ({
        label: (i + b) % labels.length,
        box: { x: b, y: b, width: 10, height: 10 },
      })),
      tags: [`batch-${i % 20}`],
    })),
  });
  const purchaseId = await insertPurchase(t, resource.id, buyer);

  const ms: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    const start = performance.now();
    const res = await as(t, buyer, 'POST', `purchases/${purchaseId}/export`, { target: 'new', title: `Run ${run}` });
    ms.push(performance.now() - start);
    if (res.status !== 200 || res.body.images !== IMAGES) throw new Error(`export failed: ${JSON.stringify(res.body)}`);
  }
  const rows: ResultRow[] = [
    {
      case: `export ${IMAGES} images × ${BOXES} boxes into a new project`,
      subject: 'ours',
      metric: 'median_ms',
      value: Math.round(median(ms)),
      better: 'lower',
    },
  ];
  console.table(ms.map((v, run) => ({ run, ms: Math.round(v) })));
  console.log(writeResults(`market-export-${t.database.dialect}`, rows, { images: IMAGES, runs: RUNS }));
  await t.close();
}

await main();
