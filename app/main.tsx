import 'pretendard/dist/web/variable/pretendardvariable-dynamic-subset.css';
import { createRoot } from 'react-dom/client';
import { splitLocale, localizePath } from '../contract/routes';
import { App } from './App';
import { createI18n } from './i18n/i18n';
import { detectFirstVisitLocale, readLocaleCookie, writeLocaleCookie } from './i18n/localeCookie';
import { registerServiceWorker } from './platform/registerServiceWorker';

function firstVisitRedirect(): void {
  if (readLocaleCookie()) return;
  const detected = detectFirstVisitLocale(navigator.languages ?? [navigator.language]);
  writeLocaleCookie(detected);
  const { locale, path } = splitLocale(location.pathname);
  if (detected === 'en' && locale !== 'en') {
    history.replaceState(null, '', localizePath(path, 'en') + location.search + location.hash);
  }
}

async function boot(): Promise<void> {
  firstVisitRedirect();
  const { locale } = splitLocale(location.pathname);
  document.documentElement.lang = locale;
  const { i18n, ready } = createI18n(locale);
  await ready;
  createRoot(document.getElementById('root')!).render(<App i18n={i18n} />);
  // Persisted UI state (and its validator) loads after first paint.
  void import('./state/persistUi').then((m) => m.persistUi());
  // The session (stored token → GET auth/user) loads after first paint too: the header then
  // shows the signed-in state, and the landing chunk carries no API client.
  void import('./api/session').then((m) => m.bootstrapSession());
  if (import.meta.env.PROD) {
    try {
      void registerServiceWorker();
    } catch (error) {
      console.info((error as Error).message);
    }
  }
}

void boot();
