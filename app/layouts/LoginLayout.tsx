import { Box, Flex, Stack } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { Logo } from './header/Logo';
import { LocaleSwitch } from './header/LocaleSwitch';

/** The separate layout of /login, /login/auth and /login/reset: a centred card, no site chrome. */
export function LoginLayout({ children }: { children: ReactNode }) {
  return (
    <Flex
      as="main"
      id="main"
      minH="100dvh"
      direction="column"
      bgGradient="to-br"
      gradientFrom="brand.50"
      gradientTo="gray.50"
    >
      <Flex justify="space-between" align="center" px={{ base: '4', md: '8' }} h="16">
        <Logo />
        <LocaleSwitch />
      </Flex>
      <Flex flex="1" align="center" justify="center" px="4" py="10">
        <Box w="full" maxW="md" bg="bg" rounded="2xl" shadow="lg" p={{ base: '6', md: '10' }}>
          <Stack gap="6">{children}</Stack>
        </Box>
      </Flex>
    </Flex>
  );
}
