import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import layers, { HEAVY_PACKAGES } from './scripts/eslint/importDirection.js';

/** Multi-part Chakra components come from app/theme/parts, which registers their recipes. */
const chakraParts = {
  name: '@chakra-ui/react',
  importNames: [
    'Accordion',
    'Alert',
    'Avatar',
    'Breadcrumb',
    'Card',
    'Checkbox',
    'Dialog',
    'Drawer',
    'EmptyState',
    'Field',
    'Fieldset',
    'List',
    'NativeSelect',
    'Popover',
    'Progress',
    'RadioGroup',
    'SegmentGroup',
    'Stat',
    'Switch',
    'Table',
    'Tabs',
    'Tag',
    'Toaster',
    'Toast',
    'createToaster',
    'Tooltip',
  ],
  message: 'Import multi-part components from app/theme/parts/<name> (it registers the recipe).',
};

const heavyPatterns = HEAVY_PACKAGES.map((p) => ({
  group: [p, `${p}/*`],
  message: 'Heavy library: import it only from the dataset viewer (lazy chunk) or a worker.',
}));

/** The engine, shaders and workers load only with console pages and the lab, never with public pages. */
const engineLayerPatterns = ['engine', 'shaders', 'workers'].map((folder) => ({
  group: [`**/${folder}`, `**/${folder}/*`, `**/${folder}/**`],
  message: `${folder}/ is for console pages and the lab (app/pages/console, app/pages/lab) only.`,
}));

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'dist-*/**',
      'node_modules/**',
      'coverage/**',
      'test-results/**',
      'playwright-report/**',
      'data/**',
      'benchmarks/results/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { layers, 'react-hooks': reactHooks },
    rules: {
      'layers/import-direction': 'error',
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['engine/**', 'contract/**', 'workers/**', 'shaders/**', 'ml/**', 'agent/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'error' },
  },
  {
    // The contract runs in the browser, its workers and Node alike: no DOM, no Node globals.
    files: ['contract/**'],
    ignores: ['contract/**/*.test.ts'],
    rules: { 'no-restricted-globals': ['error', 'Buffer', 'process', 'require', 'window', 'document', 'global'] },
  },
  {
    files: ['app/**'],
    ignores: ['app/theme/parts/**'],
    rules: { 'no-restricted-imports': ['error', { paths: [chakraParts] }] },
  },
  {
    // Public pages and the shell are on the landing route's critical path: no heavy libraries, and
    // neither the engine nor the workers (large, and only console pages and the lab use them).
    files: ['app/**'],
    // app/components/engine/ is the engine's React adapter, imported only by console pages and the lab.
    ignores: ['app/theme/parts/**', 'app/pages/console/**', 'app/pages/lab/**', 'app/components/engine/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        { paths: [chakraParts], patterns: [...heavyPatterns, ...engineLayerPatterns] },
      ],
    },
  },
  {
    // Console pages and the lab (lazy routes; the lab only in VITE_LAB=1 builds) may use the engine and
    // the workers. The dataset viewer is loaded with React.lazy (GalleryPanel.tsx), so three.js stays
    // in its chunk: it alone may import the heavy libraries.
    files: ['app/pages/console/**', 'app/pages/lab/**', 'app/components/engine/**'],
    ignores: ['app/pages/console/dataset/viewer/**'],
    rules: { 'no-restricted-imports': ['error', { paths: [chakraParts], patterns: heavyPatterns }] },
  },
);
