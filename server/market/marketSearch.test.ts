import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { marketQuerySchema } from '../../contract/apiMarket';
import { ApiError } from '../http/ApiError';
import { resourceRow } from '../test/fixtures/testRows';
import { createTestApp, type TestApp } from '../test/testApp';
import { createTestUser } from '../test/testUsers';
import { searchMarket } from './marketSearch';

let t: TestApp;
const base = Date.parse('2026-03-01T00:00:00.000Z');
const at = (minutes: number) => new Date(base + minutes * 60_000).toISOString();

/** Listed resources by name; each test names what it is about. */
const LISTED = [
  { id: 'r-defect', kind: 'dataset', name: 'Defect set', description: 'Steel surface scratches', price: 0 },
  { id: 'r-xray', kind: 'dataset', name: 'Chest X-ray', description: 'Lung images, 50%_off', price: 30000 },
  { id: 'r-fraud', kind: 'model', name: 'Fraud model', description: 'Card fraud scores', price: 100000 },
  { id: 'r-parts', kind: 'dataset', name: '부품 결함', description: '제조 라인 이미지', price: 5000 },
  { id: 'r-scratch', kind: 'model', name: 'SCRATCH finder', description: '', price: 0 },
] as const;
const EXTRA = {
  'r-defect': { format: 'voc', fields: '["manufacture"]', purchase_count: 5, created_at: at(0) },
  'r-xray': { format: 'coco', fields: '["medical"]', purchase_count: 5, created_at: at(1) },
  'r-fraud': { format: 'tfjs', fields: '["finance","medical"]', purchase_count: 1, created_at: at(2) },
  'r-parts': { format: 'voc', fields: '["manufacture","finance"]', purchase_count: 0, created_at: at(3) },
  'r-scratch': { format: 'tfjs', fields: '["manufacture"]', purchase_count: 5, created_at: at(4) },
};

async function ids(query: Record<string, string>) {
  const { rows } = await searchMarket(t.database.db, marketQuerySchema.parse(query));
  return rows.map((r) => r.id);
}

beforeAll(async () => {
  t = await createTestApp();
  const seller = await createTestUser(t, { name: 'Seller' });
  const now = at(10);
  const rows = LISTED.map((r) => resourceRow(now, { seller_id: seller.id, ...r, ...EXTRA[r.id], updated_at: now }));
  // Everything a word, a field or a price would find, were it listed.
  const hidden = {
    name: 'Hidden scratch',
    description: 'scratches',
    price: 0,
    fields: '["manufacture"]',
    purchase_count: 9,
  };
  for (const [id, more] of [
    ['h-private', { visibility: 'private' }],
    ['h-checking', { approval: 'checking', approved_at: null }],
    ['h-failed', { approval: 'check_failed', approved_at: null, check_error: 'cover_unreadable' }],
    ['h-pending', { approval: 'pending', approved_at: null }],
    ['h-rejected', { approval: 'rejected', approved_at: null, reject_reason: 'Blurry' }],
    ['h-deleted', { deleted_at: now }],
  ] as const)
    rows.push(resourceRow(now, { id, seller_id: seller.id, ...hidden, ...more, created_at: at(9) }));
  await t.database.db.insertInto('resources').values(rows).execute();
});
afterAll(() => t.close());

