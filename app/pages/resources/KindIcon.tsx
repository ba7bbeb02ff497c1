import { Box, type BoxProps } from '@chakra-ui/react';
import type { ResourceKind } from '../../../contract/routes';

/** Line drawings for the two categories: stacked images (datasets) and a network (models). */
export function KindIcon({ kind, size = 32, ...box }: { kind: ResourceKind; size?: number } & BoxProps) {
  return (
    <Box
      aria-hidden="true"
      color="brand.700"
      bg="brand.subtle"
      rounded="xl"
      w="14"
      h="14"
      display="grid"
      placeItems="center"
      {...box}
    >
      <svg
        width={size}
        height={size}
        viewBox="0 0 32 32"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinejoin="round"
      >
        {kind === 'dataset' ? (
          <>
            <path d="M8 10V6a2 2 0 0 1 2-2h16a2 2 0 0 1 2 2v12a2 2 0 0 1-2 2h-2" />
            <rect x="4" y="10" width="20" height="16" rx="2" />
            <path d="M4 22l6-6 5 5 3-3 6 6" />
          </>
        ) : (
          <>
            <circle cx="6" cy="9" r="3" />
            <circle cx="6" cy="23" r="3" />
            <circle cx="16" cy="16" r="3" />
            <circle cx="26" cy="9" r="3" />
            <circle cx="26" cy="23" r="3" />
            <path d="M9 10l4.5 4.5M9 22l4.5-4.5M19 14.5L23 10.5M19 17.5l4 4" />
          </>
        )}
      </svg>
    </Box>
  );
}
