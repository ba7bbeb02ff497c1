import { apiErrorBodySchema } from '../../../../../contract/apiErrors';
import {
  IMAGE_LOCK_HEARTBEAT_S,
  imageLockSchema,
  imageLockStateSchema,
  type ImageLock,
} from '../../../../../contract/apiImageLocks';
import { apiUrl } from '../../../../api/apiFetch';
import { authorizedFetch } from '../../../../api/authorizedFetch';
import { browserConnectivity, realClock, type Clock, type Connectivity } from './clock';

/**
 * 'acquiring': asking; 'mine': this user edits (also while offline: saves carry base versions,
 * so a lease lost meanwhile ends in conflicts to choose from, never in lost work); 'theirs':
 * another worker holds it (read-only, 'Another worker is already in progress'); 'unavailable':
 * the lock cannot be had at all (no permission, no such image).
 */
export type ImageLockStatus = 'acquiring' | 'mine' | 'theirs' | 'unavailable';

export interface ImageLockSnapshot {
  status: ImageLockStatus;
  lock: ImageLock | null;
  /** 'theirs' and the holder's lease has run out (or was released): `takeOver()` may be offered. */
  canTakeOver: boolean;
}

export interface ImageLockDeps {
  fetch?: (input: string, init: RequestInit) => Promise<Response>;
  clock?: Clock;
  connectivity?: Connectivity;
  onChange?: (snapshot: ImageLockSnapshot) => void;
}

type Answer =
  | { kind: 'ok'; lock: ImageLock | null }
  | { kind: 'locked'; lock: ImageLock | null }
  | { kind: 'offline' }
  | { kind: 'failed' };

/**
 * The lease on one image (contract/apiImageLocks.ts): taken on `start()`, renewed every
 * IMAGE_LOCK_HEARTBEAT_S, released on `stop()` (and by a keepalive request when the page goes
 * away). A heartbeat answered 409 means the lease was lost: the view turns read-only. While
 * another worker holds it, the lock is looked at again when their lease should end.
 */
export class ImageLockClient {
  private snapshot: ImageLockSnapshot = { status: 'acquiring', lock: null, canTakeOver: false };
  private timer: unknown = null;
  private stopped = true;
  private readonly fetch: (input: string, init: RequestInit) => Promise<Response>;
  private readonly clock: Clock;
  private readonly connectivity: Connectivity;
  private unsubscribe: () => void = () => {};

  constructor(
    readonly projectId: string,
    readonly imageId: string,
    private readonly deps: ImageLockDeps = {},
  ) {
    this.fetch = deps.fetch ?? authorizedFetch;
    this.clock = deps.clock ?? realClock;
    this.connectivity = deps.connectivity ?? browserConnectivity;
  }

  get state(): ImageLockSnapshot {
    return this.snapshot;
  }

  /** Takes the lease (or learns who holds it) and keeps it alive. */
  async start(): Promise<void> {
    if (!this.stopped) return;
    this.stopped = false;
    this.unsubscribe = this.connectivity.subscribe((online) => {
      if (online && this.snapshot.status === 'mine') void this.beat();
    });
    await this.acquire();
  }

  /** Takes the image over from a holder whose lease ended. */
  async takeOver(): Promise<void> {
    if (this.stopped) return;
    this.set({ status: 'acquiring', lock: this.snapshot.lock, canTakeOver: false });
    await this.acquire();
  }

  /** Stops the heartbeat and releases the lease (`keepalive`: the page is going away). */
  stop(options: { keepalive?: boolean } = {}): void {
    if (this.stopped) return;
    this.stopped = true;
    this.unsubscribe();
    this.clearTimer();
    if (this.snapshot.status === 'mine')
      void this.request('DELETE', options.keepalive ? { keepalive: true } : {}).catch(() => {});
  }

  private async acquire(): Promise<void> {
    const answer = await this.call('POST');
    if (this.stopped) {
      // Left while the request was out: give back what it took.
      if (answer.kind === 'ok') void this.request('DELETE', {}).catch(() => {});
      return;
    }
    if (answer.kind === 'ok') this.own(answer.lock);
    else if (answer.kind === 'locked') await this.theirs(answer.lock);
    else if (answer.kind === 'offline') {
      // Offline: edit locally; the lease is taken when the network is back.
      this.set({ status: 'mine', lock: this.snapshot.lock, canTakeOver: false });
      this.schedule(IMAGE_LOCK_HEARTBEAT_S * 1000, () => this.acquire());
    } else this.set({ status: 'unavailable', lock: null, canTakeOver: false });
  }

