import { Box, Button, Stack } from '@chakra-ui/react';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { NavMenu } from '../../config/navigation';
import { MenuLink } from './MenuLink';

function ChevronDown({ open }: { open: boolean }) {
  return (
    <svg
      viewBox="0 0 20 20"
      width="14"
      height="14"
      aria-hidden="true"
      style={{ transform: open ? 'rotate(180deg)' : undefined, transition: 'transform .15s' }}
    >
      <path fill="currentColor" d="M5.3 7.3 10 12l4.7-4.7 1 1L10 14 4.3 8.3z" />
    </svg>
  );
}

/**
 * One header menu as a disclosure (WAI-ARIA "disclosure navigation"): a button that shows a list
 * of links, opened by click, keyboard or hover; closed by Escape, an outside click or leaving.
 * Lighter than a role=menu widget and the recommended pattern for site navigation.
 */
export function NavDisclosure({ menu, inverted }: { menu: NavMenu; inverted: boolean }) {
  const { t } = useTranslation('common');
  const [open, setOpen] = useState(false);
  const id = useId();
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  // A click right after a hover opened the menu pins it open instead of closing it again.
  const openedByHover = useRef(false);
  const show = (byHover: boolean) => {
    openedByHover.current = byHover;
    setOpen(true);
  };

  useEffect(() => {
    if (!open) return;
    const onDown = (e: PointerEvent) => {
      if (!root.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onDown);
    return () => document.removeEventListener('pointerdown', onDown);
  }, [open]);

  return (
    <Box
      ref={root}
      position="relative"
      onMouseEnter={() => {
        if (!open) show(true);
      }}
      onMouseLeave={() => setOpen(false)}
      onKeyDown={(e) => {
        if (e.key === 'Escape' && open) {
          setOpen(false);
          button.current?.focus();
        }
      }}
      onBlur={(e) => {
        if (!root.current?.contains(e.relatedTarget as Node | null)) setOpen(false);
      }}
    >
      <Button
        ref={button}
        variant="ghost"
        color={inverted ? 'white' : 'fg'}
        fontWeight="600"
        _hover={{ bg: inverted ? 'whiteAlpha.200' : 'bg.muted' }}
        aria-expanded={open}
        aria-controls={id}
        onClick={() => {
          if (!open) show(false);
          else if (openedByHover.current) openedByHover.current = false;
          else setOpen(false);
        }}
      >
        {t(menu.key)}
        <ChevronDown open={open} />
      </Button>
      <Box id={id} hidden={!open} position="absolute" top="100%" left="0" pt="2" zIndex="dropdown">
        <Stack
          as="ul"
          listStyleType="none"
          gap="0"
          minW="220px"
          bg="bg"
          rounded="lg"
          shadow="lg"
          borderWidth="1px"
          py="2"
        >
          {menu.links.map((link) => (
            <Box as="li" key={link.key}>
              <Box
                asChild
                display="block"
                px="4"
                py="2"
                color="fg"
                _hover={{ bg: 'brand.subtle', color: 'brand.fg' }}
                _focusVisible={{ bg: 'brand.subtle', outline: 'none' }}
              >
                <MenuLink link={link} label={t(link.key)} onNavigate={() => setOpen(false)} />
              </Box>
            </Box>
          ))}
        </Stack>
      </Box>
    </Box>
  );
}
