import { ChakraProvider } from '@chakra-ui/react';
import { render, type RenderOptions } from '@testing-library/react';
import i18next, { type i18n as I18n } from 'i18next';
import type { ReactElement, ReactNode } from 'react';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import type { Locale } from '../../contract/routes';
import { system } from '../theme/system';
import '../theme/pageRecipes';

// Every locale file, bundled synchronously for tests.
const files = import.meta.glob<Record<string, unknown>>('../../locales/*/*.json', { eager: true, import: 'default' });

export function createTestI18n(locale: Locale = 'ko'): I18n {
  const resources: Record<string, Record<string, Record<string, unknown>>> = {};
  for (const [file, data] of Object.entries(files)) {
    const [, lng, ns] = /locales\/(\w+)\/(\w+)\.json$/.exec(file)!;
    (resources[lng!] ??= {})[ns!] = data;
  }
  const i18n = i18next.createInstance();
  void i18n.use(initReactI18next).init({
    lng: locale,
    fallbackLng: 'ko',
    resources,
    defaultNS: 'common',
    initAsync: false,
    interpolation: { escapeValue: false },
    react: { useSuspense: false },
  });
  return i18n;
}

export interface ProviderOptions extends Omit<RenderOptions, 'wrapper'> {
  locale?: Locale;
  path?: string;
}

/** Renders with Chakra, i18n (all texts loaded) and an in-memory router at `path`. */
export function renderWithProviders(ui: ReactElement, { locale = 'ko', path = '/', ...options }: ProviderOptions = {}) {
  const i18n = createTestI18n(locale);
  const location = memoryLocation({ path, record: true });
  const Wrapper = ({ children }: { children: ReactNode }) => (
    <I18nextProvider i18n={i18n}>
      <ChakraProvider value={system}>
        <Router hook={location.hook} searchHook={location.searchHook}>
          {children}
        </Router>
      </ChakraProvider>
    </I18nextProvider>
  );
  return { ...render(ui, { wrapper: Wrapper, ...options }), i18n, location };
}
