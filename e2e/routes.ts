/** Every public page of the spec, locale-free, with a label for test names. */
export const PUBLIC_ROUTES: string[] = [
  '/',
  '/info',
  '/info/dataset',
  '/info/label',
  '/info/training',
  '/info/test',
  '/info/deploy',
  '/info/index_deprecated',
  '/solution',
  '/solution/vision',
  '/solution/tools',
  '/solution/chamber',
  '/pricing',
  '/support',
  '/support/faq',
  '/support/notice',
  '/support/notice/1',
  '/support/notice/edit',
  '/support/policy',
  '/support/privacy',
  '/support/docs',
  '/support/search?keyword=라벨',
  '/resources',
  '/resources/dataset',
  '/resources/model',
  '/resources/detail/1',
  '/docs',
  '/login',
  '/login/auth',
  '/login/auth/abc123',
  '/login/reset',
  '/login/reset/abc123',
  '/login/signup',
  '/console/admin/pay',
];

export const SUFFIX = { ko: 'AI 관리 플랫폼', en: 'AI management platform' } as const;

export function withLocale(path: string, locale: 'ko' | 'en'): string {
  if (locale === 'ko') return path;
  return path === '/' ? '/en' : `/en${path}`;
}
