import type { Clock, Connectivity } from '../clock';

interface Timer {
  id: number;
  at: number;
  fn: () => void;
}

/** Lets pending promise chains (fake IndexedDB, fetch stubs) run; no time passes on the fake clock. */
export async function settle(rounds = 30): Promise<void> {
  for (let i = 0; i < rounds; i++) await new Promise<void>((resolve) => setImmediate(resolve));
}

/** A clock whose time moves only when the test says so; `random` is set by the test. */
export class FakeClock implements Clock {
  time = 0;
  randomValue = 0.5;
  /** Every delay a timer was set with, in order (to check backoff). */
  readonly delays: number[] = [];
  private timers: Timer[] = [];
  private nextId = 1;

  now(): number {
    return this.time;
  }

  setTimeout(fn: () => void, ms: number): unknown {
    const id = this.nextId++;
    this.timers.push({ id, at: this.time + Math.max(0, ms), fn });
    this.delays.push(ms);
    return id;
  }

  clearTimeout(handle: unknown): void {
    this.timers = this.timers.filter((t) => t.id !== handle);
  }

  random(): number {
    return this.randomValue;
  }

  get pendingTimers(): number {
    return this.timers.length;
  }

  /** Moves time forward by `ms`, running each timer that falls due, in order, and letting its work settle. */
  async advance(ms: number): Promise<void> {
    const end = this.time + ms;
    for (;;) {
      await settle();
      const due = this.timers.filter((t) => t.at <= end).sort((a, b) => a.at - b.at || a.id - b.id)[0];
      if (!due) break;
      this.timers = this.timers.filter((t) => t !== due);
      this.time = due.at;
      due.fn();
    }
    this.time = end;
    await settle();
  }
}

/** Connectivity the test switches. */
export class FakeConnectivity implements Connectivity {
  private state = true;
  private readonly listeners = new Set<(online: boolean) => void>();

  online(): boolean {
    return this.state;
  }

  set(online: boolean): void {
    this.state = online;
    for (const l of this.listeners) l(online);
  }

  subscribe(listener: (online: boolean) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}
