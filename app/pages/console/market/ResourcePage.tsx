import { Badge, Button, HStack, Skeleton, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useRoute } from 'wouter';
import type { Resource } from '../../../../contract/apiMarket';
import { marketHref } from '../../../../contract/marketRoutes';
import { href, paths } from '../../../../contract/routes';
import { Alert } from '../../../theme/parts/alert';
import { errorCodeOf } from '../../../api/ApiRequestError';
import { EmptyState } from '../../../components/EmptyState';
import { PageContainer } from '../../../components/PageContainer';
import { PageTitle } from '../../../components/PageTitle';
import { ApprovalBadge } from './ApprovalBadge';
import { BuyerPanel } from './BuyerPanel';
import { CoverStrip } from './CoverStrip';
import { DeleteResourceDialog } from './DeleteResourceDialog';
import { EditResourceDialog } from './EditResourceDialog';
import { CHECKING_POLL_MS, marketApi, marketKeys } from './marketApi';
import { ResourceFacts } from './ResourceFacts';

/** What the seller reads above the facts: where the resource stands and what comes next. */
function SellerStatus({ resource }: { resource: Resource }) {
  const { t } = useTranslation('market');
  return (
    <Alert.Root
      status={
        resource.approval === 'approved'
          ? 'success'
          : resource.approval === 'rejected' || resource.approval === 'check_failed'
            ? 'error'
            : 'info'
      }
      data-testid="resource-status"
    >
      <Alert.Content>
        <HStack gap="2" wrap="wrap">
          <ApprovalBadge resource={resource} />
          <Badge variant="outline">{t(`visibility.${resource.visibility}`)}</Badge>
        </HStack>
        <Alert.Description mt="2">{t(`item.next.${resource.approval}`)}</Alert.Description>
      </Alert.Content>
    </Alert.Root>
  );
}

/** /console/market/resources/:resourceId: my resource (state, facts, edit, delete), or one I bought. */
export default function ResourcePage() {
  const { t } = useTranslation(['market', 'errors', 'projects', 'training']);
  const [, params] = useRoute(paths.consoleMarketItem);
  const [, navigate] = useLocation();
  const id = params?.resourceId ?? '';
  const query = useQuery({
    queryKey: marketKeys.resource(id),
    queryFn: () => marketApi.resource(id),
    refetchInterval: (q) => (q.state.data?.approval === 'checking' ? CHECKING_POLL_MS : false),
  });
  const [editing, setEditing] = useState(false);
  const [removing, setRemoving] = useState(false);

  if (query.isPending)
    return (
      <PageContainer>
        <Skeleton h="96" />
      </PageContainer>
    );
  if (query.isError)
    return (
      <PageContainer>
        <EmptyState
          data-testid="resource-missing"
          message={errorCodeOf(query.error) === 'not_found' ? t('item.missing') : t('loadFailed')}
          hint={t(`errors:${errorCodeOf(query.error)}`)}
          action={
            <Button asChild variant="outline">
              <Link href={marketHref.tab()}>{t('item.back')}</Link>
            </Button>
          }
        />
      </PageContainer>
    );
  const resource = query.data;
  const publicPage = resource.approval === 'approved' && resource.visibility === 'public';
  return (
    <PageContainer>
      <PageTitle
        title={resource.name}
        description={t(`kinds.${resource.kind}`)}
        actions={
          <>
            <Button asChild variant="ghost">
              <Link href={marketHref.tab(resource.mine ? 'mine' : 'purchases')}>{t('item.back')}</Link>
            </Button>
            {publicPage && (
              <Button asChild variant="outline" data-testid="resource-public-page">
                <Link href={href.resourceDetail(resource.id)}>{t('mine.publicPage')}</Link>
              </Button>
            )}
            {resource.mine && (
              <>
                <Button variant="outline" onClick={() => setEditing(true)} data-testid="resource-edit-open">
                  {t('item.edit')}
                </Button>
                <Button
                  colorPalette="red"
                  variant="outline"
                  onClick={() => setRemoving(true)}
                  data-testid="resource-delete"
                >
                  {t('delete.button')}
                </Button>
              </>
            )}
          </>
        }
      />
      <Stack gap="6">
        {resource.mine ? (
          <SellerStatus resource={resource} />
        ) : resource.purchased ? (
          <BuyerPanel resource={resource} />
        ) : (
          <Text color="fg.muted">{t('item.viewOnly')}</Text>
        )}
        <CoverStrip resourceId={resource.id} count={resource.covers} name={resource.name} />
        <ResourceFacts resource={resource} />
      </Stack>
      {editing && <EditResourceDialog resource={resource} onClose={() => setEditing(false)} />}
      <DeleteResourceDialog
        resource={removing ? resource : null}
        onClose={() => setRemoving(false)}
        onDeleted={() => navigate(marketHref.tab())}
      />
    </PageContainer>
  );
}
