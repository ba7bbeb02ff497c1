import { Box, Flex, HStack } from '@chakra-ui/react';
import { useSnapshot } from 'valtio';
import { ui } from '../../state/ui';
import { AuthButtons } from './AuthButtons';
import { DesktopNav } from './DesktopNav';
import { Logo } from './Logo';
import { LocaleSwitch } from './LocaleSwitch';
import { MobileMenuButton } from './MobileMenuButton';

/** Fixed site header; transparent over the landing hero while scroll < 60 px. */
export function Header() {
  const { headerType } = useSnapshot(ui);
  const transparent = headerType === 'transparent';
  return (
    <Box
      as="header"
      position="fixed"
      top="0"
      insetX="0"
      zIndex="sticky"
      h="16"
      bg={transparent ? 'transparent' : 'bg'}
      borderBottomWidth={transparent ? '0' : '1px'}
      shadow={transparent ? 'none' : 'xs'}
      transition="background-color 0.2s, box-shadow 0.2s"
      data-testid="site-header"
      data-transparent={transparent ? 'true' : 'false'}
    >
      <Flex maxW="1280px" mx="auto" h="full" px={{ base: '4', md: '6' }} align="center" justify="space-between" gap="4">
        <HStack gap="8">
          <Logo inverted={transparent} />
          <DesktopNav inverted={transparent} />
        </HStack>
        <HStack gap="2">
          <Box hideBelow="lg">
            <LocaleSwitch inverted={transparent} />
          </Box>
          <AuthButtons inverted={transparent} hideBelow="lg" />
          <MobileMenuButton inverted={transparent} />
        </HStack>
      </Flex>
    </Box>
  );
}
