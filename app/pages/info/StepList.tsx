import { Box, Flex, Heading, Link as ChakraLink, Stack, Text } from '@chakra-ui/react';
import { Link } from 'wouter';
import type { TextItem } from './textItems';

export interface StepItem extends TextItem {
  /** Optional link under the step (e.g. to the info page of that step). */
  link?: { href: string; label: string };
}

/** Numbered steps (ordered list): a number badge, an h3 title, the text and an optional link. */
export function StepList({ items }: { items: StepItem[] }) {
  return (
    <Stack as="ol" listStyle="none" gap="0">
      {items.map((item, i) => (
        <Flex as="li" key={item.key} gap={{ base: '4', md: '6' }}>
          <Flex direction="column" align="center">
            <Box
              aria-hidden="true"
              w="10"
              h="10"
              flexShrink="0"
              rounded="full"
              bg="brand.800"
              color="white"
              fontWeight="700"
              display="grid"
              placeItems="center"
            >
              {i + 1}
            </Box>
            {i < items.length - 1 && <Box flex="1" w="2px" bg="brand.100" my="1" />}
          </Flex>
          <Stack gap="1.5" pb="8" pt="1.5" maxW="3xl">
            <Heading as="h3" fontSize="md" lineHeight="1.5">
              {item.title}
            </Heading>
            <Text color="fg.muted">{item.body}</Text>
            {item.link && (
              <ChakraLink asChild color="brand.800" fontWeight="600" fontSize="sm" w="fit-content">
                <Link href={item.link.href}>{item.link.label} →</Link>
              </ChakraLink>
            )}
          </Stack>
        </Flex>
      ))}
    </Stack>
  );
}
