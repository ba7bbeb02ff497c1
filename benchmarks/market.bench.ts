/**
 * The public market's list over many resources: `searchMarket` (the page query and its count)
 * against its peer `linear-scan` (every resource row read, then filtered, sorted and paged in JS:
 * what the query would be without SQL doing the work), checked to give the same page of ids and
 * the same count for each case, then timed alternating after a warm-up; and the whole `GET
 * /api/market/resources` through the app (views, marks, JSON), ours alone, for what a request
 * adds. SQLite, or PostgreSQL under scripts/with-postgres.sh. Rows look like posted ones (labels,
 * covers and sample annotations as JSON) and are mostly listed; a tenth are private, pending or
 * deleted. `MARKET_BENCH_RESOURCES` (default 10,000), `MARKET_BENCH_RUNS` (default 40), `--quick`.
 */
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import { marketQuerySchema, type MarketQuery } from '../contract/apiMarket';
import type { Db } from '../server/db/Db';
import { searchMarket } from '../server/market/marketSearch';
import { selectResources, type ResourceRow } from '../server/market/resourceViews';
import { resourceRow } from '../server/test/fixtures/testRows';
import { createTestApp } from '../server/test/testApp';
import { createTestUser } from '../server/test/testUsers';
import { median, percentile, writeResults, type ResultRow } from './writeResults';

const quick = process.argv.includes('--quick');
const collectGarbage = (globalThis as { gc?: () => void }).gc;
const COUNT = Number(process.env.MARKET_BENCH_RESOURCES ?? (quick ? 1000 : 10_000));
const RUNS = Number(process.env.MARKET_BENCH_RUNS ?? (quick ? 5 : 40));

const CASES: Record<string, string> = {
  'newest, page 1': '',
  'dataset + field + price range, price ascending': 'kind=dataset&fields=finance&priceMax=50000&sort=price_asc',
  'word search, popular': 'q=steel&sort=popular',
  'free, popular, page 20': 'free=1&sort=popular&page=20',
  'newest, page 400': 'page=400&pageSize=12',
};

const WORDS = [
  'steel',
  'scratch',
  'x-ray',
  'invoice',
  'weld',
  'lung',
  'card',
  'fraud',
  'crack',
  'bolt',
  '부품',
  '결함',
];
const FIELDS = ['["manufacture"]', '["finance"]', '["medical"]', '["manufacture","finance"]', '["finance","medical"]'];

/**
 * The peer: the same query with no help from SQL. Every row is read whole (as a naive list
 * would), then filtered, ordered (the sort key, then newest, then id, as searchMarket orders)
 * and paged here.
 */
async function linearScan(db: Db, query: MarketQuery): Promise<{ rows: ResourceRow[]; total: number }> {
  const q = query.q?.toLowerCase();
  const listed = (await selectResources(db).execute()).filter(
    (r) =>
      r.approval === 'approved' &&
      r.visibility === 'public' &&
      r.deleted_at === null &&
      (!query.kind || r.kind === query.kind) &&
      (!query.format || r.format === query.format) &&
      (!q || r.name.toLowerCase().includes(q) || (r.description ?? '').toLowerCase().includes(q)) &&
      (query.fields.length === 0 || query.fields.some((f) => r.fields.includes(`"${f}"`))) &&
      (!query.free || r.price === 0) &&
      (query.priceMin === undefined || r.price >= query.priceMin) &&
      (query.priceMax === undefined || r.price <= query.priceMax),
  );
  const key = (r: ResourceRow) =>
    query.sort === 'price_asc'
      ? r.price
      : query.sort === 'price_desc'
        ? -r.price
        : query.sort === 'popular'
          ? -r.purchase_count
          : 0;
  listed.sort(
    (a, b) =>
      key(a) - key(b) ||
      (a.created_at < b.created_at ? 1 : a.created_at > b.created_at ? -1 : 0) ||
      (a.id < b.id ? 1 : a.id > b.id ? -1 : 0),
  );
  const start = (query.page - 1) * query.pageSize;
  return { rows: listed.slice(start, start + query.pageSize), total: listed.length };
}

function seeded(seed: number) {
  let s = seed;
  return () => ((s = (s * 1103515245 + 12345) % 2 ** 31) / 2 ** 31) as number;
}

