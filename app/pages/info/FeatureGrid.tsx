import { Heading, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import type { TextItem } from './textItems';

/** Titled paragraphs (h3 + text) in a responsive grid of quiet cards. */
export function FeatureGrid({ items, columns = 3 }: { items: TextItem[]; columns?: number }) {
  return (
    <SimpleGrid columns={{ base: 1, md: 2, lg: columns }} gap="4">
      {items.map((item) => (
        <Stack key={item.key} gap="2" p="6" rounded="xl" bg="bg.subtle" borderWidth="1px" borderColor="border.muted">
          <Heading as="h3" fontSize="md" lineHeight="1.5">
            {item.title}
          </Heading>
          <Text color="fg.muted" fontSize="sm">
            {item.body}
          </Text>
        </Stack>
      ))}
    </SimpleGrid>
  );
}
