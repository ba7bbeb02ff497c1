import i18next, { type i18n as I18n } from 'i18next';
import resourcesToBackend from 'i18next-resources-to-backend';
import { initReactI18next } from 'react-i18next';
import { LOCALES, type Locale } from '../../contract/routes';

/** Namespaces: `common` (shell) is loaded at start; the others load with the page that uses them. */
export const NAMESPACES = [
  'common',
  'ui',
  'validation',
  'landing',
  'info',
  'solution',
  'pricing',
  'support',
  'legal',
  'resources',
  'auth',
  'console',
  'errors',
  'docs',
  'lab',
  'projects',
  'studio',
  'studioKeys',
  'studioSync',
  'invitations',
  'organization',
  'consoleNav',
  'withdraw',
  'trainingResults',
  'training',
  'models',
  'assist',
  'deploy',
  'webPoints',
  'market',
  'checkout',
] as const;
export type Namespace = (typeof NAMESPACES)[number];

// Each locale file becomes its own small chunk, so a page downloads only its language.
const loaders = import.meta.glob<{ default: Record<string, unknown> }>('../../locales/*/*.json');

export function createI18n(locale: Locale): { i18n: I18n; ready: Promise<unknown> } {
  const i18n = i18next.createInstance();
  const ready = i18n
    .use(
      resourcesToBackend(async (lng: string, ns: string) => {
        const load = loaders[`../../locales/${lng}/${ns}.json`];
        if (!load) throw new Error(`missing locale file ${lng}/${ns}`);
        return (await load()).default;
      }),
    )
    .use(initReactI18next)
    .init({
      lng: locale,
      // No fallback language: i18next would load the fallback's namespaces too (an English page
      // would download the Korean texts). Both locales have the same keys (locales/parity.test.ts).
      fallbackLng: false,
      supportedLngs: [...LOCALES],
      ns: ['common'],
      defaultNS: 'common',
      interpolation: { escapeValue: false },
      react: { useSuspense: true },
      returnNull: false,
    });
  return { i18n, ready };
}
