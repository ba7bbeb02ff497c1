import { Link as ChakraLink, VisuallyHidden, type LinkProps } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { Link } from 'wouter';

export interface InlineLinkProps extends Omit<LinkProps, 'href' | 'children'> {
  /** A locale-free in-app path, or any address when `external` / `plain`. */
  href: string;
  children: ReactNode;
  /** Opens in a new tab; `newTabLabel` is read out after the text. */
  external?: boolean;
  newTabLabel?: string;
  /** A plain anchor (mailto:, tel:, in-page #anchors) rather than a router link. */
  plain?: boolean;
}

/** An underlined text link in the brand colour (AA contrast on light backgrounds). */
export function InlineLink({ href, children, external, newTabLabel, plain, ...rest }: InlineLinkProps) {
  if (external || plain) {
    return (
      <ChakraLink
        href={href}
        variant="underline"
        colorPalette="brand"
        {...(external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
        {...rest}
      >
        {children}
        {external && newTabLabel && <VisuallyHidden>{newTabLabel}</VisuallyHidden>}
      </ChakraLink>
    );
  }
  return (
    <ChakraLink asChild variant="underline" colorPalette="brand" {...rest}>
      <Link href={href}>{children}</Link>
    </ChakraLink>
  );
}
