import { Box, Heading, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { List } from '../../theme/parts/list';
import { topicId, type DocSection, type DocTopic } from './docSections';
import { RoleTable } from './RoleTable';
import { ShortcutTable } from './ShortcutTable';

/** Room for the fixed header when a hash link scrolls a heading into view. */
export const ANCHOR_OFFSET = '24';

function Note({ children }: { children: string }) {
  const { t } = useTranslation('docs');
  return (
    <Box borderStartWidth="4px" borderColor="brand.600" bg="brand.subtle" px="4" py="3" roundedEnd="md">
      <Text fontSize="sm">
        <Text as="strong" fontWeight="700" me="2">
          {t('note')}
        </Text>
        {children}
      </Text>
    </Box>
  );
}

function Topic({ section, topic }: { section: DocSection; topic: DocTopic }) {
  const { t } = useTranslation('docs');
  const base = `sections.${section.key}.topics.${topic.key}`;
  const id = topicId(section, topic);
  return (
    <Stack as="section" gap="3" id={id} aria-labelledby={`${id}-title`} scrollMarginTop={ANCHOR_OFFSET}>
      <Heading as="h3" id={`${id}-title`} size="md">
        {t(`${base}.title`)}
      </Heading>
      <Text>{t(`${base}.body`)}</Text>
      {topic.table === 'shortcuts' && <ShortcutTable />}
      {topic.table === 'roles' && <RoleTable />}
      {topic.items && (
        <List.Root as={topic.ordered ? 'ol' : 'ul'} gap="2" ps="5" listStyleType={topic.ordered ? 'decimal' : 'disc'}>
          {topic.items.map((item) => (
            <List.Item key={item}>{t(`${base}.items.${item}`)}</List.Item>
          ))}
        </List.Root>
      )}
      {topic.note && <Note>{t(`${base}.note`)}</Note>}
    </Stack>
  );
}

/** One chapter of the guide: an h2 with its intro, then its topics (h3). */
export function DocsSection({ section }: { section: DocSection }) {
  const { t } = useTranslation('docs');
  return (
    <Stack
      as="section"
      gap="8"
      id={section.id}
      aria-labelledby={`${section.id}-title`}
      scrollMarginTop={ANCHOR_OFFSET}
      pt="10"
      borderTopWidth="1px"
      _first={{ pt: '0', borderTopWidth: '0' }}
      data-testid="docs-section"
    >
      <Stack gap="3">
        <Heading as="h2" id={`${section.id}-title`} size={{ base: 'xl', md: '2xl' }}>
          {t(`sections.${section.key}.title`)}
        </Heading>
        <Text color="fg.muted" fontSize={{ base: 'md', md: 'lg' }}>
          {t(`sections.${section.key}.intro`)}
        </Text>
      </Stack>
      {section.topics.map((topic) => (
        <Topic key={topic.key} section={section} topic={topic} />
      ))}
    </Stack>
  );
}
