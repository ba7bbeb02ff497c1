import { Heading, Stack, Text, type StackProps } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { usePageTitle } from '../i18n/usePageTitle';

export interface PageTitleProps extends Omit<StackProps, 'title'> {
  /** The page's heading; also becomes `document.title` with the product suffix. */
  title: string;
  /** One line under the heading. */
  description?: ReactNode;
  /** Right-aligned actions (buttons) next to the heading. */
  actions?: ReactNode;
}

/** The page title piece: an h1, an optional lead line, and the document title. */
export function PageTitle({ title, description, actions, ...stack }: PageTitleProps) {
  usePageTitle(title);
  return (
    <Stack
      direction={{ base: 'column', md: 'row' }}
      justify="space-between"
      align={{ base: 'stretch', md: 'flex-end' }}
      gap="4"
      mb="8"
      {...stack}
    >
      <Stack gap="2">
        <Heading as="h1" size={{ base: '2xl', md: '3xl' }} letterSpacing="-0.02em">
          {title}
        </Heading>
        {description && (
          <Text color="fg.muted" fontSize={{ base: 'md', md: 'lg' }}>
            {description}
          </Text>
        )}
      </Stack>
      {actions && (
        <Stack direction="row" gap="2">
          {actions}
        </Stack>
      )}
    </Stack>
  );
}
