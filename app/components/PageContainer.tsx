import { Box, type BoxProps } from '@chakra-ui/react';

/** Content column of public pages: max width 1280 with the site's side padding. */
export function PageContainer(props: BoxProps) {
  return <Box maxW="1280px" mx="auto" px={{ base: '4', md: '6' }} py={{ base: '8', md: '12' }} {...props} />;
}
