import { Stack, Text } from '@chakra-ui/react';

/** One headline figure of the evaluation. */
export function MetricStat({
  label,
  value,
  hint,
  testId,
}: {
  label: string;
  value: string;
  hint?: string;
  testId: string;
}) {
  return (
    <Stack gap="0" p="4" borderWidth="1px" borderRadius="l2" minW="40">
      <Text fontSize="sm" color="fg.muted">
        {label}
      </Text>
      <Text fontSize="2xl" fontWeight="700" fontVariantNumeric="tabular-nums" data-testid={testId}>
        {value}
      </Text>
      {hint && (
        <Text fontSize="xs" color="fg.muted">
          {hint}
        </Text>
      )}
    </Stack>
  );
}
