import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { searchResultSchema } from '../../contract/apiSupport';
import { createTestApp, type TestApp } from '../test/testApp';
import { createTestUser, jsonInit } from '../test/testUsers';
import { containsPattern, excerptAround } from './searchLike';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  const admin = await createTestUser(t, { admin: true });
  for (const [title, body] of [
    ['GPU quota raised', '<p>Every plan now gets <strong>more</strong> GPU hours.</p>'],
    ['Holiday hours', `<p>${'Support is closed on the holiday. '.repeat(8)}Write to 50%_off@maru.ai for deals.</p>`],
    ['라벨링 도구 업데이트', '<p>새 단축키가 추가되었습니다.</p>'],
  ]) {
    const res = await t.app.request('/api/notices', jsonInit('POST', admin, { title, body }));
    expect(res.status).toBe(201);
    t.clock.advance(1);
  }
});
afterAll(() => t.close());

async function search(query: string) {
  const res = await t.app.request(`/api/search?${query}`);
  expect(res.status).toBe(200);
  return searchResultSchema.parse(await res.json());
}

describe('search', () => {
  it('finds notices by title or body text, case-insensitively, with an excerpt', async () => {
    const gpu = await search('keyword=gpu&locale=en');
    expect(gpu.notices.map((n) => n.title)).toEqual(['GPU quota raised']);
    expect(gpu.notices[0]?.excerpt).toBe('Every plan now gets more GPU hours.');
    expect(gpu.faq.map((e) => e.id)).toEqual(['en-gpuHours', 'en-stopTraining']);
    const deals = await search('keyword=DEALS');
    expect(deals.notices.map((n) => n.title)).toEqual(['Holiday hours']);
    expect(deals.notices[0]?.excerpt.startsWith('…')).toBe(true);
    expect(deals.notices[0]?.excerpt).toContain('for deals.');
  });

  it('takes % and _ literally and never matches markup', async () => {
    expect((await search('keyword=50%25_off')).notices).toHaveLength(1);
    expect((await search('keyword=%25')).notices).toHaveLength(1);
    expect((await search('keyword=5_%25')).notices).toHaveLength(0);
    expect((await search('keyword=strong')).notices).toHaveLength(0);
  });

  it('searches the FAQ of the requested language (Korean by default)', async () => {
    const ko = await search(`keyword=${encodeURIComponent('라벨링')}`);
    expect(ko.notices.map((n) => n.title)).toEqual(['라벨링 도구 업데이트']);
    expect(ko.faq.length).toBeGreaterThan(0);
    expect(ko.faq.every((e) => e.locale === 'ko' && (e.question + e.answer).includes('라벨링'))).toBe(true);
    expect((await search('keyword=Naver&locale=en')).faq.map((e) => e.id)).toEqual(['en-signUp']);
    expect((await search('keyword=naver&locale=ko')).faq).toEqual([]);
  });

  it('refuses an empty or too long keyword and unknown parameters', async () => {
    for (const q of [
      '',
      'keyword=',
      'keyword=%20%20',
      `keyword=${'x'.repeat(101)}`,
      'keyword=a&locale=de',
      'keyword=a&page=2',
    ]) {
      expect((await t.app.request(`/api/search?${q}`)).status, q).toBe(400);
    }
  });
});

describe('search helpers', () => {
  it('escapes LIKE wildcards and the escape character', () => {
    expect(containsPattern('a%b_c\\d')).toBe('%a\\%b\\_c\\\\d%');
  });

  it('cuts an excerpt around the first hit', () => {
    const text = `${'a'.repeat(100)}NEEDLE${'b'.repeat(100)}`;
    expect(excerptAround(text, 'needle', 10)).toBe(`…${'a'.repeat(10)}NEEDLE${'b'.repeat(10)}…`);
    expect(excerptAround('short text', 'zzz')).toBe('short text');
  });
});
