import { describe, expect, it } from 'vitest';
import { detectFirstVisitLocale, localeRedirectTarget, readLocaleCookie } from './localeCookie';

describe('locale cookie', () => {
  it('reads i18n_redirected among other cookies', () => {
    expect(readLocaleCookie('a=1; i18n_redirected=en; b=2')).toBe('en');
    expect(readLocaleCookie('i18n_redirected=ko')).toBe('ko');
    expect(readLocaleCookie('i18n_redirected=fr')).toBeNull();
    expect(readLocaleCookie('')).toBeNull();
  });
  it('sends English browsers to English on a first visit', () => {
    expect(detectFirstVisitLocale(['en-US', 'ko'])).toBe('en');
    expect(detectFirstVisitLocale(['ko-KR', 'en'])).toBe('ko');
    expect(detectFirstVisitLocale(['ja'])).toBe('ko');
    expect(detectFirstVisitLocale([])).toBe('ko');
  });
  it('a chosen English sends addresses without the prefix to /en, keeping the rest of the path', () => {
    expect(localeRedirectTarget('/', 'en')).toBe('/en');
    expect(localeRedirectTarget('/support', 'en')).toBe('/en/support');
    expect(localeRedirectTarget('/console/projects/7/settings', 'en')).toBe('/en/console/projects/7/settings');
    expect(localeRedirectTarget('/no/such/page', 'en')).toBe('/en/no/such/page');
  });
  it('English addresses stay, and a chosen Korean keeps addresses without the prefix', () => {
    expect(localeRedirectTarget('/en', 'en')).toBeNull();
    expect(localeRedirectTarget('/en/support', 'en')).toBeNull();
    expect(localeRedirectTarget('/', 'ko')).toBeNull();
    expect(localeRedirectTarget('/support', 'ko')).toBeNull();
    expect(localeRedirectTarget('/en/support', 'ko')).toBeNull();
  });
  it('a path that merely starts with "en" is not English', () => {
    expect(localeRedirectTarget('/english', 'en')).toBe('/en/english');
  });
});
