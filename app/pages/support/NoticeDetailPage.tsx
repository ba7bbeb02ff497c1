import { Badge, Box, Button, HStack, Stack, Text } from '@chakra-ui/react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useRoute } from 'wouter';
import { paths } from '../../../contract/routes';
import { queryClient } from '../../api/queryClient';
import { isApiRequestError, errorCodeOf } from '../../api/ApiRequestError';
import { Breadcrumbs } from '../../components/Breadcrumbs';
import { AppDialog } from '../../components/Dialog';
import { EmptyState } from '../../components/EmptyState';
import { PageContainer } from '../../components/PageContainer';
import { PageTitle } from '../../components/PageTitle';
import { Alert } from '../../theme/parts/alert';
import { formatKoreanTime } from '../../utils/formatKoreanTime';
import { useIsAdmin } from './adminScope';
import { LoadError, Loading } from './LoadProblem';
import { NoticeBody } from './NoticeBody';
import { supportApi, supportKeys } from './supportApi';
import { SupportQueryScope } from './SupportQueryScope';

function NotFound() {
  const { t } = useTranslation('support');
  return (
    <>
      <Breadcrumbs current={t('notice.detail.crumb')} />
      <PageTitle title={t('notice.detail.title')} />
      <Box borderWidth="1px" rounded="xl" data-testid="notice-not-found">
        <EmptyState
          message={t('notice.detail.message')}
          action={
            <Button asChild colorPalette="brand" mt="2">
              <Link href={paths.supportNotice}>{t('notice.detail.back')}</Link>
            </Button>
          }
        />
      </Box>
    </>
  );
}

/** Edit and delete (with a confirmation) for platform admins. */
function AdminActions({ id }: { id: string }) {
  const { t } = useTranslation(['support', 'errors']);
  const [, navigate] = useLocation();
  const [confirming, setConfirming] = useState(false);
  const remove = useMutation({
    mutationFn: () => supportApi.deleteNotice(id),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: supportKeys.notices });
      navigate(paths.supportNotice);
    },
  });
  return (
    <Stack gap="3" align="flex-end">
      <HStack gap="2">
        <Button asChild variant="outline" colorPalette="brand">
          <Link href={`${paths.supportNoticeEdit}?id=${encodeURIComponent(id)}`}>{t('notice.detail.edit')}</Link>
        </Button>
        <Button variant="outline" colorPalette="red" onClick={() => setConfirming(true)} loading={remove.isPending}>
          {t('notice.detail.delete')}
        </Button>
      </HStack>
      {remove.isError && (
        <Alert.Root status="error" data-testid="notice-delete-error">
          <Alert.Indicator />
          <Alert.Title>{t(`errors:${errorCodeOf(remove.error)}`)}</Alert.Title>
        </Alert.Root>
      )}
      <AppDialog
        open={confirming}
        title={t('notice.detail.deleteTitle')}
        confirmText={t('notice.detail.delete')}
        onConfirm={() => remove.mutate()}
        onClose={() => setConfirming(false)}
      >
        <Text>{t('notice.detail.deleteConfirm')}</Text>
      </AppDialog>
    </Stack>
  );
}

function NoticeArticle({ id }: { id: string }) {
  const { t } = useTranslation('support');
  const isAdmin = useIsAdmin();
  const query = useQuery({ queryKey: supportKeys.notice(id), queryFn: ({ signal }) => supportApi.notice(id, signal) });
  if (query.isPending)
    return (
      <>
        <Breadcrumbs current={t('notice.detail.crumb')} />
        <Loading testId="notice-loading" />
      </>
    );
  if (query.isError) {
    if (isApiRequestError(query.error) && query.error.status === 404) return <NotFound />;
    return (
      <>
        <Breadcrumbs current={t('notice.detail.crumb')} />
        <PageTitle title={t('notice.list.title')} />
        <LoadError error={query.error} onRetry={() => void query.refetch()} testId="notice-error" />
      </>
    );
  }
  const notice = query.data;
  return (
    <>
      <Breadcrumbs current={t('notice.detail.crumb')} />
      <PageTitle title={notice.title} actions={isAdmin ? <AdminActions id={notice.id} /> : undefined} />
      <HStack gap="3" mb="6" pb="4" borderBottomWidth="1px" wrap="wrap" data-testid="notice-meta">
        {notice.pinned && (
          <Badge colorPalette="brand" variant="solid">
            {t('notice.list.pinned')}
          </Badge>
        )}
        <Badge variant="outline" colorPalette="gray">
          {t(`notice.categories.${notice.category}`)}
        </Badge>
        <Text fontSize="sm" color="fg.muted">
          {formatKoreanTime(notice.createdAt)}
        </Text>
        {notice.author && (
          <Text fontSize="sm" color="fg.muted">
            {notice.author}
          </Text>
        )}
      </HStack>
      <Box maxW="4xl">
        <NoticeBody html={notice.body} />
      </Box>
      <Button asChild variant="outline" colorPalette="brand" mt="10">
        <Link href={paths.supportNotice}>{t('notice.detail.back')}</Link>
      </Button>
    </>
  );
}

/** /support/notice/:notice: one notice; an unknown id shows the not-found state. */
export default function NoticeDetailPage() {
  // Read from the address itself, so the page works wherever it is mounted.
  const [, params] = useRoute<{ notice: string }>(paths.supportNoticeDetail);
  const id = params?.notice ?? '';
  return (
    <PageContainer>
      <SupportQueryScope>
        <NoticeArticle key={id} id={id} />
      </SupportQueryScope>
    </PageContainer>
  );
}
