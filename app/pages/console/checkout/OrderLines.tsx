import { Box, Flex, Stack, Text } from '@chakra-ui/react';

export interface OrderLine {
  label: string;
  value: string;
  testId: string;
  /** The total: set apart and bold. */
  total?: boolean;
}

/** What is bought, line by line, with the amount to pay last. */
export function OrderLines({ title, lines }: { title: string; lines: readonly OrderLine[] }) {
  return (
    <Box as="section" aria-label={title} borderWidth="1px" rounded="xl" px={{ base: '4', md: '6' }} py="4">
      {/* Each line is a div of one dt and one dd: the grouping a description list allows. */}
      <Stack as="dl" gap="3">
        {lines.map((line) => (
          <Flex
            key={line.testId}
            justify="space-between"
            gap="4"
            wrap="wrap"
            {...(line.total ? { borderTopWidth: '1px', pt: '3' } : {})}
          >
            <Text as="dt" color={line.total ? 'fg' : 'fg.muted'} fontWeight={line.total ? '700' : '400'}>
              {line.label}
            </Text>
            <Text
              as="dd"
              fontWeight={line.total ? '800' : '600'}
              fontSize={line.total ? 'xl' : 'md'}
              data-testid={line.testId}
            >
              {line.value}
            </Text>
          </Flex>
        ))}
      </Stack>
    </Box>
  );
}
