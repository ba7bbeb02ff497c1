import { HStack, Stack, Text } from '@chakra-ui/react';
import { avatarColor, avatarInitial, avatarSrc } from '../../components/Avatar';
import { Avatar } from '../../theme/parts/avatar';

/** The signed-in user's avatar circle (decorative: the name is always beside it or in the label). */
export function UserCircle({
  name,
  email,
  src,
  size = 32,
}: {
  name: string;
  email: string;
  src?: string | null;
  size?: number;
}) {
  return (
    <Avatar.Root
      bg={avatarColor(email || name)}
      color="white"
      css={{ '--avatar-size': `${size}px`, '--avatar-font-size': `${Math.round(size * 0.42)}px` }}
      aria-hidden
      flexShrink="0"
      data-testid="user-avatar"
    >
      <Avatar.Fallback>{avatarInitial(name, email)}</Avatar.Fallback>
      {src ? <Avatar.Image src={avatarSrc(src)} alt="" /> : null}
    </Avatar.Root>
  );
}

/** Avatar, name and e-mail: the head of the avatar menu and of the drawer's account part. */
export function UserBadge({ name, email, src }: { name: string; email: string; src?: string | null }) {
  return (
    <HStack gap="3" minW="0">
      <UserCircle name={name} email={email} src={src} size={36} />
      <Stack gap="0" minW="0">
        <Text as="span" fontWeight="600" fontSize="sm" truncate>
          {name}
        </Text>
        <Text as="span" fontSize="xs" color="fg.muted" truncate>
          {email}
        </Text>
      </Stack>
    </HStack>
  );
}
