import { useEffect } from 'react';
import type { Engine } from '../../../../engine';

declare global {
  interface Window {
    /** The studio's engine, for the browser tests (dev and VITE_LAB=1 builds only). */
    __studio?: { engine: Engine };
  }
}

/** Exposes the studio's engine to the browser tests in dev and lab builds; production builds leave it out. */
export function useStudioTestHook(engine: Engine | null): void {
  useEffect(() => {
    if (!(import.meta.env.DEV || import.meta.env.VITE_LAB === '1') || !engine) return undefined;
    window.__studio = { engine };
    return () => {
      if (window.__studio?.engine === engine) delete window.__studio;
    };
  }, [engine]);
}
