import { describe, expect, it } from 'vitest';
import { projectHref } from './projectRoutes';
import { href, isKnownPage, localizePath, splitLocale } from './routes';

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
  it.each(['/nope', '/info/unknown', '/solution/other', '/support/x/y', '/resources/a/b/c', '/en'])('%s is not', (p) =>
    expect(isKnownPage(p)).toBe(false),
  );
  it('builds hrefs that round-trip', () => {
    expect(isKnownPage(href.noticeDetail(7))).toBe(true);
    expect(projectHref('a/b')).toBe('/console/projects/a%2Fb');
    expect(projectHref('p1', 'settings')).toBe('/console/projects/p1/settings');
    expect(isKnownPage(projectHref('p1', 'settings'))).toBe(true);
    expect(href.search('라벨 도구')).toBe('/support/search?keyword=%EB%9D%BC%EB%B2%A8%20%EB%8F%84%EA%B5%AC');
  });
});
