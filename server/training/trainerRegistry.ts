import type { Trainer } from '../../contract/apiTraining';
import type { Db } from '../db/Db';

/** How often a trainer tells the database it is alive (the console calls it online for TRAINER_ONLINE_MS). */
export const TRAINER_HEARTBEAT_MS = 10_000;

export interface TrainerIdentity {
  /** Unique per trainer process: a training sent to one trainer names it in its job kind. */
  id: string;
  name: string;
  backend: Trainer['backend'];
  /** Inside the API process (the default trainer) rather than `npm run worker`. */
  embedded: boolean;
}

export interface TrainerSpeed {
  featureMsPerImage: number;
  headMsPerSample: number;
}

export interface TrainerRegistryOptions {
  heartbeatMs?: number;
  /** Runs after every heartbeat (the sweep of trainings whose trainer is gone). */
  onBeat?: () => Promise<void>;
  log?: (message: string, error?: unknown) => void;
}

/**
 * A trainer's row in `trainers`: written at start, refreshed by a heartbeat, marked busy while a
 * job runs, given its measured speed once known, and deleted on a clean stop. A trainer that dies
 * leaves its row behind until it looks stale; the sweep removes it then.
 */
export class TrainerRegistry {
  private timer: NodeJS.Timeout | null = null;
  private busy = false;
  private speed: TrainerSpeed | null = null;
  private readonly heartbeatMs: number;
  private readonly log: (message: string, error?: unknown) => void;

  constructor(
    private readonly db: Db,
    private readonly now: () => Date,
    readonly identity: TrainerIdentity,
    private readonly options: TrainerRegistryOptions = {},
  ) {
    this.heartbeatMs = options.heartbeatMs ?? TRAINER_HEARTBEAT_MS;
    this.log = options.log ?? ((message, error) => console.error(message, error ?? ''));
  }

  /** Writes the row (again, if it was removed meanwhile) and starts the heartbeat. */
  async register(): Promise<void> {
    await this.upsert(true);
    if (this.timer) return;
    this.timer = setInterval(() => {
      void this.beat();
    }, this.heartbeatMs);
    // A trainer's heartbeat alone never keeps a process alive (the job runner decides that).
    this.timer.unref();
  }

  /** Refreshes last_seen_at (re-creating the row if something removed it), then runs onBeat. */
  async beat(): Promise<void> {
    try {
      await this.upsert(false);
      await this.options.onBeat?.();
    } catch (error) {
      this.log(`Trainer ${this.identity.id}: heartbeat failed`, error);
    }
  }

  async setBusy(busy: boolean): Promise<void> {
    this.busy = busy;
    await this.db
      .updateTable('trainers')
      .set({ busy: busy ? 1 : 0, last_seen_at: this.now().toISOString() })
      .where('id', '=', this.identity.id)
      .execute();
  }

  async setSpeed(speed: TrainerSpeed): Promise<void> {
    this.speed = speed;
    await this.db
      .updateTable('trainers')
      .set({ feature_ms_per_image: speed.featureMsPerImage, head_ms_per_sample: speed.headMsPerSample })
      .where('id', '=', this.identity.id)
      .execute();
  }

  /** Stops the heartbeat and deletes the row: the console no longer offers this trainer. */
  async unregister(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.db.deleteFrom('trainers').where('id', '=', this.identity.id).execute();
  }

  private async upsert(starting: boolean): Promise<void> {
    const at = this.now().toISOString();
    const { id, name, backend, embedded } = this.identity;
    await this.db
      .insertInto('trainers')
      .values({
        id,
        name,
        backend,
        embedded: embedded ? 1 : 0,
        busy: this.busy ? 1 : 0,
        feature_ms_per_image: this.speed?.featureMsPerImage ?? null,
        head_ms_per_sample: this.speed?.headMsPerSample ?? null,
        started_at: at,
        last_seen_at: at,
      })
      .onConflict((oc) =>
        oc
          .column('id')
          .doUpdateSet(
            starting
              ? { name, backend, embedded: embedded ? 1 : 0, busy: this.busy ? 1 : 0, started_at: at, last_seen_at: at }
              : { last_seen_at: at, busy: this.busy ? 1 : 0 },
          ),
      )
      .execute();
  }
}
