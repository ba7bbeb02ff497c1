import { describe, expect, it } from 'vitest';
import { PAGE_EXAMPLES, publicPageExamples, SIGNED_IN_PAGES } from './pageExamples';
import { projectHref } from './projectRoutes';
import {
  href,
  isKnownPage,
  localizePath,
  matchPage,
  PAGE_PATTERNS,
  paths,
  pathPattern,
  splitLocale,
  type PathName,
} from './routes';

describe('locale paths', () => {
  it('splits the /en prefix off', () => {
    expect(splitLocale('/en')).toEqual({ locale: 'en', path: '/' });
    expect(splitLocale('/en/pricing')).toEqual({ locale: 'en', path: '/pricing' });
    expect(splitLocale('/pricing')).toEqual({ locale: 'ko', path: '/pricing' });
    expect(splitLocale('/english')).toEqual({ locale: 'ko', path: '/english' });
  });
  it('adds the prefix for English only', () => {
    expect(localizePath('/', 'en')).toBe('/en');
    expect(localizePath('/info/label', 'en')).toBe('/en/info/label');
    expect(localizePath('/info/label', 'ko')).toBe('/info/label');
  });
});

describe('known pages', () => {
  it.each([
    '/',
    '/info',
    '/info/dataset',
    '/info/index_deprecated',
    '/login',
    '/login/auth',
    '/login/auth/abc',
    '/login/signup',
    '/login/reset/k',
    '/pricing',
    '/solution/vision',
    '/support/faq',
    '/support/notice/12',
    '/support/notice/edit',
    '/resources',
    '/resources/dataset',
    '/resources/detail/3',
    '/docs',
    '/console/user/a%40b.com',
    '/console/admin/pay',
    '/console/projects/p1',
    '/console/projects/p1/settings',
    '/pricing/',
  ])('%s is a page', (p) => expect(isKnownPage(p)).toBe(true));
  it.each(['/nope', '/info/unknown', '/solution/other', '/support/x/y', '/resources/a/b/c', '/en', '/console/nope'])(
    '%s is not',
    (p) => expect(isKnownPage(p)).toBe(false),
  );
  it('builds hrefs that round-trip', () => {
    expect(isKnownPage(href.noticeDetail(7))).toBe(true);
    expect(projectHref('a/b')).toBe('/console/projects/a%2Fb');
    expect(projectHref('p1', 'settings')).toBe('/console/projects/p1/settings');
    expect(isKnownPage(projectHref('p1', 'settings'))).toBe(true);
    expect(href.search('라벨 도구')).toBe('/support/search?keyword=%EB%9D%BC%EB%B2%A8%20%EB%8F%84%EA%B5%AC');
  });
});

describe('page patterns from paths', () => {
  const names = Object.keys(paths) as PathName[];
  const pathname = (address: string) => address.split('?')[0] ?? address;

  it('has a pattern and at least one example for every page path', () => {
    expect(Object.keys(PAGE_PATTERNS)).toEqual(names);
    expect(Object.keys(PAGE_EXAMPLES).sort()).toEqual([...names].sort());
    for (const name of names) expect(PAGE_EXAMPLES[name].length, name).toBeGreaterThan(0);
  });

  it.each(names.flatMap((name) => PAGE_EXAMPLES[name].map((address) => [name, address] as const)))(
    '%s: %s is matched by its own pattern, first',
    (name, address) => {
      expect(PAGE_PATTERNS[name].test(pathname(address))).toBe(true);
      expect(matchPage(pathname(address))).toBe(name);
      expect(isKnownPage(pathname(address))).toBe(true);
    },
  );

  it('reads optional parameters and limits the listed ones', () => {
    const auth = pathPattern('/login/auth/:key?');
    expect(auth.test('/login/auth')).toBe(true);
    expect(auth.test('/login/auth/k')).toBe(true);
    expect(auth.test('/login/auth/k/x')).toBe(false);
    const detail = pathPattern('/info/:title', { title: ['label'] });
    expect(detail.test('/info/label')).toBe(true);
    expect(detail.test('/info/labels')).toBe(false);
    expect(pathPattern('/a.b').test('/axb')).toBe(false);
  });

  it('lists for the browser tests every example but the signed-in pages', () => {
    const pub = publicPageExamples();
    expect(pub).toContain('/console/admin/pay');
    expect(pub).toContain('/info/index_deprecated');
    for (const name of SIGNED_IN_PAGES) for (const address of PAGE_EXAMPLES[name]) expect(pub).not.toContain(address);
    expect(pub).toHaveLength(
      names.reduce((n, name) => n + (SIGNED_IN_PAGES.includes(name) ? 0 : PAGE_EXAMPLES[name].length), 0),
    );
  });
});
