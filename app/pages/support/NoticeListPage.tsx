import { Button } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { paths } from '../../../contract/routes';
import { Breadcrumbs } from '../../components/Breadcrumbs';
import { EmptyState } from '../../components/EmptyState';
import { PageContainer } from '../../components/PageContainer';
import { PageTitle } from '../../components/PageTitle';
import { Table } from '../../theme/parts/table';
import { useIsAdmin } from './adminScope';
import { InlineLink } from './InlineLink';

const COLUMNS = [
  { id: 'number', width: '80px', hideBelow: 'md' },
  { id: 'category', width: '120px', hideBelow: 'md' },
  { id: 'title', width: undefined, hideBelow: undefined },
  { id: 'date', width: '140px', hideBelow: 'sm' },
] as const;

/**
 * /support/notice: the notice list. Notices come from the notice service (a later issue); until
 * then the list frame shows that there are none, without inventing any.
 */
export default function NoticeListPage() {
  const { t } = useTranslation('support');
  const isAdmin = useIsAdmin();
  return (
    <PageContainer>
      <Breadcrumbs />
      <PageTitle
        title={t('notice.list.title')}
        description={t('notice.list.description')}
        actions={isAdmin ? (
          <Button asChild colorPalette="brand"><Link href={paths.supportNoticeEdit}>{t('notice.list.write')}</Link></Button>
        ) : undefined}
      />
      <Table.Root size="md" data-testid="notice-list" borderTopWidth="2px" borderTopColor="fg">
        <Table.Caption srOnly>{t('notice.list.caption')}</Table.Caption>
        <Table.Header>
          <Table.Row bg="bg.subtle">
            {COLUMNS.map((column) => (
              <Table.ColumnHeader key={column.id} scope="col" w={column.width} hideBelow={column.hideBelow} textAlign={column.id === 'title' ? 'start' : 'center'}>
                {t(`notice.list.columns.${column.id}`)}
              </Table.ColumnHeader>
            ))}
          </Table.Row>
        </Table.Header>
        <Table.Body>
          <Table.Row>
            <Table.Cell colSpan={COLUMNS.length} p="0">
              <EmptyState
                message={t('notice.list.empty')}
                hint={t('notice.list.emptyHint')}
                action={<InlineLink href={paths.supportFaq} fontSize="sm">{t('notice.list.faqLink')}</InlineLink>}
              />
            </Table.Cell>
          </Table.Row>
        </Table.Body>
      </Table.Root>
    </PageContainer>
  );
}
