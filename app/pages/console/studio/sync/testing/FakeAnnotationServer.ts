import {
  MIN_BOX_SIDE,
  POLYGON_VERTICES_MIN,
  annotationOpsRequestSchema,
  type Annotation,
  type AnnotationConflict,
  type AnnotationOpResult,
} from '../../../../../../contract/apiAnnotations';
import { IMAGE_LOCK_LEASE_S, type ImageLock } from '../../../../../../contract/apiImageLocks';
import type { Clock } from '../clock';

/** A fault the next matching request meets. */
export type Fault =
  /** No answer and nothing applied (the network is down). */
  | 'offline'
  /** Applied, then the answer is lost on the way back. */
  | 'lost'
  /** 500, nothing applied. */
  | 'error500'
  /** No answer until the request is aborted (a timeout). */
  | 'hang';

interface ImageState {
  annotations: Map<string, Annotation>;
  revision: number;
  /** Stored answers by opId (the server's idempotency table). */
  ops: Map<string, AnnotationOpResult>;
  lock: { userId: string; name: string; expiresAt: number } | null;
}

function json(status: number, body?: unknown): Response {
  return body === undefined
    ? new Response(null, { status })
    : new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

function apiError(status: number, code: string, extra: Record<string, unknown> = {}): Response {
  return json(status, { error: { code, message: code, ...extra } });
}

/**
 * An in-memory server with the contract's annotation operations (apiAnnotations.ts: in order,
 * all or nothing, each opId once with its stored answer replayed, stale base versions refused
 * with 409 and the current state, box and label rules → 400) and image locks (apiImageLocks.ts),
 * reached through a `fetch` function per user. Faults can be queued per route.
 */
export class FakeAnnotationServer {
  readonly images = new Map<string, ImageState>();
  readonly labelIds = new Set<string>(['L0', 'L1', 'L2']);
  imageWidth = 1000;
  imageHeight = 1000;
  /** Requests seen per route kind ('ops', 'annotations', 'lock'). */
  readonly requests: { kind: string; method: string; body: unknown }[] = [];
  /** How many times each opId was applied (must never pass 1). */
  readonly applied = new Map<string, number>();
  private readonly faults: { kind: string; fault: Fault }[] = [];

  constructor(private readonly clock: Clock) {}

  image(imageId: string): ImageState {
    let s = this.images.get(imageId);
    if (!s) {
      s = { annotations: new Map(), revision: 0, ops: new Map(), lock: null };
      this.images.set(imageId, s);
    }
    return s;
  }

  /** Stores an annotation as if another worker had saved it (version bumped). */
  writeAsOther(imageId: string, a: Omit<Annotation, 'version'>): Annotation {
    const s = this.image(imageId);
    const version = (s.annotations.get(a.id)?.version ?? 0) + 1;
    const stored = { ...a, version };
    s.annotations.set(a.id, stored);
    s.revision += 1;
    return stored;
  }

  fail(kind: 'ops' | 'annotations' | 'lock', fault: Fault, times = 1): void {
    for (let i = 0; i < times; i++) this.faults.push({ kind, fault });
  }

  opsRequests(): { ops: { opId: string }[] }[] {
    return this.requests.filter((r) => r.kind === 'ops').map((r) => r.body as { ops: { opId: string }[] });
  }

  /** A `fetch` that calls this server as `userId`. */
  fetchFor(userId: string, name = userId): (input: string, init?: RequestInit) => Promise<Response> {
    return async (input, init = {}) => {
      const url = new URL(input, 'http://localhost');
      const m = /^\/api\/projects\/[^/]+\/images\/([^/]+)\/(annotations\/ops|annotations|lock)$/.exec(url.pathname);
      if (!m) return apiError(404, 'not_found');
      const imageId = decodeURIComponent(m[1]!);
      const kind = m[2] === 'annotations/ops' ? 'ops' : m[2]!;
      const method = init.method ?? 'GET';
      const body: unknown = typeof init.body === 'string' ? JSON.parse(init.body) : undefined;
      this.requests.push({ kind, method, body });
      const i = this.faults.findIndex((f) => f.kind === kind);
      const fault = i >= 0 ? this.faults.splice(i, 1)[0]!.fault : null;
      if (fault === 'offline') throw new TypeError('Failed to fetch');
      if (fault === 'error500') return apiError(500, 'internal');
      if (fault === 'hang') {
        return new Promise<Response>((_, reject) => {
          const abort = () => reject(new DOMException('aborted', 'AbortError'));
          if (init.signal?.aborted) abort();
          init.signal?.addEventListener('abort', abort);
        });
      }
      const response = this.handle(kind, method, imageId, body, userId, name);
      if (fault === 'lost') throw new TypeError('Failed to fetch');
      return response;
    };
  }

  private handle(kind: string, method: string, imageId: string, body: unknown, userId: string, name: string) {
    const s = this.image(imageId);
    if (kind === 'annotations')
      return json(200, { imageId, revision: s.revision, annotations: [...s.annotations.values()] });
    if (kind === 'lock') return this.lock(method, imageId, s, userId, name);
    return this.applyOps(imageId, s, body);
  }

  private applyOps(imageId: string, s: ImageState, body: unknown): Response {
    const parsed = annotationOpsRequestSchema.safeParse(body);
    if (!parsed.success) return apiError(400, 'validation');
    const ops = parsed.data.ops;
    // Validation first (400s name the operation), then versions against a working copy.
    for (const [i, op] of ops.entries()) {
      if (op.type !== 'put' || s.ops.has(op.opId)) continue;
      const a = op.annotation;
      if (!this.labelIds.has(a.labelId))
        return apiError(400, 'label_not_found', { fields: { [`ops.${i}.annotation.labelId`]: 'label_not_found' } });
      if (a.kind === 'box' && !this.boxInside(a.x, a.y, a.width, a.height))
        return apiError(400, 'box_invalid', { fields: { [`ops.${i}.annotation`]: 'box_invalid' } });
      if (a.kind === 'polygon' && (a.points ?? []).length < POLYGON_VERTICES_MIN * 2)
        return apiError(400, 'polygon_invalid', { fields: { [`ops.${i}.annotation.points`]: 'polygon_invalid' } });
    }
    const work = new Map(s.annotations);
    const conflicts: AnnotationConflict[] = [];
    const results: AnnotationOpResult[] = [];
    for (const op of ops) {
      const stored = s.ops.get(op.opId);
      if (stored) {
        results.push({ ...stored, replayed: true });
        continue;
      }
      const id = op.type === 'put' ? op.annotation.id : op.id;
      const current = work.get(id) ?? null;
      const fresh = op.baseVersion === null ? current === null : current?.version === op.baseVersion;
      if (!fresh) {
        conflicts.push({ opId: op.opId, id, current });
        continue;
      }
      if (op.type === 'put') {
        const a = op.annotation;
        const version = (current?.version ?? 0) + 1;
        work.set(id, {
          id,
          labelId: a.labelId,
          kind: a.kind,
          x: a.x,
          y: a.y,
          width: a.width,
          height: a.height,
          ...(a.points ? { points: a.points } : {}),
          version,
        });
        results.push({ opId: op.opId, id, version, replayed: false });
      } else {
        work.delete(id);
        results.push({ opId: op.opId, id, version: null, replayed: false });
      }
    }
    if (conflicts.length > 0) return apiError(409, 'annotation_conflict', { conflicts });
    const fresh = results.filter((r) => !r.replayed);
    s.annotations = work;
    if (fresh.length > 0) s.revision += 1;
    for (const r of fresh) {
      s.ops.set(r.opId, r);
      this.applied.set(r.opId, (this.applied.get(r.opId) ?? 0) + 1);
    }
    return json(200, { imageId, revision: s.revision, count: work.size, results });
  }

  private boxInside(x: number, y: number, w: number, h: number): boolean {
    return (
      w >= MIN_BOX_SIDE &&
      h >= MIN_BOX_SIDE &&
      x >= 0 &&
      y >= 0 &&
      x + w <= this.imageWidth &&
      y + h <= this.imageHeight
    );
  }

  private lock(method: string, imageId: string, s: ImageState, userId: string, name: string): Response {
    const now = this.clock.now();
    const view = (): ImageLock | null =>
      s.lock && s.lock.expiresAt > now
        ? {
            imageId,
            holder: { id: s.lock.userId, name: s.lock.name },
            expiresAt: new Date(s.lock.expiresAt).toISOString(),
            mine: s.lock.userId === userId,
          }
        : null;
    const current = view();
    if (method === 'GET') return json(200, { lock: current });
    if (method === 'DELETE') {
      if (current?.mine) s.lock = null;
      return json(204);
    }
    if (current && !current.mine) return apiError(409, 'image_locked', { lock: current });
    // POST takes and PUT renews alike: a lapsed lease is anyone's (as the real route does).
    s.lock = { userId, name, expiresAt: now + IMAGE_LOCK_LEASE_S * 1000 };
    return json(200, view());
  }
}
