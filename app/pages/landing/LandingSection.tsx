import { Box, Heading, Text, type BoxProps } from '@chakra-ui/react';
import type { ReactNode } from 'react';

interface Props extends Omit<BoxProps, 'title'> {
  id: string;
  title: string;
  lead?: string;
  children: ReactNode;
}

/** One landing section: an h2 (labelling the region), an optional lead line, and its content. */
export function LandingSection({ id, title, lead, children, ...box }: Props) {
  return (
    <Box as="section" aria-labelledby={id} py={{ base: '14', md: '20' }} {...box}>
      <Box maxW="1280px" mx="auto" px={{ base: '4', md: '6' }}>
        <Heading as="h2" id={id} fontSize={{ base: '2xl', md: '4xl' }} letterSpacing="-0.02em" lineHeight="1.3">
          {title}
        </Heading>
        {lead && (
          <Text mt="3" color="fg.muted" fontSize={{ base: 'md', md: 'lg' }} maxW="3xl">
            {lead}
          </Text>
        )}
        <Box mt={{ base: '8', md: '10' }}>{children}</Box>
      </Box>
    </Box>
  );
}
