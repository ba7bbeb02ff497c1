import { Box, Button } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { paths } from '../../../contract/routes';
import { Breadcrumbs } from '../../components/Breadcrumbs';
import { EmptyState } from '../../components/EmptyState';
import { PageContainer } from '../../components/PageContainer';
import { PageTitle } from '../../components/PageTitle';

/**
 * /support/notice/:notice: one notice. No notice exists until the notice service arrives (a later
 * issue), so every id shows the not-found state; the crumb reads "notice", never the raw id.
 */
export default function NoticeDetailPage() {
  const { t } = useTranslation('support');
  return (
    <PageContainer>
      <Breadcrumbs current={t('notice.detail.crumb')} />
      <PageTitle title={t('notice.detail.title')} />
      <Box borderWidth="1px" rounded="xl" data-testid="notice-not-found">
        <EmptyState
          message={t('notice.detail.message')}
          action={(
            <Button asChild colorPalette="brand" mt="2">
              <Link href={paths.supportNotice}>{t('notice.detail.back')}</Link>
            </Button>
          )}
        />
      </Box>
    </PageContainer>
  );
}
