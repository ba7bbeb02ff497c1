/*
 * How every headless Chromium here starts (Playwright's browser tests, the benchmarks, the
 * bundle measurement): Debian's build, since Playwright cannot download its own.
 */
export const CHROMIUM_PATH = '/usr/bin/chromium';

/** Root needs no sandbox; nothing is fetched, updated or synced in the background. */
export const QUIET_ARGS = [
  '--no-sandbox',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/** WebGL without a GPU comes only from SwiftShader, asked for explicitly (tests assert the renderer). */
export const WEBGL_ARGS = [...QUIET_ARGS, '--use-angle=swiftshader', '--enable-unsafe-swiftshader'];

/** The browser tests' launch options (loopback HTTP only, so no QUIC). */
export const chromiumLaunch = { executablePath: CHROMIUM_PATH, args: [...WEBGL_ARGS, '--disable-quic'] };
