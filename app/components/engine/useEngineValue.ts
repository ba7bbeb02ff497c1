import { useCallback, useRef, useSyncExternalStore } from 'react';
import type { Engine, EngineEvents } from '../../../engine';
import { useEngine } from './EngineContext';
import { lastEngineEvent, noteEngineEvent } from './engineEventLog';

type Select<K extends keyof EngineEvents, T> = (engine: Engine, last: EngineEvents[K] | undefined) => T;

/**
 * One fact of the engine, read again on each `event`: `select(engine, lastPayload)` (the payload
 * is undefined before the first event; read the engine's getters then). The component re-renders
 * only when the selected value changes (`isEqual`, default Object.is), so a per-frame event such
 * as 'view' or 'tileProgress' re-renders only the small component that reads it. Undefined while
 * there is no engine.
 */
export function useEngineValue<K extends keyof EngineEvents, T>(
  event: K,
  select: Select<K, T>,
  isEqual: (a: T, b: T) => boolean = Object.is,
): T | undefined {
  const engine = useEngine();
  const selectRef = useRef(select);
  const equalRef = useRef(isEqual);
  // The latest selector is used from the next read on; reading it during render keeps no stale closure.
  selectRef.current = select;
  equalRef.current = isEqual;
  const cache = useRef<{ engine: Engine; payload: unknown; value: T } | null>(null);

  const subscribe = useCallback(
    (changed: () => void) => {
      if (!engine) return () => {};
      return engine.on(event, (payload) => {
        noteEngineEvent(engine, event, payload);
        changed();
      });
    },
    [engine, event],
  );
  const snapshot = (): T | undefined => {
    if (!engine) return undefined;
    const payload = lastEngineEvent(engine, event);
    const prev = cache.current;
    if (prev && prev.engine === engine && prev.payload === payload) return prev.value;
    const next = selectRef.current(engine, payload);
    const value = prev && prev.engine === engine && equalRef.current(prev.value, next) ? prev.value : next;
    cache.current = { engine, payload, value };
    return value;
  };
  return useSyncExternalStore(subscribe, snapshot, snapshot);
}