async function main() {
  const t = await createTestApp();
  const viewer = await createTestUser(t);
  const sellers = await Promise.all(Array.from({ length: 20 }, (_, i) => createTestUser(t, { name: `Seller ${i}` })));
  const rnd = seeded(7);
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(rnd() * xs.length)]!;
  const labels = JSON.stringify(Array.from({ length: 8 }, (_, i) => ({ name: `class ${i}`, color: '#ff0000' })));
  const covers = JSON.stringify(
    Array.from({ length: 3 }, () => ({
      blobKey: 'a'.repeat(64),
      type: 'image/jpeg',
      width: 800,
      height: 600,
      bytes: 1,
    })),
  );
  const box = { label: 'class 1', color: '#ff0000', box: { x: 1, y: 2, width: 30, height: 40 } };
  const samples = JSON.stringify(
    Array.from({ length: 6 }, (_, index) => ({
      index,
      width: 640,
      height: 480,
      blobKey: 'b'.repeat(64),
      annotations: Array(5).fill(box),
    })),
  );
  const base = Date.parse('2025-01-01T00:00:00Z');
  const started = performance.now();
  const rows = Array.from({ length: COUNT }, (_, i) => {
    const at = new Date(base + i * 3_600_000).toISOString();
    const hidden = i % 10 === 9;
    const kind = rnd() < 0.6 ? 'dataset' : 'model';
    return resourceRow(at, {
      id: randomUUID(),
      seller_id: pick(sellers).id,
      kind,
      name: `${pick(WORDS)} ${i}`,
      description: `${pick(WORDS)} ${pick(WORDS)} images from line ${i % 37}`,
      price: rnd() < 0.25 ? 0 : Math.round(rnd() * 200) * 1000,
      format: kind === 'model' ? 'tfjs' : pick(['voc', 'coco']),
      fields: pick(FIELDS),
      purchase_count: Math.floor(rnd() * 50),
      labels,
      covers,
      samples: kind === 'dataset' ? samples : '[]',
      ...(hidden
        ? pick([{ visibility: 'private' }, { approval: 'pending', approved_at: null }, { deleted_at: at }])
        : {}),
    });
  });
  // Every row with the same keys: a multi-row insert fills missing ones with NULL.
  for (const row of rows) {
    row.visibility ??= 'public';
    row.approval ??= 'approved';
    row.deleted_at ??= null;
  }
  for (let i = 0; i < rows.length; i += 500)
    await t.database.db
      .insertInto('resources')
      .values(rows.slice(i, i + 500))
      .execute();
  // PostgreSQL's autovacuum would have analysed the table by the time anyone browses it.
  if (t.database.dialect === 'postgres') await sql`analyze resources`.execute(t.database.db);
  // An experiment: MARKET_BENCH_INDEX=<columns> adds an index on resources first.
  const index = process.env.MARKET_BENCH_INDEX;
  if (index) await sql`create index bench_market on resources (${sql.raw(index)})`.execute(t.database.db);
  console.log(`${COUNT} resources in ${Math.round(performance.now() - started)} ms (${t.database.dialect})`);

  const results: ResultRow[] = [];
  const summary: Record<string, unknown>[] = [];
  for (const [name, query] of Object.entries(CASES)) {
    const parsed = marketQuerySchema.parse(Object.fromEntries(new URLSearchParams(query)));
    const timed = async (run: () => Promise<unknown>) => {
      for (let i = 0; i < 3; i++) await run();
      const ms: number[] = [];
      for (let i = 0; i < RUNS; i++) {
        const t0 = performance.now();
        await run();
        ms.push(performance.now() - t0);
      }
      return ms.sort((a, b) => a - b);
    };
    const ours = await searchMarket(t.database.db, parsed);
    const peer = await linearScan(t.database.db, parsed);
    const ids = (r: { rows: ResourceRow[] }) => r.rows.map((row) => row.id).join();
    if (ours.total !== peer.total || ids(ours) !== ids(peer))
      throw new Error(`${name}: searchMarket and linear-scan disagree (${ours.total} vs ${peer.total} matches)`);
    const total = ours.total;
    // Warm-up, then the two alternating (AB, BA, …) so that load on the machine falls on both.
    const subjects = [() => searchMarket(t.database.db, parsed), () => linearScan(t.database.db, parsed)];
    for (let i = 0; i < 3; i++) for (const run of subjects) await run();
    const times: [number[], number[]] = [[], []];
    for (let i = 0; i < RUNS; i++) {
      for (const k of i % 2 === 0 ? [0, 1] : [1, 0]) {
        // The scan leaves tens of MB of rows behind: collected here, untimed, rather than during
        // whichever subject runs next (`npm run bench:market` passes --expose-gc).
        collectGarbage?.();
        const t0 = performance.now();
        await subjects[k]!();
        times[k]!.push(performance.now() - t0);
      }
    }
    const [search, scan] = times.map((ms) => ms.sort((a, b) => a - b)) as [number[], number[]];
    const http = await timed(async () => {
      const res = await t.app.request(`/api/market/resources?${query}`, { headers: { Authorization: viewer.auth } });
      if (res.status !== 200) throw new Error(`${name}: ${res.status}`);
      await res.arrayBuffer();
    });
    const row = {
      case: name,
      matches: total,
      'query p50 ms': +median(search).toFixed(2),
      'query p95 ms': +percentile(search, 95).toFixed(2),
      'scan p50 ms': +median(scan).toFixed(2),
      'scan p95 ms': +percentile(scan, 95).toFixed(2),
      'query / scan': +(median(search) / median(scan)).toFixed(3),
      'GET p50 ms': +median(http).toFixed(2),
      'GET p95 ms': +percentile(http, 95).toFixed(2),
    };
    summary.push(row);
    results.push(
      { case: name, subject: 'ours', metric: 'query_p50_ms', value: row['query p50 ms'], better: 'lower' },
      { case: name, subject: 'ours', metric: 'query_p95_ms', value: row['query p95 ms'], better: 'lower' },
      { case: name, subject: 'linear-scan', metric: 'query_p50_ms', value: row['scan p50 ms'], better: 'lower' },
      { case: name, subject: 'linear-scan', metric: 'query_p95_ms', value: row['scan p95 ms'], better: 'lower' },
      { case: name, subject: 'ours', metric: 'get_p50_ms', value: row['GET p50 ms'], better: 'lower' },
      { case: name, subject: 'ours', metric: 'get_p95_ms', value: row['GET p95 ms'], better: 'lower' },
    );
  }
  console.table(summary);
  if (!quick)
    console.log(
      writeResults(`market-${t.database.dialect}`, results, {
        resources: COUNT,
        runs: RUNS,
        index: index || null,
        summary,
      }),
    );
  await t.close();
}

await main();
