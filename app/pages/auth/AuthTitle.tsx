import { Heading, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { usePageTitle } from '../../i18n/usePageTitle';

/** The heading of a login-area card: the page's h1 (also the document title) and a lead line. */
export function AuthTitle({ title, children }: { title: string; children?: ReactNode }) {
  usePageTitle(title);
  return (
    <Stack gap="2">
      <Heading as="h1" size="2xl" letterSpacing="-0.02em">
        {title}
      </Heading>
      {children && <Text color="fg.muted">{children}</Text>}
    </Stack>
  );
}
