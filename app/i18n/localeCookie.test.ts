import { describe, expect, it } from 'vitest';
import { detectFirstVisitLocale, readLocaleCookie } from './localeCookie';

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
});
