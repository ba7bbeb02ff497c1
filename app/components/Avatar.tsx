import { Box, HStack, Portal, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { href } from '../../contract/routes';
import { env } from '../config/env';
import { Avatar as ChakraAvatar } from '../theme/parts/avatar';
import { Tooltip } from '../theme/parts/tooltip';
import { contrastRatio, hslToHex } from '../../contract/color';

/** Spec: avatars are 40 px unless told otherwise; image avatars are requested at quality 80. */
export const AVATAR_SIZE = 40;
export const AVATAR_IMAGE_QUALITY = 80;

/** WCAG AA for normal text: the initial is white on the generated colour. */
const MIN_CONTRAST = 4.5;
const SATURATION = 55;
const START_LIGHTNESS = 40;

/** 32-bit FNV-1a: cheap, stable across runs and browsers, and spreads similar e-mails apart. */
function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/**
 * The background colour of a user's avatar, `#rrggbb`, derived from the e-mail: the same
 * address (ignoring case and surrounding blanks) always gets the same colour, and the hue is
 * spread around the colour wheel by a hash. Lightness starts at 40% and is lowered until white
 * text reaches a 4.5:1 contrast (yellows and greens need a darker shade than blues).
 */
export function avatarColor(email: string): string {
  const hue = fnv1a(email.trim().toLowerCase()) % 360;
  let lightness = START_LIGHTNESS;
  let color = hslToHex(hue, SATURATION, lightness);
  while (contrastRatio(color, '#ffffff') < MIN_CONTRAST && lightness > 0) {
    lightness -= 1;
    color = hslToHex(hue, SATURATION, lightness);
  }
  return color;
}

/**
 * The address of an avatar image: a bare file name (what the user record holds) is served by
 * the API at quality 80; absolute, root-relative, data and blob URLs are used as they are.
 */
export function avatarSrc(src: string): string {
  if (/^([a-z][a-z\d+.-]*:|\/)/i.test(src)) return src;
  return `${env.apiBase}/files/avatar/${encodeURIComponent(src)}?quality=${AVATAR_IMAGE_QUALITY}`;
}

/** The letter shown without an image: the name's first character (a whole Hangul syllable), uppercased. */
export function avatarInitial(name: string, email = ''): string {
  const first = Array.from(name.trim())[0] ?? Array.from(email.trim())[0] ?? '?';
  return first.toUpperCase();
}

export interface AvatarProps {
  /** The user's name: initial, tooltip, visible name and accessible name. */
  name: string;
  /** The user's e-mail: colour, tooltip and the user page address. */
  email?: string;
  /** Image: a file name from the user record, or a full URL. Without it the initial shows. */
  src?: string | null;
  /** Diameter in px (default 40). */
  size?: number;
  /** Show the name next to the avatar. */
  showName?: boolean;
  /** Make it a link to the user page (/console/user/{email}); otherwise it is not focusable. */
  clickable?: boolean;
}

/**
 * A user's avatar: the image when there is one, else the first letter of the name on a colour
 * derived from the e-mail; a tooltip with name and e-mail; optionally the name beside it; a link
 * to the user page only when `clickable` (and an e-mail is known).
 */
export function Avatar({
  name,
  email = '',
  src,
  size = AVATAR_SIZE,
  showName = false,
  clickable = false,
}: AvatarProps) {
  const { t } = useTranslation('ui');
  const isLink = clickable && email !== '';
  const circle = (
    <ChakraAvatar.Root
      bg={avatarColor(email || name)}
      color="white"
      css={{ '--avatar-size': `${size}px`, '--avatar-font-size': `${Math.round(size * 0.42)}px` }}
      // Alone and not a link, the circle is the picture of the user and is named after them;
      // otherwise the link's label or the visible name already says who it is.
      {...(isLink || showName ? { 'aria-hidden': true } : { role: 'img', 'aria-label': name })}
      data-testid="avatar"
    >
      <ChakraAvatar.Fallback>{avatarInitial(name, email)}</ChakraAvatar.Fallback>
      {src ? <ChakraAvatar.Image src={avatarSrc(src)} alt="" /> : null}
    </ChakraAvatar.Root>
  );
  const content = (
    <>
      {circle}
      {showName && (
        <Text as="span" fontSize="sm" fontWeight="medium" truncate>
          {name}
        </Text>
      )}
    </>
  );

  return (
    <Tooltip.Root openDelay={300} closeDelay={100} positioning={{ placement: 'bottom' }}>
      <Tooltip.Trigger asChild>
        {isLink ? (
          <Box
            asChild
            display="inline-flex"
            alignItems="center"
            gap="2"
            maxW="full"
            borderRadius="full"
            color="inherit"
            _hover={{ textDecoration: 'underline' }}
            _focusVisible={{ outline: '2px solid', outlineColor: 'brand.focusRing', outlineOffset: '2px' }}
          >
            <Link href={href.consoleUser(email)} aria-label={t('avatar.openUser', { name })}>
              {content}
            </Link>
          </Box>
        ) : (
          <HStack as="span" display="inline-flex" gap="2" maxW="full">
            {content}
          </HStack>
        )}
      </Tooltip.Trigger>
      <Portal>
        <Tooltip.Positioner>
          <Tooltip.Content>
            <Stack gap="0">
              <Text as="span" fontWeight="semibold">
                {name}
              </Text>
              {email && <Text as="span">{email}</Text>}
            </Stack>
          </Tooltip.Content>
        </Tooltip.Positioner>
      </Portal>
    </Tooltip.Root>
  );
}
