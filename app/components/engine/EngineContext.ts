import { createContext, useContext } from 'react';
import type { Engine } from '../../../engine';

/** The engine of the nearest {@link EngineProvider}: null until its canvas has made one. */
export const EngineContext = createContext<Engine | null>(null);

/** Where an {@link EngineCanvas} hands its engine (and null when it disposes it). */
export const EngineSetterContext = createContext<((engine: Engine | null) => void) | null>(null);

/** The engine of the surrounding provider, or null while there is none (not yet made, or disposed). */
export function useEngine(): Engine | null {
  return useContext(EngineContext);
}