describe('searchMarket', () => {
  it('lists approved public resources only, newest first, with the total', async () => {
    const result = await searchMarket(t.database.db, marketQuerySchema.parse({}));
    expect(result.rows.map((r) => r.id)).toEqual(['r-scratch', 'r-parts', 'r-fraud', 'r-xray', 'r-defect']);
    expect(result.total).toBe(5);
    expect(result.rows[0]?.seller_name).toBe('Seller');
  });

  it('filters by kind and format', async () => {
    expect(await ids({ kind: 'model' })).toEqual(['r-scratch', 'r-fraud']);
    expect(await ids({ kind: 'dataset', format: 'voc' })).toEqual(['r-parts', 'r-defect']);
    expect(await ids({ format: 'coco' })).toEqual(['r-xray']);
    expect(await ids({ kind: 'model', format: 'coco' })).toEqual([]);
  });

  it('finds a word in the name or the description, ignoring case, with % and _ taken literally', async () => {
    expect(await ids({ q: 'scratch' })).toEqual(['r-scratch', 'r-defect']);
    expect(await ids({ q: 'CARD' })).toEqual(['r-fraud']);
    expect(await ids({ q: '결함' })).toEqual(['r-parts']);
    expect(await ids({ q: '라인' })).toEqual(['r-parts']);
    expect(await ids({ q: '50%_off' })).toEqual(['r-xray']);
    expect(await ids({ q: '5_%' })).toEqual([]);
    expect(await ids({ q: '%' })).toEqual(['r-xray']);
    expect(await ids({ q: '  chest  ' })).toEqual(['r-xray']);
  });

  it('matches any of the fields of use asked for', async () => {
    expect(await ids({ fields: 'finance' })).toEqual(['r-parts', 'r-fraud']);
    expect(await ids({ fields: 'medical' })).toEqual(['r-fraud', 'r-xray']);
    expect(await ids({ fields: 'finance,medical' })).toEqual(['r-parts', 'r-fraud', 'r-xray']);
    expect(await ids({ fields: 'manufacture', kind: 'dataset' })).toEqual(['r-parts', 'r-defect']);
  });

  it('filters by price range and free, bounds included', async () => {
    expect(await ids({ free: '1' })).toEqual(['r-scratch', 'r-defect']);
    expect(await ids({ free: 'true', kind: 'dataset' })).toEqual(['r-defect']);
    expect(await ids({ priceMin: '5000' })).toEqual(['r-parts', 'r-fraud', 'r-xray']);
    expect(await ids({ priceMax: '5000' })).toEqual(['r-scratch', 'r-parts', 'r-defect']);
    expect(await ids({ priceMin: '5000', priceMax: '30000' })).toEqual(['r-parts', 'r-xray']);
    expect(await ids({ priceMin: '1', free: '1' })).toEqual([]);
  });

  it('refuses a minimum price above the maximum on priceMax', async () => {
    const failure = await searchMarket(t.database.db, marketQuerySchema.parse({ priceMin: '10', priceMax: '9' })).catch(
      (e: unknown) => e,
    );
    expect(failure).toBeInstanceOf(ApiError);
    expect((failure as ApiError).code).toBe('validation');
    expect((failure as ApiError).extras).toEqual({ fields: { priceMax: 'validation:numeric' } });
  });

  it('sorts by price either way and by popularity, newest first among equals', async () => {
    expect(await ids({ sort: 'price_asc' })).toEqual(['r-scratch', 'r-defect', 'r-parts', 'r-xray', 'r-fraud']);
    expect(await ids({ sort: 'price_desc' })).toEqual(['r-fraud', 'r-xray', 'r-parts', 'r-scratch', 'r-defect']);
    expect(await ids({ sort: 'popular' })).toEqual(['r-scratch', 'r-xray', 'r-defect', 'r-fraud', 'r-parts']);
    expect(await ids({ sort: 'popular', q: 'scratch' })).toEqual(['r-scratch', 'r-defect']);
  });

  it('pages with the total of all matches; a page past the end is empty', async () => {
    const first = await searchMarket(t.database.db, marketQuerySchema.parse({ pageSize: '2', sort: 'price_asc' }));
    expect(first.rows.map((r) => r.id)).toEqual(['r-scratch', 'r-defect']);
    expect(first.total).toBe(5);
    expect(await ids({ pageSize: '2', page: '3', sort: 'price_asc' })).toEqual(['r-fraud']);
    const past = await searchMarket(t.database.db, marketQuerySchema.parse({ pageSize: '2', page: '4' }));
    expect(past).toEqual({ rows: [], total: 5 });
  });
});

describe('searchMarket among equals', () => {
  let tie: TestApp;
  beforeAll(async () => {
    tie = await createTestApp();
    const seller = await createTestUser(tie);
    const now = at(0);
    // Same price, purchases and time: only the id can order them.
    const rows = Array.from({ length: 23 }, () =>
      resourceRow(now, { id: randomUUID().replaceAll('-', ''), seller_id: seller.id, price: 700, purchase_count: 2 }),
    );
    await tie.database.db.insertInto('resources').values(rows).execute();
  });
  afterAll(() => tie.close());

  it('shows each resource on exactly one page, whatever the sort', async () => {
    for (const sort of ['newest', 'price_asc', 'price_desc', 'popular']) {
      const seen: string[] = [];
      for (let page = 1; page <= 4; page++) {
        const result = await searchMarket(tie.database.db, marketQuerySchema.parse({ sort, page, pageSize: 7 }));
        expect(result.total).toBe(23);
        seen.push(...result.rows.map((r) => r.id));
      }
      expect(seen).toHaveLength(23);
      expect(seen).toEqual([...seen].sort().reverse());
    }
  });
});
