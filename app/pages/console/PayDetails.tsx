import { Box, Grid, Text } from '@chakra-ui/react';
import { Fragment } from 'react';

export interface PayDetail {
  label: string;
  value: string;
  testId: string;
}

/** The facts of a payment as a description list (order id, plan, amount, reason). */
export function PayDetails({ title, rows }: { title: string; rows: readonly PayDetail[] }) {
  if (rows.length === 0) return null;
  return (
    <Box
      as="section"
      aria-label={title}
      w="full"
      borderWidth="1px"
      rounded="xl"
      px={{ base: '4', md: '6' }}
      py="4"
      textAlign="start"
    >
      <Grid
        as="dl"
        templateColumns={{ base: '1fr', sm: 'max-content 1fr' }}
        columnGap="8"
        rowGap={{ base: '1', sm: '3' }}
      >
        {rows.map((row) => (
          <Fragment key={row.testId}>
            <Text as="dt" color="fg.muted" fontSize="sm" mt={{ base: '2', sm: '0' }}>
              {row.label}
            </Text>
            <Text as="dd" fontWeight="600" data-testid={row.testId}>
              {row.value}
            </Text>
          </Fragment>
        ))}
      </Grid>
    </Box>
  );
}
