import { Box, Heading, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { Table } from '../../theme/parts/table';

const PLANS = ['free', 'standard', 'pro', 'enterprise'] as const;
const COLUMNS = ['channels', 'firstResponse', 'hours'] as const;

/** First-reply targets per plan (the same levels as the pricing page's support row). */
export function ResponseTimeTable() {
  const { t } = useTranslation('support');
  return (
    <Box as="section" aria-labelledby="docs-response-heading">
      <Heading as="h2" id="docs-response-heading" size={{ base: 'lg', md: 'xl' }} mb="2">
        {t('docs.responseHeading')}
      </Heading>
      <Text color="fg.muted" mb="5">
        {t('docs.responseIntro')}
      </Text>
      <Table.ScrollArea
        borderWidth="1px"
        rounded="lg"
        tabIndex={0}
        role="region"
        aria-label={t('docs.responseTable.caption')}
      >
        <Table.Root size="md" minW="640px" data-testid="response-times">
          <Table.Caption srOnly>{t('docs.responseTable.caption')}</Table.Caption>
          <Table.Header>
            <Table.Row bg="bg.subtle">
              <Table.ColumnHeader scope="col">{t('docs.responseTable.plan')}</Table.ColumnHeader>
              {COLUMNS.map((c) => (
                <Table.ColumnHeader key={c} scope="col">
                  {t(`docs.responseTable.${c}`)}
                </Table.ColumnHeader>
              ))}
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {PLANS.map((plan) => (
              <Table.Row key={plan}>
                <Table.ColumnHeader scope="row" fontWeight="700" bg="bg">
                  {t(`docs.responseRows.${plan}.plan`)}
                </Table.ColumnHeader>
                {COLUMNS.map((c) => (
                  <Table.Cell key={c} fontSize="sm">
                    {t(`docs.responseRows.${plan}.${c}`)}
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
