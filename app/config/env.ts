/**
 * Build-time settings (VITE_*). They are validated with zod when the app is built
 * (`contract/clientEnv.ts`, called from vite.config.ts), so a bad value fails the build rather
 * than a page; here they only get their defaults.
 * - VITE_API_BASE: API base address; same origin (`/api`) by default.
 * - VITE_GUIDE_URL: the guide site opened in a new tab; the built-in guide at /docs by default.
 * - VITE_CONSOLE_URL: the console site; /console on this origin by default.
 * - VITE_CHAT_SCRIPT_URL: chat-support widget script; nothing loads when empty.
 */
export const env = {
  apiBase: import.meta.env.VITE_API_BASE || '/api',
  guideUrl: import.meta.env.VITE_GUIDE_URL || '/docs',
  consoleUrl: import.meta.env.VITE_CONSOLE_URL || '/console',
  chatScriptUrl: import.meta.env.VITE_CHAT_SCRIPT_URL || '',
};
