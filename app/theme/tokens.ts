import { animations } from 'chakra-theme/tokens/animations';
import { aspectRatios } from 'chakra-theme/tokens/aspect-ratios';
import { blurs } from 'chakra-theme/tokens/blurs';
import { borders } from 'chakra-theme/tokens/borders';
import { colors } from 'chakra-theme/tokens/colors';
import { cursor } from 'chakra-theme/tokens/cursor';
import { durations } from 'chakra-theme/tokens/durations';
import { easings } from 'chakra-theme/tokens/easings';
import { fontSizes } from 'chakra-theme/tokens/font-sizes';
import { fontWeights } from 'chakra-theme/tokens/font-weights';
import { fonts } from 'chakra-theme/tokens/fonts';
import { letterSpacings } from 'chakra-theme/tokens/letter-spacing';
import { lineHeights } from 'chakra-theme/tokens/line-heights';
import { radii } from 'chakra-theme/tokens/radius';
import { sizes } from 'chakra-theme/tokens/sizes';
import { spacing } from 'chakra-theme/tokens/spacing';
import { zIndices } from 'chakra-theme/tokens/z-indices';

/** Chakra's default design tokens, assembled here so the theme entry's recipes stay out. */
export const tokens = {
  aspectRatios,
  animations,
  blurs,
  borders,
  colors,
  durations,
  easings,
  fonts,
  fontSizes,
  fontWeights,
  letterSpacings,
  lineHeights,
  radii,
  spacing,
  sizes,
  zIndex: zIndices,
  cursor,
};
