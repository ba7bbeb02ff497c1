import { Suspense, type ReactNode } from 'react';
import { Route, Switch, useLocation } from 'wouter';
import { paths, type PathName } from '../../contract/routes';
import { ErrorBoundary } from '../errors/ErrorBoundary';
import { NotFoundPage } from '../errors/ErrorPage';
import { LoginLayout } from '../layouts/LoginLayout';
import { PublicLayout } from '../layouts/PublicLayout';
import { PageFallback } from './PageFallback';
import { LAB_COMPONENTS_PATH, LAB_ENGINE_PATH, labPages, PAGE_OF_PATH, pages } from './pages';

function Frame({ layout: Layout, children }: { layout: typeof PublicLayout; children: ReactNode }) {
  const [location] = useLocation();
  return (
    <Layout>
      <ErrorBoundary resetKey={location}>
        <Suspense fallback={<PageFallback />}>{children}</Suspense>
      </ErrorBoundary>
    </Layout>
  );
}

const PATH_NAMES = Object.keys(paths) as PathName[];
/** Pages in the login layout (no header or footer); the others are in the public layout. */
const LOGIN_LAYOUT_PATHS: readonly PathName[] = ['login', 'loginAuth', 'loginReset', 'loginSignup'];

function pageRoute(name: PathName, layout?: typeof PublicLayout) {
  const Page = pages[PAGE_OF_PATH[name]];
  return (
    <Route key={name} path={paths[name]}>
      {layout ? (
        <Frame layout={layout}>
          <Page />
        </Frame>
      ) : (
        <Page />
      )}
    </Route>
  );
}

/**
 * The page table of pages.ts (locale-free paths, in the order of `paths`, where the more specific
 * of two overlapping paths comes first; the /en prefix is the router's base).
 */
export function PageRoutes() {
  return (
    <Switch>
      {PATH_NAMES.filter((name) => LOGIN_LAYOUT_PATHS.includes(name)).map((name) => pageRoute(name, LoginLayout))}
      <Route>
        <Frame layout={PublicLayout}>
          <Switch>
            {PATH_NAMES.filter((name) => !LOGIN_LAYOUT_PATHS.includes(name)).map((name) => pageRoute(name))}
            {labPages && (
              <Route path={LAB_ENGINE_PATH}>
                <labPages.EngineLab />
              </Route>
            )}
            {labPages && (
              <Route path={LAB_COMPONENTS_PATH}>
                <labPages.ComponentsLab />
              </Route>
            )}
            <Route>
              <NotFoundPage />
            </Route>
          </Switch>
        </Frame>
      </Route>
    </Switch>
  );
}
