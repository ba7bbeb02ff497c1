import { useLocation } from 'wouter';
import { webPointHref } from '../../../../../contract/deployRoutes';
import { Table } from '../../../../theme/parts/table';
import { modelName } from '../deployFormat';
import { PointListFrame, TrafficCells } from '../PointListFrame';
import { InstanceStateBadge } from './InstanceStateBadge';
import { NewWebPointDialog } from './NewWebPointDialog';

const COLUMNS = ['name', 'project', 'model', 'state', 'address', 'requests', 'p95'] as const;

/**
 * /console/web-points: the web points of the current organization's projects, with their state,
 * address and last hour's traffic; polled, so a preparing point turns running on its own.
 */
export default function WebPointListPage() {
  const [, navigate] = useLocation();
  return (
    <PointListFrame
      kind="web"
      ns="webPoints"
      columns={COLUMNS}
      minW="960px"
      hrefOf={(point) => webPointHref(point.projectId, point.id)}
      cells={(point) => (
        <>
          <Table.Cell data-testid="web-model">{modelName(point.model)}</Table.Cell>
          <Table.Cell>
            <InstanceStateBadge state={point.instance?.instanceState} />
          </Table.Cell>
          <Table.Cell fontFamily="mono" fontSize="xs" maxW="72" truncate title={point.endpoint ?? undefined}>
            {point.endpoint ?? '—'}
          </Table.Cell>
          <TrafficCells point={point} requestsTestId="web-requests" />
        </>
      )}
      dialog={(open, projects, onClose) => <NewWebPointDialog open={open} projects={projects} onClose={onClose} />}
      onCreated={(created) => navigate(webPointHref(created.projectId, created.id))}
    />
  );
}
