import { ChakraProvider } from '@chakra-ui/react';
import type { i18n as I18n } from 'i18next';
import { Suspense } from 'react';
import { I18nextProvider } from 'react-i18next';
import { Route, Router, Switch } from 'wouter';
import { ErrorBoundary } from './errors/ErrorBoundary';
import { ChatWidget } from './platform/ChatWidget';
import { LocaleScope } from './routes/LocaleScope';
import { PageFallback } from './routes/PageFallback';
import { PageRoutes } from './routes/PageRoutes';
import { ScrollToTopOnNavigate } from './routes/ScrollToTopOnNavigate';
import { system } from './theme/system';

/** Providers and the locale split: `/en/...` is English, everything else Korean. */
export function App({ i18n, ssrPath }: { i18n: I18n; ssrPath?: string }) {
  return (
    <I18nextProvider i18n={i18n}>
      <ChakraProvider value={system}>
        <ErrorBoundary>
          <Router {...(ssrPath ? { ssrPath } : {})}>
            <ScrollToTopOnNavigate />
            <Suspense fallback={<PageFallback />}>
              <Switch>
                <Route path="/en" nest>
                  <LocaleScope locale="en">
                    <PageRoutes />
                  </LocaleScope>
                </Route>
                <Route>
                  <LocaleScope locale="ko">
                    <PageRoutes />
                  </LocaleScope>
                </Route>
              </Switch>
            </Suspense>
            <ChatWidget />
          </Router>
        </ErrorBoundary>
      </ChakraProvider>
    </I18nextProvider>
  );
}
