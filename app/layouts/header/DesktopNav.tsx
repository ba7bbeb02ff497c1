import { Button, HStack } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { headerMenus } from '../../config/navigation';
import { MenuLink } from './MenuLink';
import { NavDisclosure } from './NavDisclosure';

/** The four header menus on wide screens (≥ 1024 px); a single-link menu is a plain link. */
export function DesktopNav({ inverted = false }: { inverted?: boolean }) {
  const { t } = useTranslation('common');
  return (
    <HStack as="nav" aria-label={t('nav.main')} gap="1" hideBelow="lg">
      {headerMenus.map((menu) => {
        const only = menu.links.length === 1 ? menu.links[0] : undefined;
        if (!only) return <NavDisclosure key={menu.key} menu={menu} inverted={inverted} />;
        return (
          <Button
            key={menu.key}
            asChild
            variant="ghost"
            color={inverted ? 'white' : 'fg'}
            fontWeight="600"
            _hover={{ bg: inverted ? 'whiteAlpha.200' : 'bg.muted' }}
          >
            <MenuLink link={only} label={t(menu.key)} />
          </Button>
        );
      })}
    </HStack>
  );
}
