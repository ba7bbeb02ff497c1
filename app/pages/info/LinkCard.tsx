import { Box, Flex, Heading, LinkBox, LinkOverlay, Text, type BoxProps } from '@chakra-ui/react';
import { Link } from 'wouter';
import { LineIcon, type IconName } from './LineIcon';

interface Props extends Omit<BoxProps, 'title'> {
  href: string;
  icon: IconName;
  title: string;
  body: string;
  /** Small label at the top right, e.g. the step number. */
  tag?: string;
  /** A visual "learn more" line; the title is the link's accessible name. */
  more?: string;
}

/** A card that links as a whole: icon, h3 title (the link), a short text. */
export function LinkCard({ href, icon, title, body, tag, more, ...box }: Props) {
  return (
    <LinkBox
      display="flex"
      flexDirection="column"
      gap="3"
      p="6"
      bg="bg"
      rounded="xl"
      borderWidth="1px"
      transition="border-color 0.15s, box-shadow 0.15s"
      _hover={{ borderColor: 'brand.600', shadow: 'md' }}
      {...box}
    >
      <Flex justify="space-between" align="center">
        <Box color="brand.800" bg="brand.50" p="2.5" rounded="lg">
          <LineIcon name={icon} />
        </Box>
        {tag && (
          <Text fontSize="sm" fontWeight="800" color="brand.800">
            {tag}
          </Text>
        )}
      </Flex>
      <Heading as="h3" fontSize="lg" lineHeight="1.4">
        <LinkOverlay asChild>
          <Link href={href}>{title}</Link>
        </LinkOverlay>
      </Heading>
      <Text color="fg.muted" fontSize="sm" flex="1">
        {body}
      </Text>
      {more && (
        <Text aria-hidden="true" fontSize="sm" fontWeight="600" color="brand.800">
          {more} →
        </Text>
      )}
    </LinkBox>
  );
}
