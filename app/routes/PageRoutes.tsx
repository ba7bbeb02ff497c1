import { Suspense, type ComponentType, type ReactNode } from 'react';
import { Route, Switch, useLocation } from 'wouter';
import { matchPage, paths, type PathName } from '../../contract/routes';
import { ErrorBoundary } from '../errors/ErrorBoundary';
import { NotFoundPage } from '../errors/ErrorPage';
import { lazyPage } from '../errors/lazyPage';
import { LoginLayout } from '../layouts/LoginLayout';
import { PublicLayout } from '../layouts/PublicLayout';
import { PageFallback } from './PageFallback';
import { LAB_COMPONENTS_PATH, LAB_ENGINE_PATH, labPages, PAGE_OF_PATH, pages } from './pages';

type Layout = ComponentType<{ children: ReactNode }>;

/**
 * The console's frame is a chunk of its own: it holds the console's data cache (TanStack Query),
 * auth guard and navigation, none of which a public page should download.
 */
const ConsoleLayout = lazyPage(() => import('../layouts/console/ConsoleLayout'));

function Frame({ layout: Layout, children }: { layout: Layout; children: ReactNode }) {
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
/** Pages in the login layout (no header or footer). */
const LOGIN_LAYOUT_PATHS: readonly PathName[] = ['login', 'loginAuth', 'loginReset', 'loginSignup'];
/** Pages in the console layout: every page under /console. The others are in the public layout. */
const CONSOLE_LAYOUT_PATHS: readonly PathName[] = PATH_NAMES.filter(
  (name) => paths[name] === '/console' || paths[name].startsWith('/console/'),
);
const PUBLIC_LAYOUT_PATHS: readonly PathName[] = PATH_NAMES.filter(
  (name) => !LOGIN_LAYOUT_PATHS.includes(name) && !CONSOLE_LAYOUT_PATHS.includes(name),
);

function pageRoute(name: PathName, layout?: Layout) {
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

/** The lazy console frame, with the page's fallback and error page while it loads or if it fails. */
function ConsoleFrame({ children }: { children: ReactNode }) {
  const [location] = useLocation();
  return (
    <ErrorBoundary resetKey={location}>
      <Suspense fallback={<PageFallback />}>
        <Frame layout={ConsoleLayout}>{children}</Frame>
      </Suspense>
    </ErrorBoundary>
  );
}

/** The layout of a locale-free path: login pages, console pages, and the public site (404 included). */
export function layoutOfPath(location: string): 'login' | 'console' | 'public' {
  const name = matchPage(location);
  if (name && LOGIN_LAYOUT_PATHS.includes(name)) return 'login';
  if (name && CONSOLE_LAYOUT_PATHS.includes(name)) return 'console';
  return 'public';
}

const notFound = (
  <Route>
    <NotFoundPage />
  </Route>
);

/**
 * The page table of pages.ts (locale-free paths, in the order of `paths`, where the more specific
 * of two overlapping paths comes first; the /en prefix is the router's base), each page in its
 * layout. One layout element stays mounted while the user moves between its pages (the console's
 * navigation and auth guard do not restart on each click).
 */
export function PageRoutes() {
  const [location] = useLocation();
  const layout = layoutOfPath(location);
  if (layout === 'login') {
    return <Switch>{LOGIN_LAYOUT_PATHS.map((name) => pageRoute(name, LoginLayout))}</Switch>;
  }
  if (layout === 'console') {
    return (
      <ConsoleFrame>
        <Switch>
          {CONSOLE_LAYOUT_PATHS.map((name) => pageRoute(name))}
          {notFound}
        </Switch>
      </ConsoleFrame>
    );
  }
  return (
    <Frame layout={PublicLayout}>
      <Switch>
        {PUBLIC_LAYOUT_PATHS.map((name) => pageRoute(name))}
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
        {notFound}
      </Switch>
    </Frame>
  );
}
