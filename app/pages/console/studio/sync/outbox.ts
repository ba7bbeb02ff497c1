import { ANNOTATION_OPS_MAX, type Annotation, type AnnotationOp } from '../../../../../contract/apiAnnotations';
import type { ApiClientErrorCode } from '../../../../api/ApiRequestError';
import { newCommandId } from '../../../../../engine/commands';
import { backoffDelay, type Clock, type Connectivity } from './clock';
import type { Journal } from './journal';
import type { OpsOutcome, OpsTransport } from './opsTransport';
import { sameContent } from './sameContent';
import type { AnnotationState, ImageKey, OpDraft, PendingRecord, StudioConflict, StudioRejected } from './syncTypes';

export interface OutboxDeps {
  journal: Journal;
  transport: OpsTransport;
  clock: Clock;
  connectivity: Connectivity;
  /** Called after every change of what the outbox holds or of its sending state. */
  onChange: () => void;
  /** Most operations per request (default ANNOTATION_OPS_MAX). */
  batchMax?: number;
  newId?: () => string;
}

/** Errors that name one operation (in `fields` as `ops.<index>…`) or that a smaller request may avoid. */
const PER_OP_CODES: ReadonlySet<ApiClientErrorCode> = new Set([
  'validation',
  'bad_request',
  'box_invalid',
  'polygon_invalid',
  'label_not_found',
  'too_many_annotations',
  'payload_too_large',
]);

/**
 * The unsynced edits of one image and their way to the server (see docs/decisions: journal and
 * outbox). Edits arrive as drafts and coalesce per annotation in {@link PendingRecord}s, which
 * the journal keeps durable. Sending freezes a record's operation (a fresh opId and the base
 * version) and writes it to the journal before the request goes out; a frozen operation is
 * re-sent unchanged until the server answers it, so a lost answer is replayed by the server,
 * never applied twice. One request at a time, in edit order.
 */
export class ImageOutbox {
  readonly key: ImageKey;
  private readonly records = new Map<string, PendingRecord>();
  /** The server's annotations (with this outbox's acknowledged operations applied); null until loaded. */
  private server: Map<string, Annotation> | null = null;
  private revision = -1;
  private seq = 0;
  /** The newest server revision this outbox has seen (loaded or acknowledged); -1 before any. */
  get serverRevision(): number {
    return this.revision;
  }
  private sending: Promise<void> | null = null;
  private attempt = 0;
  private retryTimer: unknown = null;
  private splitLimit: number | null = null;
  private lastFailure: 'offline' | 'server' | 'timeout' | null = null;
  private disposed = false;
  private readonly batchMax: number;
  private readonly newId: () => string;

  constructor(
    key: ImageKey,
    private readonly deps: OutboxDeps,
  ) {
    this.key = { userId: key.userId, projectId: key.projectId, imageId: key.imageId };
    this.batchMax = deps.batchMax ?? ANNOTATION_OPS_MAX;
    this.newId = deps.newId ?? newCommandId;
  }

  // ---- state -------------------------------------------------------------------------

  /** Records restored from the journal (before any edit of this session). */
  restore(records: readonly PendingRecord[]): void {
    for (const r of records) {
      this.records.set(r.id, r);
      if (r.seq > this.seq) this.seq = r.seq;
    }
    this.changed();
  }

  /**
   * The server's state of the image. An answer older than an acknowledged write (a GET that
   * crossed a save) is ignored: its versions would make the next edit a false conflict.
   */
  setServer(annotations: readonly Annotation[], revision: number): void {
    if (this.server && revision < this.revision) return;
    this.revision = revision;
    this.server = new Map(annotations.map((a) => [a.id, a]));
    this.changed();
  }

  get loaded(): boolean {
    return this.server !== null;
  }

  /** The server's state with the unsynced edits on top: what the studio loads into the engine. */
  view(): Annotation[] | null {
    if (!this.server) return null;
    const out = new Map(this.server);
    for (const r of this.records.values()) {
      if (r.mine === null) out.delete(r.id);
      else out.set(r.id, { ...r.mine, version: r.base ?? 0 });
    }
    return [...out.values()];
  }

  /** The server's annotation `id` as last known (null: none). */
  serverAnnotation(id: string): Annotation | null {
    return this.server?.get(id) ?? null;
  }

  get unsynced(): number {
    let n = 0;
    for (const r of this.records.values()) if (r.state !== 'rejected') n += 1;
    return n;
  }

  conflicts(): StudioConflict[] {
    const out: StudioConflict[] = [];
    for (const r of this.records.values())
      if (r.state === 'conflict') out.push({ id: r.id, mine: r.mine, theirs: r.theirs ?? null });
    return out;
  }

