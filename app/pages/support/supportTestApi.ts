import { vi } from 'vitest';
import type { FaqEntry, Notice } from '../../../contract/apiSupport';

/*
 * A fake of the support API (contract/apiSupport.ts) for component tests: fetch answers from
 * in-memory notices and FAQ entries, the way the server does (pinned first, newest first,
 * case-insensitive keyword), and records each call.
 */

export interface SupportCall {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
  authorization: string | null;
}

export const FAQ_FIXTURE: FaqEntry[] = [
  {
    id: 'ko-signUp',
    locale: 'ko',
    category: 'account',
    question: '회원가입은 어떻게 하나요?',
    answer: '이메일로 가입합니다.',
    position: 0,
  },
  {
    id: 'ko-gpuHours',
    locale: 'ko',
    category: 'training',
    question: 'GPU 학습 시간은 어떻게 계산되나요?',
    answer: '분 단위로 합산합니다.',
    position: 0,
  },
  {
    id: 'ko-sell',
    locale: 'ko',
    category: 'market',
    question: '마켓에 판매하려면?',
    answer: '리소스를 만들어 라벨링 데이터를 게시합니다.',
    position: 0,
  },
  {
    id: 'en-signUp',
    locale: 'en',
    category: 'account',
    question: 'How do I sign up?',
    answer: 'With your email address.',
    position: 0,
  },
  {
    id: 'en-gpuHours',
    locale: 'en',
    category: 'training',
    question: 'How are GPU training hours counted?',
    answer: 'In minutes.',
    position: 0,
  },
];

export function noticeFixture(n: number, extra: Partial<Notice> = {}): Notice {
  const at = new Date(Date.UTC(2026, 0, 1, 0, n)).toISOString();
  return {
    id: `n${n}`,
    title: `Notice ${n}`,
    category: 'general',
    pinned: false,
    author: 'Admin',
    createdAt: at,
    updatedAt: at,
    body: `<p>Body ${n}</p>`,
    ...extra,
  };
}

const json = (status: number, body?: unknown) =>
  body === undefined
    ? new Response(null, { status })
    : new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const error = (status: number, code: string, fields?: Record<string, string>) =>
  json(status, { error: { code, message: code, ...(fields ? { fields } : {}) } });

export interface SupportApiStub {
  calls: SupportCall[];
  notices: Notice[];
  faq: FaqEntry[];
  /** Answer the next calls to `path` (e.g. 'faq') with this status and error code instead. */
  fail: (path: string, status: number, code: string, fields?: Record<string, string>) => void;
}

export function stubSupportApi(init: { notices?: Notice[]; faq?: FaqEntry[] } = {}): SupportApiStub {
  const stub: SupportApiStub = {
    calls: [],
    notices: [...(init.notices ?? [])],
    faq: [...(init.faq ?? FAQ_FIXTURE)],
    fail: (path, status, code, fields) => failures.set(path, () => error(status, code, fields)),
  };
  const failures = new Map<string, () => Response>();
  const has = (text: string, keyword: string) => text.toLowerCase().includes(keyword.toLowerCase());
  const plain = (html: string) => html.replace(/<[^>]*>/g, ' ');

  vi.stubGlobal('fetch', async (input: string, init: RequestInit = {}) => {
    const url = new URL(input, 'http://localhost');
    const path = url.pathname.replace(/^\/api\//, '');
    const method = init.method ?? 'GET';
    const headers = (init.headers ?? {}) as Record<string, string>;
    const body = typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    stub.calls.push({ method, path, query: url.searchParams, body, authorization: headers.Authorization ?? null });
    const failure = failures.get(path);
    if (failure) return failure();
    const sorted = () =>
      [...stub.notices].sort((a, b) => Number(b.pinned) - Number(a.pinned) || b.createdAt.localeCompare(a.createdAt));
    const summary = ({ body: _body, ...rest }: Notice) => rest;

    if (method === 'GET' && path === 'faq')
      return json(
        200,
        stub.faq.filter((e) => e.locale === (url.searchParams.get('locale') ?? 'ko')),
      );
    if (method === 'GET' && path === 'notices') {
      const page = Number(url.searchParams.get('page') ?? 1);
      const size = Number(url.searchParams.get('size') ?? 10);
      const keyword = url.searchParams.get('keyword') ?? '';
      const found = sorted().filter((n) => !keyword || has(n.title, keyword) || has(plain(n.body), keyword));
      return json(200, {
        items: found.slice((page - 1) * size, page * size).map(summary),
        total: found.length,
        page,
        size,
      });
    }
    if (method === 'GET' && path === 'search') {
      const keyword = url.searchParams.get('keyword') ?? '';
      const locale = url.searchParams.get('locale') ?? 'ko';
      return json(200, {
        notices: sorted()
          .filter((n) => has(n.title, keyword) || has(plain(n.body), keyword))
          .map((n) => ({ ...summary(n), excerpt: plain(n.body).trim() })),
        faq: stub.faq.filter((e) => e.locale === locale && (has(e.question, keyword) || has(e.answer, keyword))),
      });
    }
    const one = /^notices\/([^/]+)$/.exec(path);
    if (one) {
      const id = decodeURIComponent(one[1] ?? '');
      const index = stub.notices.findIndex((n) => n.id === id);
      if (method === 'GET') return index < 0 ? error(404, 'not_found') : json(200, stub.notices[index]);
      if (method === 'PATCH' && index >= 0) {
        const updated = { ...stub.notices[index]!, ...(body as Partial<Notice>) };
        stub.notices[index] = updated;
        return json(200, updated);
      }
      if (method === 'DELETE' && index >= 0) {
        stub.notices.splice(index, 1);
        return json(204);
      }
      return error(404, 'not_found');
    }
    if (method === 'POST' && path === 'notices') {
      const created = { ...noticeFixture(stub.notices.length + 100), ...(body as Partial<Notice>) };
      stub.notices.push(created);
      return json(201, created);
    }
    return error(404, 'not_found');
  });
  return stub;
}
