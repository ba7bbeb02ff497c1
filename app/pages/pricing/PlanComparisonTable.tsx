import { Box, Heading, Text, VisuallyHidden } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { useLocale } from '../../i18n/useLocale';
import { Table } from '../../theme/parts/table';
import { CheckIcon } from './CheckIcon';
import { COMPARE_ROWS, formatCount, PLAN_IDS, type CompareCell } from './plans';

function CellValue({ cell }: { cell: CompareCell }) {
  const { t } = useTranslation('pricing');
  const { locale } = useLocale();
  switch (cell.kind) {
    case 'yes':
      return (
        <>
          <CheckIcon display="inline-flex" />
          <VisuallyHidden>{t('compare.included')}</VisuallyHidden>
        </>
      );
    case 'no':
      return (
        <>
          <Text as="span" aria-hidden="true" color="fg.muted">
            —
          </Text>
          <VisuallyHidden>{t('compare.notIncluded')}</VisuallyHidden>
        </>
      );
    case 'amount':
      return <>{t(`compare.units.${cell.unit}`, { value: formatCount(cell.value, locale) })}</>;
    case 'text':
      return <>{t(`compare.values.${cell.text}`)}</>;
  }
}

/** The plan comparison table; scrolls sideways on narrow screens. */
export function PlanComparisonTable() {
  const { t } = useTranslation('pricing');
  const headingId = 'compare-heading';
  return (
    <Box as="section" aria-labelledby={headingId} mt={{ base: '14', md: '20' }}>
      <Heading as="h2" id={headingId} size={{ base: 'xl', md: '2xl' }} mb="6">
        {t('compare.heading')}
      </Heading>
      {/* Positioned, so that the visually hidden cell texts (absolutely positioned) belong to this
          scroll box: otherwise they are placed against the page and widen it past a phone's screen. */}
      <Table.ScrollArea
        position="relative"
        borderWidth="1px"
        rounded="lg"
        tabIndex={0}
        role="region"
        aria-label={t('compare.scrollLabel')}
      >
        <Table.Root size="md" minW="760px" data-testid="plan-compare">
          <Table.Caption captionSide="top" textAlign="start" px="4" pt="3" pb="1" color="fg.muted">
            {t('compare.caption')}
          </Table.Caption>
          <Table.Header>
            <Table.Row bg="bg.subtle">
              <Table.ColumnHeader scope="col" w="22%">
                {t('compare.feature')}
              </Table.ColumnHeader>
              {PLAN_IDS.map((id) => (
                <Table.ColumnHeader key={id} scope="col" fontWeight="700" color={id === 'pro' ? 'brand.fg' : 'fg'}>
                  {t(`plans.${id}.name`)}
                </Table.ColumnHeader>
              ))}
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {COMPARE_ROWS.map((row) => (
              <Table.Row key={row.id}>
                <Table.ColumnHeader scope="row" fontWeight="600" bg="bg">
                  {t(`compare.rows.${row.id}`)}
                </Table.ColumnHeader>
                {PLAN_IDS.map((id) => (
                  <Table.Cell key={id} fontSize="sm">
                    <CellValue cell={row.cells[id]} />
                  </Table.Cell>
                ))}
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      </Table.ScrollArea>
    </Box>
  );
}
