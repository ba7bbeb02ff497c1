import { Box, Heading, Text, type BoxProps } from '@chakra-ui/react';
import { useId, type ReactNode } from 'react';

interface Props extends Omit<BoxProps, 'title'> {
  title: string;
  lead?: string;
  children?: ReactNode;
}

/** A page section of the info and solution pages: an h2 naming the region, a lead, content. */
export function ContentSection({ title, lead, children, ...box }: Props) {
  const id = useId();
  return (
    <Box as="section" aria-labelledby={id} mt={{ base: '12', md: '16' }} {...box}>
      <Heading as="h2" id={id} fontSize={{ base: 'xl', md: '2xl' }} letterSpacing="-0.01em" mb={lead ? '2' : '6'}>
        {title}
      </Heading>
      {lead && (
        <Text color="fg.muted" maxW="3xl" mb="6">
          {lead}
        </Text>
      )}
      {children}
    </Box>
  );
}
