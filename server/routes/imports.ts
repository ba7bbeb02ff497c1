import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import path from 'node:path';
import { Hono } from 'hono';
import { z } from 'zod';
import { importCreateSchema } from '../../contract/apiImports';
import { billingAccountOfProject } from '../billing/billingAccount';
import { requireRoom } from '../billing/requireRoom';
import type { AppContext } from '../context';
import { ApiError } from '../http/ApiError';
import { requireUser } from '../http/requireUser';
import { jsonBody, paramsOf } from '../http/validate';
import { tmpRootOf } from '../images/imageFiles';
import { DATASET_IMPORT_JOB } from '../imports/importJob';
import { importView } from '../imports/importViews';
import { looksLikeZip } from '../imports/zipSignature';
import { requireProjectRole, type ProjectEnv } from '../projects/projectAccess';
import { receiveToFile } from '../uploads/receiveToFile';
import { projectParams } from './projects';

const importParams = projectParams.extend({ importId: z.string().min(1).max(64) });
const importNotFound = () => new ApiError('not_found', 'No such import.');

/** An import whose zip has not arrived within this time is closed as failed. */
export const IMPORT_UPLOAD_TTL_MS = 24 * 60 * 60 * 1000;

/** How many imports the list shows (newest first). */
export const IMPORT_LIST_LIMIT = 20;

/**
 * Dataset imports (contract/apiImports.ts): POST declares a zip, PUT streams it into the blob
 * store and queues the `dataset.import` job, GET reads the state and the report. Admins only
 * write (an import may create label classes); anyone in the project reads.
 */
export function createImportRoutes(ctx: AppContext) {
  const r = new Hono<ProjectEnv>();
  const signedIn = requireUser(ctx);
  const tmpRoot = tmpRootOf(ctx.config.DATA_DIR);

  const findImport = (projectId: string, importId: string) =>
    ctx.db
      .selectFrom('imports')
      .selectAll()
      .where('project_id', '=', projectId)
      .where('id', '=', importId)
      .executeTakeFirst();

  r.post(
    '/:projectId/imports',
    signedIn,
    paramsOf(projectParams),
    requireProjectRole(ctx.db, 'admin'),
    jsonBody(importCreateSchema),
    async (c) => {
      const { projectId } = c.get('project');
      const body = c.req.valid('json');
      // The zip's size is an upper bound of the images it adds to the plan's storage.
      await requireRoom(ctx, (await billingAccountOfProject(ctx.db, projectId)) ?? '', 'storage', body.bytes);
      const id = randomUUID();
      const now = ctx.now().toISOString();
      // Imports whose zip never arrived within a day are closed here (they hold no blob).
      await ctx.db
        .updateTable('imports')
        .set({ state: 'failed', error: 'import_failed', updated_at: now })
        .where('project_id', '=', projectId)
        .where('state', '=', 'uploading')
        .where('created_at', '<=', new Date(ctx.now().getTime() - IMPORT_UPLOAD_TTL_MS).toISOString())
        .execute();
      await ctx.db
        .insertInto('imports')
        .values({
          id,
          project_id: projectId,
          user_id: c.get('user').id,
          file_name: body.fileName,
          bytes: body.bytes,
          state: 'uploading',
          progress: 0,
          error: null,
          error_entry: null,
          report: null,
          blob_key: null,
          created_at: now,
          updated_at: now,
        })
        .execute();
      return c.json({ importId: id }, 201);
    },
  );

  r.put(
    '/:projectId/imports/:importId',
    signedIn,
    paramsOf(importParams),
    requireProjectRole(ctx.db, 'admin'),
    async (c) => {
      const { projectId } = c.get('project');
      const row = await findImport(projectId, c.req.valid('param').importId);
      if (!row || row.user_id !== c.get('user').id) throw importNotFound();
      if (row.state !== 'uploading') throw new ApiError('conflict', 'This import has already been uploaded.');

      await mkdir(tmpRoot, { recursive: true });
      const dir = await mkdtemp(path.join(tmpRoot, 'import-upload-'));
      try {
        const file = path.join(dir, 'body.zip');
        await receiveToFile(c.req.raw.body, c.req.header('Content-Length'), Number(row.bytes), file);
        if (!(await looksLikeZip(file))) throw new ApiError('import_not_zip', 'The file is not a zip file.');
        const blobKey = await ctx.blobs.put(createReadStream(file));
        const queued = await ctx.db.transaction().execute(async (trx) => {
          const claimed = await trx
            .updateTable('imports')
            .set({ state: 'queued', blob_key: blobKey, updated_at: ctx.now().toISOString() })
            .where('id', '=', row.id)
            .where('state', '=', 'uploading')
            .executeTakeFirst();
          if (Number(claimed.numUpdatedRows) !== 1) return false;
          await ctx.jobs.enqueue(
            { kind: DATASET_IMPORT_JOB, projectId, payload: { importId: row.id }, maxAttempts: 2 },
            trx,
          );
          return true;
        });
        // Two PUTs raced: the other one queued the job; this body's blob goes unless that one is the same.
        if (!queued) {
          const used = await ctx.db
            .selectFrom('imports')
            .select('id')
            .where('blob_key', '=', blobKey)
            .executeTakeFirst();
          if (!used) await ctx.blobs.delete(blobKey);
          throw new ApiError('conflict', 'This import has already been uploaded.');
        }
        ctx.notifyJobs();
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
      const stored = await findImport(projectId, row.id);
      if (!stored) throw importNotFound();
      return c.json(importView(stored), 202);
    },
  );

  r.get('/:projectId/imports', signedIn, paramsOf(projectParams), requireProjectRole(ctx.db, 'worker'), async (c) => {
    const rows = await ctx.db
      .selectFrom('imports')
      .selectAll()
      .where('project_id', '=', c.get('project').projectId)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(IMPORT_LIST_LIMIT)
      .execute();
    return c.json(rows.map(importView));
  });

  r.get(
    '/:projectId/imports/:importId',
    signedIn,
    paramsOf(importParams),
    requireProjectRole(ctx.db, 'worker'),
    async (c) => {
      const row = await findImport(c.get('project').projectId, c.req.valid('param').importId);
      if (!row) throw importNotFound();
      return c.json(importView(row));
    },
  );

  return r;
}
