import { act } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import type { Resource } from '../../../contract/apiMarket';
import { queryClient } from '../../api/queryClient';
import { clearTokens, storeTokens } from '../../api/tokenStorage';
import { setLoggedIn, setLoggedOut } from '../../state/auth';
import { resourceFixture as baseResource } from '../../test/resourceFixture';
import { testUser } from '../../test/testUser';

/*
 * A fake of the public market API (contract/apiMarket.ts) for component tests: fetch answers from
 * in-memory resources, filtering, sorting and paging the way the server does, and records each call.
 */

/** Resource number `n` of a visitor's market (someone else's): its name, price, sales and age follow `n`. */
export function resourceFixture(n: number, extra: Partial<Resource> = {}): Resource {
  return baseResource({
    id: `r${n}`,
    name: `Resource ${n}`,
    description: `Description ${n}`,
    price: n * 1000,
    seller: { id: 's1', name: 'Seller Kim' },
    labels: [{ name: 'cat', color: '#ff0000' }],
    counts: { images: 10, annotations: 20, labels: 1 },
    purchases: n,
    createdAt: new Date(Date.UTC(2026, 0, 1, 0, n)).toISOString(),
    approvedAt: null,
    mine: false,
    ...extra,
  });
}

/**
 * Set-up for the public market's page tests: queries without retries, and after each test a
 * signed-out visitor with no tokens, an empty cache and fetch restored (tests sign in on their own).
 */
export function publicMarketTests(): void {
  beforeEach(() => {
    queryClient.setDefaultOptions({ queries: { ...queryClient.getDefaultOptions().queries, retry: false } });
  });
  afterEach(async () => {
    await act(async () => setLoggedOut());
    clearTokens();
    queryClient.clear();
    vi.unstubAllGlobals();
  });
}

/** Signs the test user in with the token 't1', as a visitor who logged in before opening the market. */
export async function signIn(): Promise<void> {
  storeTokens({ token: 't1', refreshToken: 'r1' });
  await act(async () => setLoggedIn(testUser()));
}

export interface MarketCall {
  method: string;
  path: string;
  query: URLSearchParams;
  authorization: string | null;
}

export interface MarketApiStub {
  calls: MarketCall[];
  resources: Resource[];
  /** Answer the next calls whose path starts with `prefix` with this status and code. */
  fail: (prefix: string, status: number, code: string) => void;
  heal: (prefix: string) => void;
  /** Hold the answers to calls whose path starts with `prefix` until the returned function is called. */
  hold: (prefix: string) => () => void;
}

const json = (status: number, body?: unknown) =>
  body === undefined
    ? new Response(null, { status })
    : new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const error = (status: number, code: string) => json(status, { error: { code, message: code } });

export function stubMarketApi(resources: Resource[] = []): MarketApiStub {
  const failures = new Map<string, [number, string]>();
  const stub: MarketApiStub = {
    calls: [],
    resources: [...resources],
    fail: (prefix, status, code) => failures.set(prefix, [status, code]),
    heal: (prefix) => failures.delete(prefix),
    hold: (prefix) => {
      let release = () => {};
      holds.set(prefix, new Promise<void>((resolve) => (release = resolve)));
      return () => {
        holds.delete(prefix);
        release();
      };
    },
  };
  const holds = new Map<string, Promise<void>>();
  vi.stubGlobal('fetch', async (input: string, init: RequestInit = {}) => {
    const url = new URL(input, 'http://localhost');
    const path = url.pathname.replace(/^\/api\//, '');
    const method = init.method ?? 'GET';
    const headers = (init.headers ?? {}) as Record<string, string>;
    stub.calls.push({ method, path, query: url.searchParams, authorization: headers.Authorization ?? null });
    for (const [prefix, held] of holds) if (path.startsWith(prefix)) await held;
    for (const [prefix, failure] of failures) if (path.startsWith(prefix)) return error(failure[0], failure[1]);

    if (method === 'GET' && path === 'market/resources') {
      const q = url.searchParams;
      const words = (q.get('q') ?? '').toLowerCase();
      const fields = (q.get('fields') ?? '').split(',').filter(Boolean);
      const min = q.get('priceMin');
      const max = q.get('priceMax');
      const found = stub.resources
        .filter((r) => r.approval === 'approved' && r.visibility === 'public')
        .filter((r) => !q.get('kind') || r.kind === q.get('kind'))
        .filter((r) => !words || r.name.toLowerCase().includes(words))
        .filter((r) => fields.length === 0 || r.fields.some((f) => fields.includes(f)))
        .filter((r) => !q.get('format') || r.format === q.get('format'))
        .filter((r) => min === null || r.price >= Number(min))
        .filter((r) => max === null || r.price <= Number(max))
        .filter((r) => q.get('free') !== '1' || r.price === 0);
      const sort = q.get('sort') ?? 'newest';
      found.sort((a, b) =>
        sort === 'price_asc'
          ? a.price - b.price
          : sort === 'price_desc'
            ? b.price - a.price
            : sort === 'popular'
              ? b.purchases - a.purchases
              : b.createdAt.localeCompare(a.createdAt),
      );
      const page = Number(q.get('page') ?? 1);
      const pageSize = Number(q.get('pageSize') ?? 12);
      return json(200, {
        items: found.slice((page - 1) * pageSize, page * pageSize),
        total: found.length,
        page,
        pageSize,
      });
    }
    const bookmark = /^resources\/([^/]+)\/bookmark$/.exec(path);
    if (bookmark) {
      const r = stub.resources.find((x) => x.id === decodeURIComponent(bookmark[1]!));
      if (!r) return error(404, 'not_found');
      r.bookmarked = method === 'PUT';
      return json(204);
    }
    const one = /^market\/resources\/([^/]+)$/.exec(path);
    if (method === 'GET' && one) {
      const r = stub.resources.find((x) => x.id === decodeURIComponent(one[1]!));
      return r ? json(200, r) : error(404, 'not_found');
    }
    return error(404, 'not_found');
  });
  return stub;
}
