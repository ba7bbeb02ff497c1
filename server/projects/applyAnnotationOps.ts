import {
  ANNOTATIONS_PER_IMAGE_MAX,
  type Annotation,
  type AnnotationConflict,
  type AnnotationOp,
  type AnnotationOpResult,
  type AnnotationOpsResponse,
} from '../../contract/apiAnnotations';
import { V } from '../../contract/validation';
import type { Dialect } from '../db/createDatabase';
import type { Db } from '../db/Db';
import type { AnnotationsTable } from '../db/schema';
import { ApiError } from '../http/ApiError';
import { storedGeometry } from './annotationGeometry';
import { ANNOTATION_COLUMNS, ANNOTATION_INSERT_CHUNK, annotationView } from './annotationViews';
import { imageNotFound } from './requireProjectImage';

/**
 * How long an applied operation is remembered (docs/decisions: annotation operations). A retry
 * arrives within seconds, an offline outbox within days; one older than this that comes back is
 * still never applied twice in effect, because its base version is stale by then (409).
 */
export const ANNOTATION_OP_RETENTION_DAYS = 7;

/** Ids per `in (…)` list: far under both databases' bound-parameter limits. */
const IDS_CHUNK = 500;

export interface AnnotationOpsInput {
  projectId: string;
  imageId: string;
  userId: string;
  ops: readonly AnnotationOp[];
  now: Date;
  dialect: Dialect;
}

/**
 * A stored annotation. A put is a person's write — an edit, or accepting a machine label as it
 * is — so the row it leaves is always source 'person' with no score.
 */
type Row = Omit<AnnotationsTable, 'source' | 'score'> & { source: string; score: number | null };
/** What the operations leave of one annotation they name: its row, or null once deleted. */
type State = Row | null;

function chunks<T>(items: readonly T[], size = IDS_CHUNK): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

const storedResultOf = (json: string): { id: string; version: number | null } => {
  const parsed = JSON.parse(json) as { id: string; version: number | null };
  return { id: String(parsed.id), version: parsed.version === null ? null : Number(parsed.version) };
};

/**
 * Applies an ops request (contract/apiAnnotations.ts) inside the caller's transaction: in order,
 * all or nothing, each opId once per image. Reads and writes only the rows the operations name,
 * the image row and the operations' own rows, so the work grows with the request, never with the
 * image's annotation count. Throws ApiError (404, 400, 409) before writing anything.
 */