  rejected(): StudioRejected[] {
    const out: StudioRejected[] = [];
    for (const r of this.records.values())
      if (r.state === 'rejected') out.push({ id: r.id, mine: r.mine, error: r.error ?? 'bad_request' });
    return out;
  }

  /** Why the last request failed, while its retry waits (null after a success). */
  get failure(): 'offline' | 'server' | 'timeout' | null {
    return this.lastFailure;
  }

  get isSending(): boolean {
    return this.sending !== null;
  }

  // ---- edits -------------------------------------------------------------------------

  /** Journals the drafts of one edit and schedules sending. */
  record(drafts: readonly OpDraft[]): void {
    for (const draft of drafts) {
      const id = draft.type === 'put' ? draft.annotation.id : draft.id;
      const mine: AnnotationState | null = draft.type === 'put' ? structuredClone(draft.annotation) : null;
      this.seq += 1;
      let r = this.records.get(id);
      if (!r) {
        r = {
          ...this.key,
          id,
          seq: this.seq,
          mine,
          base: this.server?.get(id)?.version ?? null,
          state: 'pending',
          sent: null,
        };
        this.records.set(id, r);
      } else {
        r.mine = mine;
        r.seq = this.seq;
        if (r.state === 'rejected') {
          r.state = 'pending';
          delete r.error;
        }
      }
      this.store(r);
    }
    this.changed();
    this.schedule(0);
  }

  /** Settles a conflict: keep mine (sent over the server's version) or theirs (mine dropped). */
  resolve(id: string, keep: 'mine' | 'theirs'): StudioConflict | null {
    const r = this.records.get(id);
    if (!r || r.state !== 'conflict') return null;
    const conflict: StudioConflict = { id, mine: r.mine, theirs: r.theirs ?? null };
    if (keep === 'theirs') {
      this.forget(r);
      this.learn(id, conflict.theirs);
    } else {
      r.base = conflict.theirs?.version ?? null;
      r.state = 'pending';
      delete r.theirs;
      this.seq += 1;
      r.seq = this.seq;
      this.store(r);
      this.schedule(0);
    }
    this.changed();
    return conflict;
  }

  /** Forgets a rejected edit (the studio then shows the server's state of the annotation). */
  dismiss(id: string): boolean {
    const r = this.records.get(id);
    if (!r || r.state !== 'rejected') return false;
    this.forget(r);
    this.changed();
    return true;
  }

  // ---- sending -----------------------------------------------------------------------

  /** Sends now, skipping a pending backoff; resolves after this round (success or a failure). */
  async sendNow(): Promise<void> {
    this.clearTimer();
    if (this.sending) await this.sending;
    await this.pump();
  }

  /** The network is back: try at once. */
  wake(): void {
    if (this.hasWork()) this.schedule(0);
  }

  dispose(): void {
    this.disposed = true;
    this.clearTimer();
  }

  private hasWork(): boolean {
    for (const r of this.records.values()) if (r.state === 'pending') return true;
    return false;
  }

  private schedule(ms: number): void {
    if (this.disposed || this.retryTimer !== null) return;
    this.retryTimer = this.deps.clock.setTimeout(() => {
      this.retryTimer = null;
      void this.pump();
    }, ms);
  }

  private clearTimer(): void {
    if (this.retryTimer === null) return;
    this.deps.clock.clearTimeout(this.retryTimer);
    this.retryTimer = null;
  }

  private pump(): Promise<void> {
    if (this.sending || this.disposed) return this.sending ?? Promise.resolve();
    this.sending = this.run().finally(() => {
      this.sending = null;
      this.changed();
    });
    this.changed();
    return this.sending;
  }

  private async run(): Promise<void> {
    while (!this.disposed && this.hasWork()) {
      if (!this.deps.connectivity.online()) {
        // The 'online' event wakes the outbox; nothing to gain from a timer meanwhile.
        this.lastFailure = 'offline';
        return;
      }
      const batch = await this.nextBatch();
      if (batch.length === 0) return;
      const outcome = await this.deps.transport.sendOps(
        this.key.projectId,
        this.key.imageId,
        batch.map((r) => r.sent!.op),
      );
      if (!this.apply(batch, outcome)) return;
    }
  }

