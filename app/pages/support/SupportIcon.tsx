import { Box } from '@chakra-ui/react';
import { StrokeIcon } from '../../components/StrokeIcon';

const PATHS = {
  notice: 'M4 10v4a1 1 0 001 1h2l5 4V5L7 9H5a1 1 0 00-1 1zm12-2a5 5 0 010 8',
  faq: 'M12 21a9 9 0 100-18 9 9 0 000 18zm-2.5-11.5a2.5 2.5 0 115 0c0 1.5-2.5 2-2.5 3.5M12 17h.01',
  docs: 'M4 5a2 2 0 012-2h12v16H6a2 2 0 00-2 2V5zm0 16a2 2 0 012-2h12v2M8 7h6',
  policy: 'M7 3h7l5 5v13H7V3zm7 0v5h5M10 12h6M10 16h6',
  privacy: 'M12 3l7 3v5c0 4.5-3 8.5-7 10-4-1.5-7-5.5-7-10V6l7-3zm-3 9l2 2 4-4',
  mail: 'M4 6h16v12H4V6zm0 0l8 7 8-7',
  phone: 'M5 4h4l2 5-2.5 1.5a11 11 0 005 5L15 13l5 2v4a1 1 0 01-1 1A16 16 0 014 5a1 1 0 011-1z',
  clock: 'M12 21a9 9 0 100-18 9 9 0 000 18zm0-13v4l3 2',
  guide: 'M14 4h6v6M20 4l-9 9M18 14v5a1 1 0 01-1 1H5a1 1 0 01-1-1V7a1 1 0 011-1h5',
} as const;

export type SupportIconName = keyof typeof PATHS;

/** Decorative line icons of the support pages. */
export function SupportIcon({ name, size = 6 }: { name: SupportIconName; size?: number }) {
  return (
    <Box as="span" display="inline-flex" color="brand.fg" aria-hidden="true" w={size} h={size} flexShrink={0}>
      <StrokeIcon path={PATHS[name]} size="100%" />
    </Box>
  );
}