export async function applyAnnotationOps(trx: Db, input: AnnotationOpsInput): Promise<AnnotationOpsResponse> {
  const { projectId, imageId, userId, ops } = input;
  // Writes of one image take turns: the image row is the lock on PostgreSQL (SQLite runs one
  // write transaction at a time), so a repeated opId sent twice at once is applied only once.
  const image = await trx
    .selectFrom('images')
    .select(['id', 'width', 'height', 'worker_id', 'annotation_count', 'annotation_revision'])
    .where('project_id', '=', projectId)
    .where('id', '=', imageId)
    .$if(input.dialect === 'postgres', (q) => q.forUpdate())
    .executeTakeFirst();
  if (!image) throw imageNotFound();

  const firstIndex = new Map<string, number>();
  for (const [i, op] of ops.entries()) {
    if (firstIndex.has(op.opId)) {
      throw new ApiError('validation', 'An operation id appears twice.', { fields: { [`ops.${i}.opId`]: V.invalid } });
    }
    firstIndex.set(op.opId, i);
  }

  const stored = new Map<string, { id: string; version: number | null }>();
  for (const part of chunks(ops.map((o) => o.opId))) {
    const rows = await trx
      .selectFrom('annotation_ops')
      .select(['op_id', 'result'])
      .where('image_id', '=', imageId)
      .where('op_id', 'in', part)
      .execute();
    for (const r of rows) stored.set(r.op_id, storedResultOf(r.result));
  }
  const fresh = ops.flatMap((op, i) => (stored.has(op.opId) ? [] : [{ op, i }]));
  const revision = Number(image.annotation_revision);
  const count = Number(image.annotation_count);
  if (fresh.length === 0) {
    return {
      imageId,
      revision,
      count,
      results: ops.map((op) => ({ opId: op.opId, ...stored.get(op.opId)!, replayed: true })),
    };
  }

  // Validation first: a malformed request is refused whatever the stored state.
  const labelIds = [...new Set(fresh.flatMap(({ op }) => (op.type === 'put' ? [op.annotation.labelId] : [])))];
  const labels = new Set<string>();
  for (const part of chunks(labelIds)) {
    const rows = await trx
      .selectFrom('labels')
      .select('id')
      .where('project_id', '=', projectId)
      .where('id', 'in', part)
      .execute();
    for (const r of rows) labels.add(r.id);
  }
  const width = Number(image.width);
  const height = Number(image.height);
  const geometry = new Map<number, ReturnType<typeof storedGeometry>>();
  for (const { op, i } of fresh) {
    if (op.type !== 'put') continue;
    if (!labels.has(op.annotation.labelId)) {
      throw new ApiError('label_not_found', 'An annotation names a label the project does not have.', {
        fields: { [`ops.${i}.annotation.labelId`]: V.invalid },
      });
    }
    geometry.set(i, storedGeometry(op.annotation, width, height, `ops.${i}`, `ops.${i}.annotation.points`));
  }

  // The named annotations as stored now (ids are unique across images: one on another image is refused).
  const named = [...new Set(fresh.map(({ op }) => (op.type === 'put' ? op.annotation.id : op.id)))];
  const initial = new Map<string, Row>();
  for (const part of chunks(named)) {
    const rows = await trx
      .selectFrom('annotations')
      .select(['image_id', 'created_by', 'created_at', 'updated_at', ...ANNOTATION_COLUMNS])
      .where('id', 'in', part)
      .execute();
    for (const r of rows) {
      if (r.image_id === imageId) {
        initial.set(r.id, { ...r, version: Number(r.version), score: r.score === null ? null : Number(r.score) });
        continue;
      }
      const i = fresh.find(({ op }) => (op.type === 'put' ? op.annotation.id : op.id) === r.id)!.i;
      const field = ops[i]!.type === 'put' ? `ops.${i}.annotation.id` : `ops.${i}.id`;
      throw new ApiError('validation', 'The annotation id belongs to another image.', {
        fields: { [field]: V.invalid },
      });
    }
  }

  const nowIso = input.now.toISOString();
  const state = new Map<string, State>(initial);
  const conflicts: AnnotationConflict[] = [];
  const results = new Map<string, { id: string; version: number | null }>();
  const currentOf = (id: string): Annotation | null => {
    const row = initial.get(id);
    return row ? annotationView(row) : null;
  };
  for (const { op, i } of fresh) {
    const id = op.type === 'put' ? op.annotation.id : op.id;
    const current = state.get(id) ?? null;
    const stale = op.baseVersion === null ? current !== null : current === null || current.version !== op.baseVersion;
    if (stale) {
      conflicts.push({ opId: op.opId, id, current: currentOf(id) });
      continue;
    }
    if (op.type === 'delete') {
      state.set(id, null);
      results.set(op.opId, { id, version: null });
      continue;
    }
    const version = current ? current.version + 1 : 1;
    state.set(id, {
      id,
      image_id: imageId,
      label_id: op.annotation.labelId,
      kind: op.annotation.kind,
      ...geometry.get(i)!,
      version,
      source: 'person',
      score: null,
      created_by: current ? current.created_by : userId,
      created_at: current ? current.created_at : nowIso,
      updated_at: nowIso,
    });
    results.set(op.opId, { id, version });
  }
  if (conflicts.length > 0) {
    throw new ApiError('annotation_conflict', 'Some operations name a version that is not the current one.', {
      conflicts,
    });
  }

  const upserts: Row[] = [];
  const deletes: string[] = [];
  let delta = 0;
  for (const [id, row] of state) {
    const before = initial.has(id);
    if (row) {
      upserts.push(row);
      if (!before) delta++;
    } else if (before) {
      deletes.push(id);
      delta--;
    }
  }
  const nextCount = count + delta;
  if (nextCount > ANNOTATIONS_PER_IMAGE_MAX) {
    throw new ApiError('too_many_annotations', `An image holds at most ${ANNOTATIONS_PER_IMAGE_MAX} annotations.`);
  }

  for (const part of chunks(deletes)) {
    await trx.deleteFrom('annotations').where('image_id', '=', imageId).where('id', 'in', part).execute();
  }
  for (const part of chunks(upserts, ANNOTATION_INSERT_CHUNK)) {
    await trx
      .insertInto('annotations')
      .values(part)
      .onConflict((oc) =>
        oc.column('id').doUpdateSet((eb) => ({
          label_id: eb.ref('excluded.label_id'),
          kind: eb.ref('excluded.kind'),
          x: eb.ref('excluded.x'),
          y: eb.ref('excluded.y'),
          width: eb.ref('excluded.width'),
          height: eb.ref('excluded.height'),
          data: eb.ref('excluded.data'),
          version: eb.ref('excluded.version'),
          source: eb.ref('excluded.source'),
          score: eb.ref('excluded.score'),
          updated_at: eb.ref('excluded.updated_at'),
        })),
      )
      .execute();
  }
  const opRows = fresh.map(({ op }) => ({
    image_id: imageId,
    op_id: op.opId,
    user_id: userId,
    result: JSON.stringify(results.get(op.opId)),
    created_at: nowIso,
  }));
  for (const part of chunks(opRows, ANNOTATION_INSERT_CHUNK)) {
    await trx.insertInto('annotation_ops').values(part).execute();
  }
  // Old answers of this image go as new ones come: an index range, each row deleted once.
  const cutoff = new Date(input.now.getTime() - ANNOTATION_OP_RETENTION_DAYS * 86_400_000).toISOString();
  await trx.deleteFrom('annotation_ops').where('image_id', '=', imageId).where('created_at', '<', cutoff).execute();
  await trx
    .updateTable('images')
    .set({
      annotation_count: nextCount,
      annotation_revision: revision + 1,
      labeled: nextCount > 0 ? 1 : 0,
      worker_id: image.worker_id ?? (nextCount > 0 ? userId : null),
      updated_at: nowIso,
    })
    .where('id', '=', imageId)
    .execute();

  const answers: AnnotationOpResult[] = ops.map((op) => {
    const old = stored.get(op.opId);
    return old
      ? { opId: op.opId, ...old, replayed: true }
      : { opId: op.opId, ...results.get(op.opId)!, replayed: false };
  });
  return { imageId, revision: revision + 1, count: nextCount, results: answers };
}