  private async beat(): Promise<void> {
    this.clearTimer();
    const answer = await this.call('PUT');
    if (this.stopped) return;
    if (answer.kind === 'ok') this.own(answer.lock);
    else if (answer.kind === 'locked') await this.theirs(answer.lock);
    else this.schedule(IMAGE_LOCK_HEARTBEAT_S * 1000, () => this.beat());
  }

  private own(lock: ImageLock | null): void {
    this.set({ status: 'mine', lock, canTakeOver: false });
    this.schedule(IMAGE_LOCK_HEARTBEAT_S * 1000, () => this.beat());
  }

  /** Someone else holds it: learn who (a 409 may not say) and look again when their lease ends. */
  private async theirs(lock: ImageLock | null): Promise<void> {
    let holder = lock;
    if (!holder) {
      const answer = await this.call('GET');
      if (this.stopped) return;
      holder = answer.kind === 'ok' ? answer.lock : null;
    }
    const expired = !holder || Date.parse(holder.expiresAt) <= this.clock.now();
    this.set({ status: 'theirs', lock: holder, canTakeOver: expired });
    if (expired) return;
    const wait = Math.max(1000, Date.parse(holder!.expiresAt) - this.clock.now() + 1000);
    this.schedule(Math.min(wait, IMAGE_LOCK_HEARTBEAT_S * 1000), () => this.recheck());
  }

  private async recheck(): Promise<void> {
    const answer = await this.call('GET');
    if (this.stopped || this.snapshot.status !== 'theirs') return;
    if (answer.kind === 'ok') {
      if (answer.lock?.mine) this.own(answer.lock);
      else await this.theirs(answer.lock ?? expiredCopy(this.snapshot.lock));
    } else this.schedule(IMAGE_LOCK_HEARTBEAT_S * 1000, () => this.recheck());
  }

  private async call(method: 'GET' | 'POST' | 'PUT'): Promise<Answer> {
    let response: Response;
    try {
      response = await this.request(method, {});
    } catch {
      return { kind: 'offline' };
    }
    const json: unknown = await response.json().catch(() => null);
    if (response.ok) {
      if (method === 'GET') {
        const state = imageLockStateSchema.safeParse(json);
        return state.success ? { kind: 'ok', lock: state.data.lock } : { kind: 'offline' };
      }
      const lock = imageLockSchema.safeParse(json);
      return lock.success ? { kind: 'ok', lock: lock.data } : { kind: 'offline' };
    }
    if (response.status === 409) {
      const body = apiErrorBodySchema.safeParse(json);
      return { kind: 'locked', lock: body.success ? (body.data.error.lock ?? null) : null };
    }
    if (response.status >= 500 || response.status === 401 || response.status === 429) return { kind: 'offline' };
    return { kind: 'failed' };
  }

  private request(method: string, extra: RequestInit): Promise<Response> {
    const url = apiUrl(
      `projects/${encodeURIComponent(this.projectId)}/images/${encodeURIComponent(this.imageId)}/lock`,
    );
    return this.fetch(url, { method, headers: { Accept: 'application/json' }, ...extra });
  }

  private schedule(ms: number, fn: () => Promise<void>): void {
    this.clearTimer();
    if (this.stopped) return;
    this.timer = this.clock.setTimeout(() => {
      this.timer = null;
      void fn();
    }, ms);
  }

  private clearTimer(): void {
    if (this.timer === null) return;
    this.clock.clearTimeout(this.timer);
    this.timer = null;
  }

  private set(next: ImageLockSnapshot): void {
    this.snapshot = next;
    this.deps.onChange?.(next);
  }
}

/** A lock the server no longer reports: its holder is kept for the message, its lease marked over. */
function expiredCopy(lock: ImageLock | null): ImageLock | null {
  return lock ? { ...lock, expiresAt: new Date(0).toISOString() } : null;
}
