import { createSystem, defineConfig, mergeConfigs } from '@chakra-ui/react';
import { defaultBaseConfig } from '@chakra-ui/react/preset-base';
// Deep imports (alias `chakra-theme`, see vite.config.ts): the package's `theme` entry builds the
// whole default theme, ~70 slot recipes, which would cost every page ~30 KB of gzipped JS.
import { breakpoints } from 'chakra-theme/breakpoints';
import { globalCss as chakraGlobalCss } from 'chakra-theme/global-css';
import { layerStyles } from 'chakra-theme/layer-styles';
import { animationStyles } from 'chakra-theme/motion-styles';
import { buttonRecipe } from 'chakra-theme/recipes/button';
import { containerRecipe } from 'chakra-theme/recipes/container';
import { headingRecipe } from 'chakra-theme/recipes/heading';
import { iconRecipe } from 'chakra-theme/recipes/icon';
import { linkRecipe } from 'chakra-theme/recipes/link';
import { separatorRecipe } from 'chakra-theme/recipes/separator';
import { skeletonRecipe } from 'chakra-theme/recipes/skeleton';
import { skipNavLinkRecipe } from 'chakra-theme/recipes/skip-nav-link';
import { spinnerRecipe } from 'chakra-theme/recipes/spinner';
import { semanticColors } from 'chakra-theme/semantic-tokens/colors';
import { semanticRadii } from 'chakra-theme/semantic-tokens/radii';
import { semanticShadows } from 'chakra-theme/semantic-tokens/shadows';
import { textStyles } from 'chakra-theme/text-styles';
import { keyframes } from 'chakra-theme/tokens/keyframes';
import { tokens } from './tokens';

/**
 * The product theme: primary colour #1e88e5 (brand.600) and Korean-first typography.
 * Filled buttons use brand.700 so that white text meets WCAG AA contrast (4.6:1); #1e88e5 itself
 * is the accent (focus rings, highlights, illustrations).
 */
export const PRIMARY_COLOR = '#1e88e5';

/** The app's font family list (also handed to the engine for label names on the canvas). */
export const fontStack = `'Pretendard Variable', Pretendard, -apple-system, BlinkMacSystemFont, system-ui, 'Apple SD Gothic Neo', 'Noto Sans KR', 'Malgun Gothic', 'Segoe UI', Roboto, sans-serif`;

/**
 * The single-part recipes the shell and the landing page use. The others (input, textarea, badge,
 * code, kbd, mark, checkmark, radiomark, colour swatch) are registered by pageRecipes.ts, which
 * every page but the landing page loads with its chunk (app/routes/pages.ts).
 */
const recipes = {
  button: buttonRecipe,
  container: containerRecipe,
  heading: headingRecipe,
  icon: iconRecipe,
  link: linkRecipe,
  separator: separatorRecipe,
  skeleton: skeletonRecipe,
  skipNavLink: skipNavLinkRecipe,
  spinner: spinnerRecipe,
};

const base = defineConfig({
  preflight: true,
  cssVarsPrefix: 'chakra',
  cssVarsRoot: ':where(html, .chakra-theme)',
  globalCss: chakraGlobalCss,
  theme: {
    breakpoints,
    keyframes,
    tokens,
    semanticTokens: { colors: semanticColors, shadows: semanticShadows, radii: semanticRadii },
    recipes,
    // Multi-part components register their recipes on import: see registerRecipes.ts.
    slotRecipes: {},
    textStyles,
    layerStyles,
    animationStyles,
  },
});

const product = defineConfig({
  globalCss: {
    'html, body': { wordBreak: 'keep-all', overflowWrap: 'anywhere' },
  },
  theme: {
    tokens: {
      fonts: { heading: { value: fontStack }, body: { value: fontStack } },
      colors: {
        primary: { value: PRIMARY_COLOR },
        brand: {
          50: { value: '#e3f2fd' },
          100: { value: '#bbdefb' },
          200: { value: '#90caf9' },
          300: { value: '#64b5f6' },
          400: { value: '#42a5f5' },
          500: { value: '#2196f3' },
          600: { value: PRIMARY_COLOR },
          700: { value: '#1976d2' },
          800: { value: '#1565c0' },
          900: { value: '#0d47a1' },
          950: { value: '#082c63' },
        },
      },
    },
    semanticTokens: {
      colors: {
        // Chakra's default error text (red.500) is 3.8:1 on white; red.700 passes AA.
        fg: { error: { value: { _light: '{colors.red.700}', _dark: '{colors.red.300}' } } },
        brand: {
          solid: { value: '{colors.brand.700}' },
          contrast: { value: 'white' },
          fg: { value: { _light: '{colors.brand.800}', _dark: '{colors.brand.300}' } },
          muted: { value: { _light: '{colors.brand.100}', _dark: '{colors.brand.900}' } },
          subtle: { value: { _light: '{colors.brand.50}', _dark: '{colors.brand.950}' } },
          emphasized: { value: { _light: '{colors.brand.200}', _dark: '{colors.brand.800}' } },
          focusRing: { value: '{colors.brand.600}' },
        },
      },
    },
  },
});

export const system = createSystem(mergeConfigs(defaultBaseConfig, base), product);
