/**
 * A tiny typed event emitter. `E` maps event names to payload types:
 *
 * ```ts
 * const events = new Emitter<{ view: { zoom: number }; error: { code: string } }>();
 * const off = events.on('view', ({ zoom }) => console.log(zoom));
 * events.emit('view', { zoom: 2 });
 * off();
 * ```
 *
 * Listeners run synchronously in subscription order. A listener that unsubscribes (itself or
 * another) during an emit does not disturb that emit: each emit iterates over a snapshot.
 */
export class Emitter<E extends object> {
  private readonly listeners = new Map<keyof E, Set<(payload: never) => void>>();

  /** Subscribes to `type`; returns the function that unsubscribes (idempotent). */
  on<K extends keyof E>(type: K, listener: (payload: E[K]) => void): () => void {
    let set = this.listeners.get(type);
    if (!set) {
      set = new Set();
      this.listeners.set(type, set);
    }
    set.add(listener);
    return () => {
      set.delete(listener);
    };
  }

  /** Calls every listener of `type` with `payload`. */
  emit<K extends keyof E>(type: K, payload: E[K]): void {
    const set = this.listeners.get(type);
    if (!set || set.size === 0) return;
    for (const listener of [...set] as ((payload: E[K]) => void)[]) listener(payload);
  }

  /** Whether anyone listens to `type` (lets callers skip building costly payloads). */
  has<K extends keyof E>(type: K): boolean {
    return (this.listeners.get(type)?.size ?? 0) > 0;
  }

  /** Removes every listener (on dispose). */
  clear(): void {
    this.listeners.clear();
  }
}
