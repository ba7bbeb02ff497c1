import 'pretendard/dist/web/variable/pretendardvariable-dynamic-subset.css';
import { createRoot } from 'react-dom/client';
import { splitLocale } from '../contract/routes';
import { App } from './App';
import { startSession } from './api/startSession';
import { createI18n } from './i18n/i18n';
import { detectFirstVisitLocale, localeRedirectTarget, readLocaleCookie, writeLocaleCookie } from './i18n/localeCookie';
import { registerServiceWorker } from './platform/registerServiceWorker';

/**
 * An address without the locale prefix shows the chosen locale (the cookie) or, on a first visit,
 * the browser's. Done here rather than by the server: the service worker answers navigations with
 * the cached shell, so only the client sees every visit (docs/decisions/0067).
 */
function localeRedirect(): void {
  let wanted = readLocaleCookie();
  if (!wanted) {
    wanted = detectFirstVisitLocale(navigator.languages ?? [navigator.language]);
    writeLocaleCookie(wanted);
  }
  const target = localeRedirectTarget(location.pathname, wanted);
  if (target) history.replaceState(null, '', target + location.search + location.hash);
}

async function boot(): Promise<void> {
  localeRedirect();
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
