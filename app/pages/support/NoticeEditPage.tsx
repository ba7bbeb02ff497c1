import { Button, Stack } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useSearch } from 'wouter';
import { paths } from '../../../contract/routes';
import { isApiRequestError } from '../../api/ApiRequestError';
import { Breadcrumbs } from '../../components/Breadcrumbs';
import { PageContainer } from '../../components/PageContainer';
import { PageTitle } from '../../components/PageTitle';
import { Alert } from '../../theme/parts/alert';
import { useIsAdmin } from './adminScope';
import { LoadError, Loading } from './LoadProblem';
import { NoticeEditForm } from './NoticeEditForm';
import { noticeIdSchema, supportApi, supportKeys } from './supportApi';
import { SupportQueryScope } from './SupportQueryScope';

/** `?id=`: the notice to edit. */
function EditExisting({ id }: { id: string }) {
  const { t } = useTranslation('support');
  const query = useQuery({ queryKey: supportKeys.notice(id), queryFn: ({ signal }) => supportApi.notice(id, signal) });
  if (query.isPending) return <Loading testId="notice-loading" />;
  if (query.isError) {
    if (isApiRequestError(query.error) && query.error.status === 404) {
      return (
        <Stack gap="5" align="flex-start" data-testid="notice-not-found">
          <Alert.Root status="warning">
            <Alert.Indicator />
            <Alert.Title>{t('notice.detail.message')}</Alert.Title>
          </Alert.Root>
          <Button asChild variant="outline" colorPalette="brand">
            <Link href={paths.supportNotice}>{t('notice.edit.back')}</Link>
          </Button>
        </Stack>
      );
    }
    return <LoadError error={query.error} onRetry={() => void query.refetch()} testId="notice-error" />;
  }
  return <NoticeEditForm key={query.data.id} notice={query.data} />;
}

/** /support/notice/edit (new) and /support/notice/edit?id=… (edit): for platform admins only. */
export default function NoticeEditPage() {
  const { t } = useTranslation(['support', 'common']);
  const isAdmin = useIsAdmin();
  const parsedId = noticeIdSchema.safeParse(new URLSearchParams(useSearch()).get('id'));
  const id = parsedId.success ? parsedId.data : null;
  return (
    <PageContainer>
      <Breadcrumbs />
      <PageTitle
        title={id ? t('notice.edit.editTitle') : t('notice.edit.title')}
        description={isAdmin ? t(id ? 'notice.edit.editDescription' : 'notice.edit.description') : undefined}
      />
      {isAdmin ? (
        <SupportQueryScope>{id ? <EditExisting id={id} /> : <NoticeEditForm />}</SupportQueryScope>
      ) : (
        <Stack gap="5" maxW="3xl" align="flex-start" data-testid="notice-no-permission">
          <Alert.Root status="warning">
            <Alert.Indicator />
            <Alert.Content>
              <Alert.Title>{t('common:errors.noPermission')}</Alert.Title>
              <Alert.Description>{t('notice.edit.noPermissionHint')}</Alert.Description>
            </Alert.Content>
          </Alert.Root>
          <Button asChild variant="outline" colorPalette="brand">
            <Link href={paths.supportNotice}>{t('notice.edit.back')}</Link>
          </Button>
        </Stack>
      )}
    </PageContainer>
  );
}
