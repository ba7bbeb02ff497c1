import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { noticePageSchema, noticeSchema } from '../../contract/apiSupport';
import { createTestApp, type TestApp } from '../test/testApp';
import { createTestUser, jsonInit, type TestUser } from '../test/testUsers';
import { noticeHtmlToText, sanitizeNoticeHtml } from './noticesHtml';

let t: TestApp;
let admin: TestUser;
let user: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  admin = await createTestUser(t, { name: 'Platform Admin', admin: true });
  user = await createTestUser(t);
});
afterAll(() => t.close());

async function call(method: string, path: string, who?: TestUser | null, body?: unknown) {
  const res = await t.app.request(`/api/${path}`, jsonInit(method, who, body));
  const text = await res.text();
  return { status: res.status, json: text ? (JSON.parse(text) as unknown) : null };
}

async function post(title: string, body = '<p>Text</p>', extra: Record<string, unknown> = {}) {
  const res = await call('POST', 'notices', admin, { title, body, ...extra });
  expect(res.status).toBe(201);
  t.clock.advance(1);
  return noticeSchema.parse(res.json);
}

describe('notice HTML', () => {
  it('keeps the safe tags and drops scripts, styles, handlers and unsafe links', () => {
    const dirty = [
      '<h2 style="color:red" onclick="x()">Title</h2><script>alert(1)</script>',
      '<p>Hi <strong>bold</strong> <em>e</em> <u>u</u> <s>s</s><br><img src=x onerror=alert(1)></p>',
      '<a href="javascript:alert(1)">bad</a> <a href="https://ok.example/" target="_blank" rel="opener">ok</a>',
      '<a href="mailto:help@maru.ai">mail</a><iframe src="https://evil"></iframe><style>p{}</style>',
      '<ul><li>one</li></ul><ol><li>two</li></ol><blockquote>q</blockquote><pre><code>c</code></pre><h5>h5</h5>',
    ].join('');
    const clean = sanitizeNoticeHtml(dirty);
    expect(clean).toContain('<h2>Title</h2>');
    expect(clean).toContain('<strong>bold</strong> <em>e</em> <u>u</u> <s>s</s><br />');
    expect(clean).toContain('<a rel="noopener noreferrer">bad</a>');
    expect(clean).toContain('<a href="https://ok.example/" rel="noopener noreferrer">ok</a>');
    expect(clean).toContain('<a href="mailto:help@maru.ai" rel="noopener noreferrer">mail</a>');
    expect(clean).toContain(
      '<ul><li>one</li></ul><ol><li>two</li></ol><blockquote>q</blockquote><pre><code>c</code></pre>h5',
    );
    for (const bad of ['script', 'style', 'onclick', 'onerror', 'javascript:', 'iframe', '<img', 'target', '<h5']) {
      expect(clean).not.toContain(bad);
    }
  });

  it('turns HTML into searchable text with block boundaries as spaces', () => {
    expect(
      noticeHtmlToText(
        '<p>one</p><p>two &amp; <strong>three</strong>&nbsp;&#52;&#x35;</p><ul><li>a</li><li>b</li></ul>',
      ),
    ).toBe('one two & three 45 a b');
  });
});

