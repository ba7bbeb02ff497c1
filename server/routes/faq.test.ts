import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FAQ_CATEGORIES, faqListSchema, faqSchema } from '../../contract/apiSupport';
import en from '../seed/faq.en.json';
import ko from '../seed/faq.ko.json';
import { createTestApp, type TestApp } from '../test/testApp';
import { createTestUser, jsonInit, type TestUser } from '../test/testUsers';

let t: TestApp;
let admin: TestUser;
let user: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  admin = await createTestUser(t, { admin: true });
  user = await createTestUser(t);
});
afterAll(() => t.close());

async function call(method: string, path: string, who?: TestUser | null, body?: unknown) {
  const res = await t.app.request(`/api/${path}`, jsonInit(method, who, body));
  const text = await res.text();
  return { status: res.status, json: text ? (JSON.parse(text) as unknown) : null };
}

const rank = (c: string) => (FAQ_CATEGORIES as readonly string[]).indexOf(c);

describe('FAQ', () => {
  it('serves the seeded FAQ in both languages, in category order, with the same entries', async () => {
    const koList = faqListSchema.parse((await call('GET', 'faq')).json);
    const enList = faqListSchema.parse((await call('GET', 'faq?locale=en')).json);
    expect(koList).toHaveLength(ko.length);
    expect(enList).toHaveLength(en.length);
    expect(koList[0]).toMatchObject({ id: 'ko-signUp', locale: 'ko', category: 'account', question: ko[0]?.question });
    expect(enList.map((e) => e.id.slice(3))).toEqual(koList.map((e) => e.id.slice(3)));
    const ranks = enList.map((e) => rank(e.category));
    expect(ranks).toEqual([...ranks].sort((a, b) => a - b));
    expect(new Set(enList.map((e) => e.category))).toEqual(new Set(FAQ_CATEGORIES));
    expect((await call('GET', 'faq?locale=fr')).status).toBe(400);
  });

  it('lets platform admins add, edit and delete entries', async () => {
    const created = await call('POST', 'faq', admin, {
      locale: 'en',
      category: 'billing',
      question: 'Do you take cash?',
      answer: 'No.',
      position: 9,
    });
    expect(created.status).toBe(201);
    const entry = faqSchema.parse(created.json);
    const list = faqListSchema.parse((await call('GET', 'faq?locale=en')).json);
    const billing = list.filter((e) => e.category === 'billing');
    expect(billing.at(-1)?.id).toBe(entry.id);
    expect((await call('PATCH', `faq/${entry.id}`, admin, { answer: 'Cards only.' })).json).toMatchObject({
      answer: 'Cards only.',
      question: 'Do you take cash?',
    });
    expect((await call('DELETE', `faq/${entry.id}`, admin)).status).toBe(204);
    expect((await call('PATCH', `faq/${entry.id}`, admin, { answer: 'x' })).status).toBe(404);
    expect((await call('DELETE', `faq/${entry.id}`, admin)).status).toBe(404);
  });

  it('refuses non-admins and bad input', async () => {
    const body = { locale: 'ko', category: 'account', question: 'Q', answer: 'A' };
    expect((await call('POST', 'faq', null, body)).status).toBe(401);
    expect((await call('POST', 'faq', user, body)).status).toBe(403);
    expect((await call('PATCH', 'faq/ko-signUp', user, { answer: 'hacked' })).status).toBe(403);
    expect((await call('DELETE', 'faq/ko-signUp', user)).status).toBe(403);
    expect((await call('POST', 'faq', admin, { ...body, question: '' })).json).toMatchObject({
      error: { code: 'validation', fields: { question: 'validation:required' } },
    });
    expect((await call('POST', 'faq', admin, { ...body, category: 'food' })).status).toBe(400);
    expect((await call('POST', 'faq', admin, { ...body, id: 'mine' })).json).toMatchObject({
      error: { code: 'bad_request' },
    });
    expect((await call('PATCH', 'faq/ko-signUp', admin, { position: -1 })).status).toBe(400);
    expect((await call('GET', 'faq')).json).toEqual(
      expect.arrayContaining([expect.objectContaining({ id: 'ko-signUp', question: ko[0]?.question })]),
    );
  });
});
