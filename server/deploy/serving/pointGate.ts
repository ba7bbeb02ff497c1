/*
 * How many inferences each point runs at once in this process (its instance type's share of the
 * pool, contract localPoolSize), with a bounded queue behind: a request that finds the queue full,
 * or waits longer than QUEUE_WAIT_MS, is refused (503 point_unavailable with Retry-After) rather
 * than piling up memory and latency.
 */

/** Waiting requests a point may have per running slot. */
export const QUEUE_PER_SLOT = 16;
export const QUEUE_WAIT_MS = 30_000;

export class PointBusyError extends Error {
  constructor() {
    super('The point is busy.');
    this.name = 'PointBusyError';
  }
}

interface Waiter {
  resolve: (release: () => void) => void;
  reject: (error: Error) => void;
  timer: NodeJS.Timeout;
}

interface PointState {
  running: number;
  queue: Waiter[];
}

export class PointGate {
  private readonly points = new Map<string, PointState>();

  constructor(private readonly waitMs = QUEUE_WAIT_MS) {}

  /** Resolves with a release function once the point has a free slot of its `limit`. */
  acquire(pointId: string, limit: number): Promise<() => void> {
    let state = this.points.get(pointId);
    if (!state) {
      state = { running: 0, queue: [] };
      this.points.set(pointId, state);
    }
    const s = state;
    const release = () => {
      let done = false;
      return () => {
        if (done) return;
        done = true;
        const next = s.queue.shift();
        if (next) {
          clearTimeout(next.timer);
          next.resolve(release());
        } else {
          s.running -= 1;
          if (s.running === 0) this.points.delete(pointId);
        }
      };
    };
    if (s.running < limit) {
      s.running += 1;
      return Promise.resolve(release());
    }
    if (s.queue.length >= limit * QUEUE_PER_SLOT) return Promise.reject(new PointBusyError());
    return new Promise((resolve, reject) => {
      const waiter: Waiter = {
        resolve,
        reject,
        timer: setTimeout(() => {
          const at = s.queue.indexOf(waiter);
          if (at >= 0) s.queue.splice(at, 1);
          reject(new PointBusyError());
        }, this.waitMs),
      };
      waiter.timer.unref();
      s.queue.push(waiter);
    });
  }
}