describe('notices', () => {
  it('lets a platform admin create, edit and delete; the body is stored sanitised', async () => {
    const created = await post(
      'Maintenance on Sunday',
      '<p onclick="x()">Down <script>evil()</script>for an hour</p>',
      { category: 'maintenance', pinned: true },
    );
    expect(created).toMatchObject({
      title: 'Maintenance on Sunday',
      category: 'maintenance',
      pinned: true,
      author: 'Platform Admin',
      body: '<p>Down for an hour</p>',
    });
    const edited = await call('PATCH', `notices/${created.id}`, admin, { title: 'Maintenance moved', pinned: false });
    expect(edited.json).toMatchObject({
      title: 'Maintenance moved',
      pinned: false,
      category: 'maintenance',
      body: '<p>Down for an hour</p>',
    });
    expect((await call('GET', `notices/${created.id}`, null)).json).toMatchObject({ title: 'Maintenance moved' });
    expect((await call('DELETE', `notices/${created.id}`, admin)).status).toBe(204);
    expect((await call('GET', `notices/${created.id}`, null)).status).toBe(404);
    expect((await call('DELETE', `notices/${created.id}`, admin)).status).toBe(404);
    expect((await call('PATCH', `notices/${created.id}`, admin, { title: 'Gone' })).status).toBe(404);
  });

  it('refuses non-admins (403) and anonymous callers (401)', async () => {
    const n = await post('Admins only');
    expect((await call('POST', 'notices', user, { title: 'x', body: 'y' })).json).toMatchObject({
      error: { code: 'forbidden' },
    });
    expect((await call('PATCH', `notices/${n.id}`, user, { title: 'x' })).status).toBe(403);
    expect((await call('DELETE', `notices/${n.id}`, user)).status).toBe(403);
    expect((await call('POST', 'notices', null, { title: 'x', body: 'y' })).status).toBe(401);
    expect((await call('DELETE', `notices/${n.id}`, null)).status).toBe(401);
  });

  it('refuses bad input with field errors and loses nothing', async () => {
    const n = await post('Keep me', '<p>Original</p>');
    expect((await call('POST', 'notices', admin, { title: '', body: 'x' })).json).toMatchObject({
      error: { code: 'validation', fields: { title: 'validation:required' } },
    });
    expect((await call('POST', 'notices', admin, { title: 'x'.repeat(101), body: 'x' })).json).toMatchObject({
      error: { fields: { title: 'validation:max100' } },
    });
    expect((await call('POST', 'notices', admin, { title: 'x', body: '<script>only()</script>' })).json).toMatchObject({
      error: { fields: { body: 'validation:required' } },
    });
    expect((await call('POST', 'notices', admin, { title: 'x', body: 'y', category: 'party' })).status).toBe(400);
    expect((await call('POST', 'notices', admin, { title: 'x', body: 'y', author_id: user.id })).json).toMatchObject({
      error: { code: 'bad_request' },
    });
    expect((await call('PATCH', `notices/${n.id}`, admin, { body: '<iframe></iframe>' })).status).toBe(400);
    expect((await call('GET', `notices/${n.id}`, null)).json).toMatchObject({
      title: 'Keep me',
      body: '<p>Original</p>',
    });
    expect((await call('GET', 'notices?size=101', null)).status).toBe(400);
    expect((await call('GET', 'notices?page=0', null)).status).toBe(400);
    expect((await call('GET', 'notices?sort=title', null)).status).toBe(400);
  });
});

describe('notice list', () => {
  let fresh: TestApp;
  let boss: TestUser;
  beforeAll(async () => {
    fresh = await createTestApp();
    boss = await createTestUser(fresh, { admin: true });
    const add = async (title: string, body: string, pinned = false) => {
      const res = await fresh.app.request('/api/notices', jsonInit('POST', boss, { title, body, pinned }));
      expect(res.status).toBe(201);
      fresh.clock.advance(60);
    };
    await add('Pinned rules', '<p>Read me first</p>', true);
    for (let i = 1; i <= 12; i++) await add(`Update ${i}`, `<p>Release notes ${i}</p>`);
    await add('100% uptime_week', '<p>Literal <strong>percent</strong> sign</p>');
  });
  afterAll(() => fresh.close());

  const list = async (query: string) => {
    const res = await fresh.app.request(`/api/notices?${query}`);
    expect(res.status).toBe(200);
    return noticePageSchema.parse(await res.json());
  };

  it('puts pinned notices first, then the newest, one page at a time', async () => {
    const first = await list('page=1&size=5');
    expect(first.total).toBe(14);
    expect(first.items.map((n) => n.title)).toEqual([
      'Pinned rules',
      '100% uptime_week',
      'Update 12',
      'Update 11',
      'Update 10',
    ]);
    const last = await list('page=3&size=5');
    expect(last.items.map((n) => n.title)).toEqual(['Update 4', 'Update 3', 'Update 2', 'Update 1']);
    expect((await list('page=9')).items).toEqual([]);
  });

  it('filters by keyword in the title or the body text, ignoring case, with % and _ taken literally', async () => {
    expect((await list('keyword=UPDATE 1')).items.map((n) => n.title)).toEqual([
      'Update 12',
      'Update 11',
      'Update 10',
      'Update 1',
    ]);
    expect((await list('keyword=release notes 7')).items.map((n) => n.title)).toEqual(['Update 7']);
    expect((await list('keyword=100%25')).total).toBe(1);
    expect((await list('keyword=%25')).total).toBe(1);
    expect((await list('keyword=_')).total).toBe(1);
    expect((await list('keyword=strong')).total).toBe(0);
    expect((await list('keyword=PERCENT')).total).toBe(1);
  });
});
