import { Suspense, type ReactNode } from 'react';
import { Route, Switch, useLocation } from 'wouter';
import { paths } from '../../contract/routes';
import { ErrorBoundary } from '../errors/ErrorBoundary';
import { NotFoundPage } from '../errors/ErrorPage';
import { LoginLayout } from '../layouts/LoginLayout';
import { PublicLayout } from '../layouts/PublicLayout';
import { PageFallback } from './PageFallback';
import { LAB_COMPONENTS_PATH, LAB_ENGINE_PATH, labPages, pages } from './pages';

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

/** The page table (locale-free paths; the /en prefix is the router's base). */
export function PageRoutes() {
  return (
    <Switch>
      <Route path={paths.login}>
        <Frame layout={LoginLayout}>
          <pages.Login />
        </Frame>
      </Route>
      <Route path={paths.loginAuth}>
        <Frame layout={LoginLayout}>
          <pages.LoginAuth />
        </Frame>
      </Route>
      <Route path={paths.loginReset}>
        <Frame layout={LoginLayout}>
          <pages.LoginReset />
        </Frame>
      </Route>
      <Route path={paths.loginSignup}>
        <Frame layout={LoginLayout}>
          <pages.Signup />
        </Frame>
      </Route>
      <Route>
        <Frame layout={PublicLayout}>
          <Switch>
            <Route path={paths.home}>
              <pages.Landing />
            </Route>
            <Route path={paths.info}>
              <pages.Info />
            </Route>
            <Route path={paths.infoDeprecated}>
              <pages.InfoDeprecated />
            </Route>
            <Route path={paths.infoDetail}>
              <pages.InfoDetail />
            </Route>
            <Route path={paths.solution}>
              <pages.Solution />
            </Route>
            <Route path={paths.solutionDetail}>
              <pages.SolutionDetail />
            </Route>
            <Route path={paths.pricing}>
              <pages.Pricing />
            </Route>
            <Route path={paths.support}>
              <pages.Support />
            </Route>
            <Route path={paths.supportFaq}>
              <pages.Faq />
            </Route>
            <Route path={paths.supportNotice}>
              <pages.NoticeList />
            </Route>
            <Route path={paths.supportNoticeEdit}>
              <pages.NoticeEdit />
            </Route>
            <Route path={paths.supportNoticeDetail}>
              <pages.NoticeDetail />
            </Route>
            <Route path={paths.supportPolicy}>
              <pages.Policy />
            </Route>
            <Route path={paths.supportPrivacy}>
              <pages.Privacy />
            </Route>
            <Route path={paths.supportDocs}>
              <pages.SupportDocs />
            </Route>
            <Route path={paths.supportSearch}>
              <pages.Search />
            </Route>
            <Route path={paths.resourceDetail}>
              <pages.ResourceDetail />
            </Route>
            <Route path={paths.resources}>
              <pages.Resources />
            </Route>
            <Route path={paths.docs}>
              <pages.Docs />
            </Route>
            <Route path={paths.console}>
              <pages.ConsoleHome />
            </Route>
            <Route path={paths.consoleSettings}>
              <pages.ConsoleSettings />
            </Route>
            <Route path={paths.consoleUser}>
              <pages.ConsoleUser />
            </Route>
            {/* The image viewer loads from the project page's chunk (ProjectPage.tsx), which keeps its loader out of the landing entry. */}
            <Route path={paths.consoleProjectImage}>
              <pages.ConsoleProject />
            </Route>
            <Route path={paths.consoleProject}>
              <pages.ConsoleProject />
            </Route>
            <Route path={paths.consolePay}>
              <pages.ConsolePay />
            </Route>
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
