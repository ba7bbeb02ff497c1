import { describe, expect, it } from 'vitest';
import { createI18n } from './i18n';

describe('createI18n', () => {
  it.each(['ko', 'en'] as const)('loads only the %s texts, not the other language', async (locale) => {
    const other = locale === 'ko' ? 'en' : 'ko';
    const { i18n, ready } = createI18n(locale);
    await ready;
    await i18n.loadNamespaces('landing');
    expect(i18n.hasResourceBundle(locale, 'common')).toBe(true);
    expect(i18n.hasResourceBundle(locale, 'landing')).toBe(true);
    expect(i18n.hasResourceBundle(other, 'common')).toBe(false);
    expect(i18n.hasResourceBundle(other, 'landing')).toBe(false);
  });

  it('switching the language loads the new one', async () => {
    const { i18n, ready } = createI18n('ko');
    await ready;
    const korean = i18n.t('auth.signIn');
    await i18n.changeLanguage('en');
    expect(i18n.hasResourceBundle('en', 'common')).toBe(true);
    expect(i18n.t('auth.signIn')).not.toBe(korean);
    expect(i18n.t('auth.signIn')).not.toBe('auth.signIn');
  });
});
