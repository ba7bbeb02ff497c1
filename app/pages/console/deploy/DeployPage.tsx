import { lazy } from 'react';
import { useRoute } from 'wouter';
import { paths } from '../../../../contract/routes';
import { ConsoleScope } from '../ConsoleScope';

/* Each deployment page is a lazy chunk of its own: the edge list, one edge point, the web points, one web point, a new deployment. */
const EdgeListPage = lazy(() => import('./edge/EdgeListPage'));
const EdgePointPage = lazy(() => import('./edge/EdgePointPage'));
const WebPointListPage = lazy(() => import('./web/WebPointListPage'));
const WebPointPage = lazy(() => import('./web/WebPointPage'));
const NewDeploymentPage = lazy(() => import('./deployments/NewDeploymentPage'));

function DeployView() {
  const [edgePoint] = useRoute(paths.consoleEdgePoint);
  const [webPoints] = useRoute(paths.consoleWebPoints);
  const [webPoint] = useRoute(paths.consoleWebPoint);
  const [newDeployment] = useRoute(paths.consoleDeploymentNew);
  if (edgePoint) return <EdgePointPage />;
  if (webPoint) return <WebPointPage />;
  if (webPoints) return <WebPointListPage />;
  if (newDeployment) return <NewDeploymentPage />;
  return <EdgeListPage />;
}

/** /console/edge…, /console/web-points…, /console/deployments/new: the deployment area. */
export default function DeployPage() {
  return (
    <ConsoleScope>
      <DeployView />
    </ConsoleScope>
  );
}