  /**
   * The records whose operations go out next: the frozen ones first (a request that got no
   * answer is repeated as it was); else the pending records, oldest edit first, frozen now
   * and made durable before they leave.
   */
  private async nextBatch(): Promise<PendingRecord[]> {
    const pending = [...this.records.values()].filter((r) => r.state === 'pending').sort((a, b) => a.seq - b.seq);
    // In the order they were frozen: a later edit of one of them must not reorder the repeat.
    let batch = pending.filter((r) => r.sent !== null).sort((a, b) => a.sent!.seq - b.sent!.seq);
    if (batch.length === 0) {
      this.splitLimit = null;
      for (const r of pending) {
        if (batch.length >= this.batchMax) break;
        if (r.mine && r.mine.labelId === '') {
          this.reject(r, 'label_not_found');
          continue;
        }
        if (r.mine === null && r.base === null) {
          this.forget(r);
          continue;
        }
        r.sent = { op: this.operation(r), seq: r.seq };
        this.store(r);
        batch.push(r);
      }
    }
    await this.deps.journal.flush();
    if (this.splitLimit !== null) batch = batch.slice(0, this.splitLimit);
    return batch.slice(0, this.batchMax);
  }

  private operation(r: PendingRecord): AnnotationOp {
    const opId = this.newId();
    if (r.mine === null) return { opId, type: 'delete', id: r.id, baseVersion: r.base! };
    return { opId, type: 'put', baseVersion: r.base, annotation: structuredClone(r.mine) };
  }

  /** Takes in one answer; returns whether to go on sending now. */
  private apply(batch: PendingRecord[], outcome: OpsOutcome): boolean {
    switch (outcome.kind) {
      case 'ok': {
        const byOp = new Map(outcome.response.results.map((x) => [x.opId, x]));
        for (const r of batch) {
          const result = byOp.get(r.sent!.op.opId);
          if (!result) continue;
          this.acknowledge(r, result.version);
        }
        this.revision = Math.max(this.revision, outcome.response.revision);
        this.succeeded();
        return true;
      }
      case 'conflict': {
        let matched = 0;
        for (const c of outcome.conflicts) {
          const r = batch.find((x) => x.sent?.op.opId === c.opId);
          if (!r) continue;
          matched += 1;
          if (sameContent(r.mine, c.current)) {
            // The server already holds what I want (another tab sent it): nothing to choose.
            this.learn(r.id, c.current);
            this.forget(r);
            continue;
          }
          r.state = 'conflict';
          r.theirs = c.current;
          r.sent = null;
          this.store(r);
        }
        if (matched === 0) return this.retry({ kind: 'retry', reason: 'server' });
        this.succeeded();
        return true;
      }
      case 'rejected': {
        const indices = new Set<number>();
        for (const field of Object.keys(outcome.fields)) {
          const m = /^ops\.(\d+)/.exec(field);
          if (m && Number(m[1]) < batch.length) indices.add(Number(m[1]));
        }
        if (!PER_OP_CODES.has(outcome.code) || batch.length === 1)
          for (let i = 0; i < batch.length; i++) indices.add(i);
        if (indices.size === 0) {
          // Nothing was applied: find the refused operation by sending halves.
          this.splitLimit = Math.ceil(batch.length / 2);
        } else {
          for (const i of indices) this.reject(batch[i]!, outcome.code);
        }
        this.succeeded();
        return true;
      }
      case 'retry':
        return this.retry(outcome);
    }
  }

  private acknowledge(r: PendingRecord, version: number | null): void {
    const sent = r.sent!;
    this.learn(r.id, sent.op.type === 'put' && version !== null ? { ...sent.op.annotation, version } : null);
    if (r.seq === sent.seq) {
      this.forget(r);
      return;
    }
    // Edited again while the request was out: the next operation builds on this answer.
    r.base = version;
    r.sent = null;
    this.store(r);
  }

  private retry(outcome: Extract<OpsOutcome, { kind: 'retry' }>): boolean {
    this.lastFailure = outcome.reason;
    const delay = outcome.retryAfterMs ?? backoffDelay(this.attempt, () => this.deps.clock.random());
    this.attempt += 1;
    if (outcome.reason === 'offline' && !this.deps.connectivity.online()) return false;
    this.schedule(delay);
    return false;
  }

  private succeeded(): void {
    this.attempt = 0;
    this.lastFailure = null;
    this.changed();
  }

  private reject(r: PendingRecord, code: ApiClientErrorCode): void {
    r.state = 'rejected';
    r.error = code;
    r.sent = null;
    this.store(r);
  }

  private learn(id: string, annotation: Annotation | null): void {
    if (!this.server) return;
    if (annotation) this.server.set(id, annotation);
    else this.server.delete(id);
  }

  private forget(r: PendingRecord): void {
    this.records.delete(r.id);
    this.deps.journal.remove(r);
  }

  private store(r: PendingRecord): void {
    if (r.state === 'pending' && !r.sent && r.mine === null && r.base === null) {
      // Made and deleted before it ever left: nothing to tell the server.
      this.forget(r);
      return;
    }
    this.deps.journal.put(r);
  }

  private changed(): void {
    this.deps.onChange();
  }
}
