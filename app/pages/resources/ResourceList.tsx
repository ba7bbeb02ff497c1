import { Button, Stack } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { href, paths, RESOURCE_KINDS, type ResourceKind } from '../../../contract/routes';
import { EmptyState } from '../../components/EmptyState';
import { PageContainer } from '../../components/PageContainer';
import { PageTitle } from '../../components/PageTitle';
import { env } from '../../config/env';
import { MarketFilters } from './MarketFilters';

function KindNav({ current }: { current: ResourceKind }) {
  const { t } = useTranslation('resources');
  return (
    <Stack as="nav" aria-label={t('list.kindNav')} direction="row" gap="2" wrap="wrap">
      <Button asChild size="sm" variant="ghost">
        <Link href={href.resources()}>{t('title')}</Link>
      </Button>
      {RESOURCE_KINDS.map((kind) => (
        <Button
          key={kind}
          asChild
          size="sm"
          variant={kind === current ? 'subtle' : 'ghost'}
          colorPalette={kind === current ? 'brand' : 'gray'}
        >
          <Link href={href.resources(kind)} aria-current={kind === current ? 'page' : undefined}>
            {t(`kinds.${kind}.title`)}
          </Link>
        </Button>
      ))}
    </Stack>
  );
}

/**
 * /resources/dataset and /resources/model: the frame of a category list. The market API comes
 * later, so the list is honestly empty rather than filled with samples.
 */
export function ResourceList({ kind }: { kind: ResourceKind }) {
  const { t } = useTranslation('resources');
  return (
    <PageContainer>
      <Stack gap="6">
        <KindNav current={kind} />
        <PageTitle title={t(`kinds.${kind}.title`)} description={t(`kinds.${kind}.description`)} mb="0" />
        <MarketFilters />
        <EmptyState
          borderWidth="1px"
          borderStyle="dashed"
          rounded="xl"
          message={t(`kinds.${kind}.empty`)}
          hint={t(`kinds.${kind}.emptyHint`)}
          action={
            <Stack direction={{ base: 'column', sm: 'row' }} gap="3" mt="2">
              <Button asChild colorPalette="brand" size="sm">
                <a href={env.consoleUrl}>{t('list.postFromConsole')}</a>
              </Button>
              <Button asChild variant="outline" size="sm">
                <Link href={`${paths.docs}#market-sell`}>{t('list.howToSell')}</Link>
              </Button>
            </Stack>
          }
        />
      </Stack>
    </PageContainer>
  );
}
