import { Box, Button, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Avatar } from '../../components/Avatar';
import { AppDialog, type DialogResult } from '../../components/Dialog';
import { EmptyState } from '../../components/EmptyState';
import { PageContainer } from '../../components/PageContainer';
import { PageTitle } from '../../components/PageTitle';
import { Paginator } from '../../components/Paginator';
import { AppTabs } from '../../components/Tabs';

type Variant = 'basic' | 'manual' | 'enter' | 'mobile';
const ITEMS = 235;
const PAGE_SIZE = 10;

/**
 * Development and test page (built only with VITE_LAB=1): the shared display pieces in one
 * place, so the browser tests can drive the dialog and the paginator as users do.
 */
export default function ComponentsLabPage() {
  const { t } = useTranslation('lab');
  const [open, setOpen] = useState<Variant | null>(null);
  const [log, setLog] = useState<string[]>([]);
  const [page, setPage] = useState(1);
  const [tab, setTab] = useState('one');
  const record = (entry: string) => setLog((l) => [...l, entry]);
  const close = (result: DialogResult) => {
    record(`close:${result.answer}`);
    setOpen(null);
  };
  const first = (page - 1) * PAGE_SIZE + 1;
  const last = Math.min(page * PAGE_SIZE, ITEMS);

  return (
    <PageContainer>
      <PageTitle title={t('components.title')} />
      <Stack gap="10">
        <Stack as="section" gap="3">
          <Heading as="h2" size="lg">
            {t('components.dialog')}
          </Heading>
          <HStack gap="2" flexWrap="wrap">
            {(['basic', 'manual', 'enter', 'mobile'] as const).map((v) => (
              <Button key={v} variant="outline" onClick={() => setOpen(v)} data-testid={`open-${v}`}>
                {t(`components.open.${v}`)}
              </Button>
            ))}
          </HStack>
          <Text data-testid="dialog-log">{log.join(' ')}</Text>
          <AppDialog
            open={open !== null}
            title={open ? t(`components.open.${open}`) : ''}
            onClose={close}
            onConfirm={() => {
              record('confirm');
              if (open === 'manual') record('kept-open');
            }}
            autoClose={open !== 'manual'}
            enterConfirm={open === 'enter'}
            mobileFull={open === 'mobile'}
          >
            <Text>{t('components.dialogBody')}</Text>
            <Box as="label" display="block" mt="3" fontSize="sm">
              {t('components.note')}
              <Box
                as="input"
                display="block"
                w="full"
                mt="1"
                borderWidth="1px"
                rounded="md"
                px="2"
                py="1"
                data-testid="dialog-input"
              />
            </Box>
          </AppDialog>
        </Stack>

        <Stack as="section" gap="3">
          <Heading as="h2" size="lg">
            {t('components.paginator')}
          </Heading>
          <Text data-testid="page-items">
            {first}–{last}
          </Text>
          <Paginator page={page} pageSize={PAGE_SIZE} itemsLength={ITEMS} onChange={setPage} />
        </Stack>

        <Stack as="section" gap="3">
          <Heading as="h2" size="lg">
            {t('components.others')}
          </Heading>
          <AppTabs
            label={t('components.tabs')}
            value={tab}
            onChange={setTab}
            items={[
              { name: 'one', text: t('components.tabOne') },
              { name: 'two', text: t('components.tabTwo'), append: <span>3</span> },
            ]}
            panels={{ one: <Text>{t('components.tabOneBody')}</Text>, two: <Text>{t('components.tabTwoBody')}</Text> }}
          />
          <HStack gap="4">
            <Avatar name="김라벨" email="label@maru.ai" clickable showName />
            <Avatar name="Jane Doe" email="jane@maru.ai" />
          </HStack>
          <EmptyState />
        </Stack>
      </Stack>
    </PageContainer>
  );
}
