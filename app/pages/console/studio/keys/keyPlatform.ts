/**
 * Which modifier `mod` means: ⌘ (metaKey) on Apple systems, Ctrl elsewhere. Key bindings are
 * stored without a platform (contract/studioKeymap.ts), so one key map serves both.
 */
export type KeyPlatform = 'mac' | 'other';

interface NavigatorWithHints {
  userAgentData?: { platform?: string };
  platform?: string;
  userAgent?: string;
}

/** The platform of this browser; 'other' outside a browser. */
export function detectPlatform(nav: NavigatorWithHints | undefined = globalThis.navigator): KeyPlatform {
  if (!nav) return 'other';
  const hint = nav.userAgentData?.platform || nav.platform || nav.userAgent || '';
  return /mac|iphone|ipad|ipod/i.test(hint) ? 'mac' : 'other';
}
