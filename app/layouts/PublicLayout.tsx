import { Box, Flex } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { useLocation } from 'wouter';
import { WithdrawnNotice } from '../pages/console/WithdrawnNotice';
import { Footer } from './Footer';
import { SkipLink } from './SkipLink';
import { Header } from './header/Header';
import { ScrollTopButton } from './ScrollTopButton';
import { useScrollState } from './useScrollState';

/** Public site frame: fixed header, page, footer, scroll-to-top button. */
export function PublicLayout({ children }: { children: ReactNode }) {
  const [location] = useLocation();
  const isLanding = location === '/';
  useScrollState(isLanding);
  return (
    <Flex direction="column" minH="100dvh">
      <SkipLink />
      <Header />
      <WithdrawnNotice />
      {/* The landing hero runs under the transparent header; other pages start below it. */}
      <Box as="main" id="main" flex="1" pt={isLanding ? '0' : '16'}>
        {children}
      </Box>
      <Footer />
      <ScrollTopButton />
    </Flex>
  );
}
