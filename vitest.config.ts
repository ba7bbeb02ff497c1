import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { alias } from './vite.config.ts';

// Two projects: pure logic runs in Node; React components run in happy-dom.
export default defineConfig({
  plugins: [react()],
  resolve: { alias },
  test: {
    // Component tests render whole pages; on a busy 2-core machine one can pass 5 s.
    testTimeout: 20_000,
    projects: [
      {
        extends: true,
        test: {
          name: 'node',
          environment: 'node',
          include: ['{engine,workers,contract,ml,agent,server,app,locales,scripts}/**/*.test.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'dom',
          environment: 'happy-dom',
          // Scripts a component adds (e.g. the chat widget) are never fetched in tests.
          environmentOptions: {
            happyDOM: { settings: { disableJavaScriptFileLoading: true, handleDisabledFileLoadingAsSuccess: true } },
          },
          include: ['app/**/*.test.tsx'],
          setupFiles: ['app/test/setup.ts'],
        },
      },
    ],
  },
});
