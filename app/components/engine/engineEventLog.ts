import type { Engine, EngineEvents } from '../../../engine';

/**
 * The last payload of each engine event, kept per engine, so that a hook subscribing after an
 * event (a panel opened later) starts from the current value instead of waiting for the next one.
 */
const logs = new WeakMap<Engine, Map<keyof EngineEvents, unknown>>();

function logOf(engine: Engine): Map<keyof EngineEvents, unknown> {
  let log = logs.get(engine);
  if (!log) {
    log = new Map();
    logs.set(engine, log);
  }
  return log;
}

/** Notes `payload` as the last one of `event`. */
export function noteEngineEvent<K extends keyof EngineEvents>(
  engine: Engine,
  event: K,
  payload: EngineEvents[K],
): void {
  logOf(engine).set(event, payload);
}

/** The last payload of `event` seen on `engine`, or undefined. */
export function lastEngineEvent<K extends keyof EngineEvents>(engine: Engine, event: K): EngineEvents[K] | undefined {
  return logs.get(engine)?.get(event) as EngineEvents[K] | undefined;
}

/** Events logged from the engine's creation on (others are logged from their first subscriber on). */
const LOGGED: readonly (keyof EngineEvents)[] = ['view', 'tool', 'selection', 'tileProgress', 'error'];

/** Logs the usual events from now on; returns the unsubscribe function. */
export function logEngineEvents(engine: Engine): () => void {
  const offs = LOGGED.map((event) => engine.on(event, (payload) => noteEngineEvent(engine, event, payload)));
  return () => offs.forEach((off) => off());
}
