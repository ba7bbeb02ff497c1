import { Box, chakra, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { docSections } from './docSections';

function TocLinks() {
  const { t } = useTranslation('docs');
  return (
    <Stack as="ol" gap="0.5" listStyleType="none">
      {docSections.map((section, i) => (
        <li key={section.id}>
          {/* A plain in-page anchor: the router leaves hash links alone. */}
          <chakra.a
            href={`#${section.id}`}
            display="flex"
            gap="2"
            px="3"
            py="2"
            rounded="md"
            fontSize="sm"
            color="fg"
            _hover={{ bg: 'brand.subtle', color: 'brand.fg' }}
            _focusVisible={{ outline: '2px solid', outlineColor: 'brand.focusRing' }}
          >
            <Text as="span" color="fg.muted" aria-hidden="true" minW="4">
              {i + 1}
            </Text>
            {t(`sections.${section.key}.title`)}
          </chakra.a>
        </li>
      ))}
    </Stack>
  );
}

/**
 * The guide's table of contents: a collapsible block above the text on narrow screens, a sticky
 * sidebar from `lg` up. Only one of the two is displayed (and exposed) at a time.
 */
export function DocsToc() {
  const { t } = useTranslation('docs');
  return (
    <>
      <Box
        as="nav"
        aria-label={t('toc.label')}
        hideFrom="lg"
        borderWidth="1px"
        rounded="lg"
        data-testid="docs-toc-narrow"
      >
        <details>
          <Box as="summary" cursor="pointer" px="4" py="3" fontWeight="600">
            {t('toc.toggle')}
          </Box>
          <Box px="1" pb="3">
            <TocLinks />
          </Box>
        </details>
      </Box>
      <Box
        as="nav"
        aria-label={t('toc.label')}
        hideBelow="lg"
        position="sticky"
        top="24"
        maxH="calc(100dvh - 8rem)"
        overflowY="auto"
        data-testid="docs-toc"
      >
        <Text
          px="3"
          pb="2"
          fontSize="xs"
          fontWeight="700"
          color="fg.muted"
          textTransform="uppercase"
          letterSpacing="wider"
        >
          {t('toc.heading')}
        </Text>
        <TocLinks />
      </Box>
    </>
  );
}
