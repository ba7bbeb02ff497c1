import { Heading, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';

/** One titled part of My settings; the heading names the region for assistive technology. */
export function SettingsSection({
  id,
  title,
  description,
  children,
}: {
  id: string;
  title: string;
  description?: string;
  children: ReactNode;
}) {
  return (
    <Stack
      as="section"
      aria-labelledby={`${id}-title`}
      gap="5"
      py="8"
      borderTopWidth="1px"
      data-testid={`settings-${id}`}
    >
      <Stack gap="1">
        <Heading as="h2" size="lg" id={`${id}-title`}>
          {title}
        </Heading>
        {description && <Text color="fg.muted">{description}</Text>}
      </Stack>
      {children}
    </Stack>
  );
}
