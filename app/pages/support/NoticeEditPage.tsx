import { Button, Stack } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { paths } from '../../../contract/routes';
import { Breadcrumbs } from '../../components/Breadcrumbs';
import { PageContainer } from '../../components/PageContainer';
import { PageTitle } from '../../components/PageTitle';
import { Alert } from '../../theme/parts/alert';
import { useIsAdmin } from './adminScope';
import { NoticeEditForm } from './NoticeEditForm';

/** /support/notice/edit: the notice form, for platform admins only. */
export default function NoticeEditPage() {
  const { t } = useTranslation(['support', 'common']);
  const isAdmin = useIsAdmin();
  return (
    <PageContainer>
      <Breadcrumbs />
      <PageTitle title={t('notice.edit.title')} description={isAdmin ? t('notice.edit.description') : undefined} />
      {isAdmin ? (
        <NoticeEditForm />
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
