import { Box, chakra, HStack, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';

export interface ChoiceCardProps {
  name: string;
  value: string;
  checked: boolean;
  disabled?: boolean;
  title: ReactNode;
  description?: ReactNode;
  /** Extra lines (speed, counts, a select) under the description. */
  children?: ReactNode;
  onChoose: () => void;
  testId?: string;
}

/** One option of a radio group, drawn as a card: a native radio (keyboard and screen readers) and its texts. */
export function ChoiceCard({
  name,
  value,
  checked,
  disabled = false,
  title,
  description,
  children,
  onChoose,
  testId,
}: ChoiceCardProps) {
  return (
    <chakra.label
      display="block"
      borderWidth="1px"
      borderColor={checked ? 'brand.600' : 'border'}
      bg={checked ? 'brand.50' : 'bg'}
      _dark={{ bg: checked ? 'brand.950' : 'bg' }}
      rounded="lg"
      p="4"
      cursor={disabled ? 'not-allowed' : 'pointer'}
      opacity={disabled ? 0.6 : 1}
      data-testid={testId}
      data-checked={checked || undefined}
      data-disabled={disabled || undefined}
    >
      <HStack align="start" gap="3">
        <chakra.input
          type="radio"
          name={name}
          value={value}
          checked={checked}
          disabled={disabled}
          onChange={() => onChoose()}
          mt="1"
          w="4"
          h="4"
          flexShrink={0}
          accentColor="brand.600"
        />
        <Stack gap="1" minW="0" flex="1">
          <Text fontWeight="600">{title}</Text>
          {description && (
            <Text fontSize="sm" color="fg.muted">
              {description}
            </Text>
          )}
          {children && <Box fontSize="sm">{children}</Box>}
        </Stack>
      </HStack>
    </chakra.label>
  );
}

/** A checkbox with its text (native, as the project settings use). */
export function CheckRow({
  checked,
  disabled = false,
  onChange,
  children,
  testId,
}: {
  checked: boolean;
  disabled?: boolean;
  onChange: (checked: boolean) => void;
  children: ReactNode;
  testId?: string;
}) {
  return (
    <chakra.label
      display="flex"
      alignItems="center"
      gap="2"
      cursor={disabled ? 'not-allowed' : 'pointer'}
      opacity={disabled ? 0.6 : 1}
    >
      <chakra.input
        type="checkbox"
        w="4"
        h="4"
        flexShrink={0}
        accentColor="brand.600"
        checked={checked}
        disabled={disabled}
        onChange={(e) => onChange(e.currentTarget.checked)}
        data-testid={testId}
      />
      {children}
    </chakra.label>
  );
}

/** A step's message under its fields (role alert: read out when it appears). */
export function StepMessage({ message, testId = 'step-error' }: { message: ReactNode; testId?: string }) {
  return (
    <Text color="fg.error" fontSize="sm" role="alert" data-testid={testId}>
      {message}
    </Text>
  );
}
