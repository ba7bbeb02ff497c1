import { Box, Button, HStack, Heading, Skeleton, Stack, Text } from '@chakra-ui/react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import {
  APPROVAL_STATES,
  type ApprovalState,
  type Resource,
  type ResourceReview,
} from '../../../../contract/apiMarket';
import { marketHref } from '../../../../contract/marketRoutes';
import { errorCodeOf } from '../../../api/ApiRequestError';
import { EmptyState } from '../../../components/EmptyState';
import { PageContainer } from '../../../components/PageContainer';
import { PageTitle } from '../../../components/PageTitle';
import { NativeSelect } from '../../../theme/parts/nativeSelect';
import { useIsAdmin } from '../../support/adminScope';
import { toaster } from '../toaster';
import { formatKoreanTime } from '../../../utils/formatKoreanTime';
import { ApprovalBadge } from './ApprovalBadge';
import { CoverStrip } from './CoverStrip';
import { marketApi, marketKeys, pollWhileChecking } from './marketApi';
import { RejectDialog } from './RejectDialog';
import { ResourceFacts } from './ResourceFacts';

/** One resource under review: its facts, covers and samples, and the reviewer's two answers. */
function ReviewItem({
  resource,
  busy,
  onApprove,
  onReject,
}: {
  resource: Resource;
  busy: boolean;
  onApprove: () => void;
  onReject: () => void;
}) {
  const { t } = useTranslation('market');
  const decidable =
    resource.approval === 'pending' || resource.approval === 'rejected' || resource.approval === 'approved';
  return (
    <Box
      as="article"
      borderWidth="1px"
      borderRadius="l3"
      p={{ base: '4', md: '6' }}
      data-testid="review-item"
      data-resource={resource.id}
    >
      <Stack gap="4">
        <HStack justify="space-between" align="start" wrap="wrap" gap="3">
          <Stack gap="1">
            <Heading as="h2" size="md">
              {resource.name}
            </Heading>
            <Text fontSize="sm" color="fg.muted">
              {t('review.byline', {
                kind: t(`kinds.${resource.kind}`),
                seller: resource.seller.name,
                date: formatKoreanTime(resource.createdAt),
              })}
            </Text>
            <ApprovalBadge resource={resource} />
          </Stack>
          {decidable && (
            <HStack gap="2">
              {resource.approval !== 'approved' && (
                <Button colorPalette="green" size="sm" loading={busy} onClick={onApprove} data-testid="review-approve">
                  {t('review.approve')}
                </Button>
              )}
              {resource.approval !== 'rejected' && (
                <Button
                  colorPalette="red"
                  variant="outline"
                  size="sm"
                  disabled={busy}
                  onClick={onReject}
                  data-testid="review-reject"
                >
                  {t('review.reject')}
                </Button>
              )}
            </HStack>
          )}
        </HStack>
        <CoverStrip resourceId={resource.id} count={resource.covers} name={resource.name} />
        <ResourceFacts resource={resource} />
      </Stack>
    </Box>
  );
}

/** /console/admin/resources: platform admins approve checked resources or reject them with a reason. */
export default function ReviewQueuePage() {
  const { t } = useTranslation(['market', 'errors', 'projects', 'training']);
  const admin = useIsAdmin();
  if (!admin)
    return (
      <PageContainer>
        <EmptyState data-testid="review-forbidden" message={t('errors:forbidden')} hint={t('review.forbiddenHint')} />
      </PageContainer>
    );
  return <ReviewQueue />;
}

function ReviewQueue() {
  const { t } = useTranslation(['market', 'errors']);
  const client = useQueryClient();
  const [state, setState] = useState<ApprovalState>('pending');
  const [rejecting, setRejecting] = useState<Resource | null>(null);
  const queue = useQuery({
    queryKey: marketKeys.review(state),
    queryFn: () => marketApi.reviewQueue(state),
    refetchInterval: (q) => pollWhileChecking(q.state.data),
  });
  const review = useMutation({
    mutationFn: (v: { resource: Resource; body: ResourceReview }) => marketApi.review(v.resource.id, v.body),
    onSuccess: (_answer, v) => {
      toaster.create({
        type: 'success',
        title: t(v.body.decision === 'approve' ? 'review.approved' : 'review.rejected', { name: v.resource.name }),
      });
      setRejecting(null);
      void client.invalidateQueries({ queryKey: marketKeys.all });
    },
    onError: (error) =>
      toaster.create({ type: 'error', title: t('review.failed'), description: t(`errors:${errorCodeOf(error)}`) }),
  });
  const items = queue.data?.items ?? [];
  return (
    <PageContainer>
      <PageTitle
        title={t('review.title')}
        description={t('review.description')}
        actions={
          <Button asChild variant="ghost">
            <Link href={marketHref.tab()}>{t('title')}</Link>
          </Button>
        }
      />
      <HStack mb="5" gap="3">
        <Text asChild fontSize="sm" fontWeight="600">
          <label htmlFor="review-state">{t('review.state')}</label>
        </Text>
        <NativeSelect.Root maxW="56">
          <NativeSelect.Field
            id="review-state"
            value={state}
            onChange={(e) => setState(e.currentTarget.value as ApprovalState)}
            data-testid="review-state"
          >
            {APPROVAL_STATES.map((s) => (
              <option key={s} value={s}>
                {t(`approval.${s}`)}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </HStack>
      {queue.isPending ? (
        <Skeleton h="64" />
      ) : queue.isError ? (
        <EmptyState message={t('loadFailed')} hint={t(`errors:${errorCodeOf(queue.error)}`)} />
      ) : items.length === 0 ? (
        <EmptyState
          data-testid="review-empty"
          message={t(state === 'pending' ? 'review.empty' : 'review.emptyState')}
        />
      ) : (
        <Stack gap="5">
          {items.map((resource) => (
            <ReviewItem
              key={resource.id}
              resource={resource}
              busy={review.isPending && review.variables.resource.id === resource.id}
              onApprove={() => review.mutate({ resource, body: { decision: 'approve' } })}
              onReject={() => setRejecting(resource)}
            />
          ))}
        </Stack>
      )}
      {rejecting && (
        <RejectDialog
          resource={rejecting}
          busy={review.isPending}
          onReject={(reason) => review.mutate({ resource: rejecting, body: { decision: 'reject', reason } })}
          onClose={() => setRejecting(null)}
        />
      )}
    </PageContainer>
  );
}
