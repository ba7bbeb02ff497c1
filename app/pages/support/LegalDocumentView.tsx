import { Box, chakra, Grid, Heading, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { List } from '../../theme/parts/list';
import { Table } from '../../theme/parts/table';
import type { LegalDocument, LegalSection, LegalTable } from './legalData';

function SectionTable({ table }: { table: LegalTable }) {
  const { t } = useTranslation('legal');
  return (
    <Table.ScrollArea
      borderWidth="1px"
      rounded="md"
      tabIndex={0}
      role="region"
      aria-label={`${table.caption} ${t('scrollHint')}`}
    >
      <Table.Root size="sm" minW="560px">
        <Table.Caption captionSide="top" textAlign="start" px="3" pt="2" pb="1" color="fg.muted">
          {table.caption}
        </Table.Caption>
        <Table.Header>
          <Table.Row bg="bg.subtle">
            {table.columns.map((column) => (
              <Table.ColumnHeader key={column} scope="col">
                {column}
              </Table.ColumnHeader>
            ))}
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {table.rows.map((row, r) => (
            <Table.Row key={r}>
              {row.map((cell, c) => (
                <Table.Cell key={c} verticalAlign="top" lineHeight="1.7">
                  {cell}
                </Table.Cell>
              ))}
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  );
}

function Section({ section }: { section: LegalSection }) {
  return (
    <Box as="section" aria-labelledby={section.id} data-testid="legal-section">
      <Heading as="h2" id={section.id} size="lg" mb="3" scrollMarginTop="24">
        {section.heading}
      </Heading>
      <Stack gap="3" lineHeight="1.8" color="fg">
        {section.paragraphs.map((p, i) => (
          <Text key={i}>{p}</Text>
        ))}
        {section.items.length > 0 && (
          <List.Root as="ol" ps="5" gap="1.5" listStyleType="decimal">
            {section.items.map((item, i) => (
              <List.Item key={i}>{item}</List.Item>
            ))}
          </List.Root>
        )}
        {section.table && <SectionTable table={section.table} />}
        {section.notes.map((p, i) => (
          <Text key={i} color="fg.muted" fontSize="sm">
            {p}
          </Text>
        ))}
      </Stack>
    </Box>
  );
}

/** A legal document: effective date, table of contents linking to the sections, the sections. */
export function LegalDocumentView({ doc, testId }: { doc: LegalDocument; testId: string }) {
  const { t } = useTranslation('legal');
  return (
    <Grid
      templateColumns={{ base: '1fr', lg: '260px 1fr' }}
      gap={{ base: '8', lg: '12' }}
      alignItems="start"
      data-testid={testId}
    >
      <Box
        as="nav"
        aria-labelledby={`${testId}-toc`}
        position={{ lg: 'sticky' }}
        top={{ lg: '24' }}
        borderWidth="1px"
        rounded="lg"
        p="5"
        bg="bg.subtle"
        maxH={{ lg: 'calc(100dvh - 8rem)' }}
        overflowY={{ lg: 'auto' }}
      >
        <Text id={`${testId}-toc`} fontWeight="700" mb="3">
          {t('toc')}
        </Text>
        <List.Root as="ol" variant="plain" gap="1.5" fontSize="sm">
          {doc.sections.map((section) => (
            <List.Item key={section.id}>
              <chakra.a href={`#${section.id}`} color="fg" _hover={{ color: 'brand.fg', textDecoration: 'underline' }}>
                {section.heading}
              </chakra.a>
            </List.Item>
          ))}
        </List.Root>
      </Box>
      <Stack gap="10" minW="0">
        <Stack gap="2">
          <Text fontWeight="600" color="brand.fg">
            {doc.effectiveDate}
          </Text>
          <Text lineHeight="1.8">{doc.intro}</Text>
        </Stack>
        {doc.sections.map((section) => (
          <Section key={section.id} section={section} />
        ))}
        {doc.closing.length > 0 && (
          <Box as="section" aria-labelledby={`${testId}-closing`} borderTopWidth="1px" pt="6">
            <Heading as="h2" id={`${testId}-closing`} size="md" mb="2">
              {t('closing')}
            </Heading>
            <Stack gap="1" color="fg.muted">
              {doc.closing.map((line, i) => (
                <Text key={i}>{line}</Text>
              ))}
            </Stack>
          </Box>
        )}
      </Stack>
    </Grid>
  );
}
