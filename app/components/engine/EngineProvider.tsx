import { useState, type ReactNode } from 'react';
import type { Engine } from '../../../engine';
import { EngineContext, EngineSetterContext } from './EngineContext';

/**
 * Holds the engine that the {@link EngineCanvas} inside it creates, so that toolbars and panels
 * beside the canvas (not only below it) reach it through `useEngine()`.
 */
export function EngineProvider({ children }: { children: ReactNode }) {
  const [engine, setEngine] = useState<Engine | null>(null);
  return (
    <EngineSetterContext.Provider value={setEngine}>
      <EngineContext.Provider value={engine}>{children}</EngineContext.Provider>
    </EngineSetterContext.Provider>
  );
}
