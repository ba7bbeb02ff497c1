import { Badge, Button, chakra, HStack, Input, Text } from '@chakra-ui/react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useSearch } from 'wouter';
import { href, paths } from '../../../contract/routes';
import { Breadcrumbs } from '../../components/Breadcrumbs';
import { EmptyState } from '../../components/EmptyState';
import { PageContainer } from '../../components/PageContainer';
import { PageTitle } from '../../components/PageTitle';
import { Paginator } from '../../components/Paginator';
import { Table } from '../../theme/parts/table';
import { formatKoreanTime } from '../../utils/formatKoreanTime';
import { useIsAdmin } from './adminScope';
import { InlineLink } from './InlineLink';
import { LoadError, Loading } from './LoadProblem';
import { noticeListHref, readNoticeListQuery } from './noticeListQuery';
import { NOTICE_PAGE_SIZE, supportApi, supportKeys } from './supportApi';
import { SupportQueryScope } from './SupportQueryScope';

const COLUMNS = [
  { id: 'number', width: '80px', hideBelow: 'md' },
  { id: 'category', width: '120px', hideBelow: 'md' },
  { id: 'title', width: undefined, hideBelow: undefined },
  { id: 'date', width: '140px', hideBelow: 'sm' },
] as const;

function NoticeKeywordForm({ keyword, onSearch }: { keyword: string; onSearch: (keyword: string) => void }) {
  const { t } = useTranslation('support');
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const value = new FormData(event.currentTarget).get('keyword');
    onSearch(typeof value === 'string' ? value.trim().replace(/\s+/g, ' ') : '');
  };
  return (
    <chakra.form
      role="search"
      aria-label={t('notice.list.searchLabel')}
      onSubmit={submit}
      mb="4"
      data-testid="notice-search"
    >
      <HStack gap="2" maxW="md" ms="auto">
        <Input
          name="keyword"
          type="search"
          aria-label={t('notice.list.searchLabel')}
          placeholder={t('notice.list.searchPlaceholder')}
          defaultValue={keyword}
          maxLength={100}
        />
        <Button type="submit" variant="outline" colorPalette="brand" flexShrink={0}>
          {t('searchForm.submit')}
        </Button>
      </HStack>
    </chakra.form>
  );
}

function NoticeTable() {
  const { t } = useTranslation('support');
  const [location, navigate] = useLocation();
  const { page, keyword } = readNoticeListQuery(useSearch());
  const query = useQuery({
    queryKey: supportKeys.noticePage(page, keyword),
    queryFn: ({ signal }) => supportApi.notices(page, keyword, signal),
    placeholderData: keepPreviousData,
  });
  const go = (next: { page: number; keyword: string }) => navigate(noticeListHref(location, next));

  let rows;
  if (query.isPending) {
    rows = (
      <Table.Row>
        <Table.Cell colSpan={COLUMNS.length} p="0">
          <Loading testId="notice-loading" />
        </Table.Cell>
      </Table.Row>
    );
  } else if (query.isError) {
    rows = (
      <Table.Row>
        <Table.Cell colSpan={COLUMNS.length}>
          <LoadError error={query.error} onRetry={() => void query.refetch()} testId="notice-error" />
        </Table.Cell>
      </Table.Row>
    );
  } else if (query.data.items.length === 0) {
    rows = (
      <Table.Row>
        <Table.Cell colSpan={COLUMNS.length} p="0">
          <EmptyState
            message={keyword ? t('notice.list.noMatch', { keyword }) : t('notice.list.empty')}
            hint={keyword ? undefined : t('notice.list.emptyHint')}
            action={
              <InlineLink href={paths.supportFaq} fontSize="sm">
                {t('notice.list.faqLink')}
              </InlineLink>
            }
          />
        </Table.Cell>
      </Table.Row>
    );
  } else {
    const { items, total } = query.data;
    rows = items.map((notice, index) => (
      <Table.Row key={notice.id} bg={notice.pinned ? 'bg.subtle' : undefined} data-testid="notice-row">
        <Table.Cell textAlign="center" hideBelow="md">
          {notice.pinned ? (
            <Badge colorPalette="brand" variant="solid">
              {t('notice.list.pinned')}
            </Badge>
          ) : (
            total - (page - 1) * NOTICE_PAGE_SIZE - index
          )}
        </Table.Cell>
        <Table.Cell textAlign="center" hideBelow="md">
          <Badge variant="outline" colorPalette="gray">
            {t(`notice.categories.${notice.category}`)}
          </Badge>
        </Table.Cell>
        <Table.Cell>
          {notice.pinned && (
            <Badge colorPalette="brand" variant="solid" me="2" hideFrom="md">
              {t('notice.list.pinned')}
            </Badge>
          )}
          <InlineLink href={href.noticeDetail(notice.id)} fontWeight={notice.pinned ? '700' : '500'}>
            {notice.title}
          </InlineLink>
        </Table.Cell>
        <Table.Cell textAlign="center" hideBelow="sm">
          <Text as="span" fontSize="sm" color="fg.muted">
            {formatKoreanTime(notice.createdAt).slice(0, 10)}
          </Text>
        </Table.Cell>
      </Table.Row>
    ));
  }

  return (
    <>
      <NoticeKeywordForm key={keyword} keyword={keyword} onSearch={(next) => go({ page: 1, keyword: next })} />
      <Table.Root size="md" data-testid="notice-list" borderTopWidth="2px" borderTopColor="fg">
        <Table.Caption srOnly>{t('notice.list.caption')}</Table.Caption>
        <Table.Header>
          <Table.Row bg="bg.subtle">
            {COLUMNS.map((column) => (
              <Table.ColumnHeader
                key={column.id}
                scope="col"
                w={column.width}
                hideBelow={column.hideBelow}
                textAlign={column.id === 'title' ? 'start' : 'center'}
              >
                {t(`notice.list.columns.${column.id}`)}
              </Table.ColumnHeader>
            ))}
          </Table.Row>
        </Table.Header>
        <Table.Body>{rows}</Table.Body>
      </Table.Root>
      {query.data && query.data.total > NOTICE_PAGE_SIZE && (
        <HStack justify="center" mt="6">
          <Paginator
            page={page}
            pageSize={NOTICE_PAGE_SIZE}
            itemsLength={query.data.total}
            onChange={(next) => go({ page: next, keyword })}
          />
        </HStack>
      )}
    </>
  );
}

/** /support/notice: notices from the API, pinned first then newest, with keyword search and pages. */
export default function NoticeListPage() {
  const { t } = useTranslation('support');
  const isAdmin = useIsAdmin();
  return (
    <PageContainer>
      <Breadcrumbs />
      <PageTitle
        title={t('notice.list.title')}
        description={t('notice.list.description')}
        actions={
          isAdmin ? (
            <Button asChild colorPalette="brand">
              <Link href={paths.supportNoticeEdit}>{t('notice.list.write')}</Link>
            </Button>
          ) : undefined
        }
      />
      <SupportQueryScope>
        <NoticeTable />
      </SupportQueryScope>
    </PageContainer>
  );
}
