import { publicPageExamples } from '../contract/pageExamples';

/** Every page anyone may open, locale-free: the examples of contract/pageExamples.ts, one per address. */
export const PUBLIC_ROUTES: string[] = publicPageExamples();

export const SUFFIX = { ko: 'AI 관리 플랫폼', en: 'AI management platform' } as const;

export function withLocale(path: string, locale: 'ko' | 'en'): string {
  if (locale === 'ko') return path;
  return path === '/' ? '/en' : `/en${path}`;
}
