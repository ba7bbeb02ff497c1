import 'pretendard/dist/web/variable/pretendardvariable-dynamic-subset.css';
import { createRoot } from 'react-dom/client';
import { splitLocale, localizePath } from '../contract/routes';
import { App } from './App';
import { startSession } from './api/startSession';
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
  // The header shows the signed-in state soon after first paint; a signed-out visitor loads no
  // API client (api/startSession.ts).
  startSession();
  if (import.meta.env.PROD) {
    try {
      void registerServiceWorker();
    } catch (error) {
      console.info((error as Error).message);
    }
  }
}

void boot();
