import { Button, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { edgePointHref } from '../../../../../contract/deployRoutes';
import { paths } from '../../../../../contract/routes';
import { Table } from '../../../../theme/parts/table';
import { formatRelativeTime } from '../../../../utils/formatRelativeTime';
import { ConnectionBadge } from '../ConnectionBadge';
import { modelName, shortVersion, useNow } from '../deployFormat';
import { DeploymentStateBadge } from '../DeploymentStateBadge';
import { PointListFrame, TrafficCells } from '../PointListFrame';
import { NewEdgePointDialog } from './NewEdgePointDialog';

const COLUMNS = [
  'name',
  'project',
  'connection',
  'model',
  'version',
  'deployment',
  'lastSeen',
  'requests',
  'p95',
] as const;

/**
 * /console/edge: the edge points of the current organization's projects, with their connection,
 * what they run and their last hour's traffic; polled, so a starting agent shows up as connected.
 */
export default function EdgeListPage() {
  const { t } = useTranslation(['deploy', 'errors', 'ui']);
  const now = useNow();
  return (
    <PointListFrame
      kind="edge"
      ns="deploy"
      columns={COLUMNS}
      minW="1000px"
      hrefOf={(point) => edgePointHref(point.projectId, point.id)}
      actions={
        <Button asChild variant="outline" data-testid="edge-new-deployment">
          <Link href={paths.consoleDeploymentNew}>{t('list.newDeployment')}</Link>
        </Button>
      }
      cells={(point) => {
        const lastSeen = point.device?.lastSeenAt;
        return (
          <>
            <Table.Cell>
              <ConnectionBadge connection={point.connection} />
            </Table.Cell>
            <Table.Cell data-testid="edge-model">{modelName(point.model)}</Table.Cell>
            <Table.Cell fontFamily="mono" fontSize="xs" title={point.version ?? undefined}>
              {shortVersion(point.version)}
            </Table.Cell>
            <Table.Cell>
              {point.deployment ? (
                <DeploymentStateBadge state={point.deployment.state} />
              ) : (
                <Text color="fg.muted">—</Text>
              )}
            </Table.Cell>
            <Table.Cell whiteSpace="nowrap" title={lastSeen ?? undefined}>
              {lastSeen ? formatRelativeTime(lastSeen, t, now) : '—'}
            </Table.Cell>
            <TrafficCells point={point} requestsTestId="edge-requests" />
          </>
        );
      }}
      dialog={(open, projects, onClose) => <NewEdgePointDialog open={open} projects={projects} onClose={onClose} />}
      onCreated={(_created, refetch) => refetch()}
    />
  );
}
