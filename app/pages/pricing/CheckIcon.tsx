import { Box, type BoxProps } from '@chakra-ui/react';

/** A decorative check mark (the text next to it, or a hidden label, carries the meaning). */
export function CheckIcon(props: BoxProps) {
  return (
    <Box as="span" display="inline-flex" color="green.600" flexShrink={0} aria-hidden="true" {...props}>
      <svg width="18" height="18" viewBox="0 0 20 20" fill="none">
        <path
          d="M4 10.5l4 4 8-9"
          stroke="currentColor"
          strokeWidth="2.2"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
    </Box>
  );
}
