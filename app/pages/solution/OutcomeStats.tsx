import { SimpleGrid, Stack, Text } from '@chakra-ui/react';

export interface Outcome {
  key: string;
  value: string;
  label: string;
}

/** Expected outcomes as large figures (typical ranges) with their meaning, then a caveat line. */
export function OutcomeStats({ items, note }: { items: Outcome[]; note: string }) {
  return (
    <>
      <SimpleGrid as="ul" listStyle="none" columns={{ base: 1, md: items.length }} gap="4">
        {items.map((item) => (
          <Stack
            as="li"
            key={item.key}
            gap="1"
            p="6"
            rounded="xl"
            borderWidth="1px"
            borderTopWidth="4px"
            borderTopColor="brand.600"
          >
            <Text fontSize={{ base: '2xl', md: '3xl' }} fontWeight="800" color="brand.800" letterSpacing="-0.02em">
              {item.value}
            </Text>
            <Text color="fg.muted">{item.label}</Text>
          </Stack>
        ))}
      </SimpleGrid>
      <Text mt="4" fontSize="sm" color="fg.muted">
        {note}
      </Text>
    </>
  );
}
