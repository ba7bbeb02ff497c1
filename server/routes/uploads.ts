import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import path from 'node:path';
import { Hono } from 'hono';
import { z } from 'zod';
import { FOLDER_UPLOAD_MAX_LABELS, uploadCreateSchema, type UploadCreated } from '../../contract/apiProjects';
import {
  uploadDuplicatesQuerySchema,
  uploadStatesQuerySchema,
  type uploadDuplicatesSchema,
  type uploadStatesSchema,
} from '../../contract/apiUploads';
import { billingAccountOfProject } from '../billing/billingAccount';
import { requireRoom } from '../billing/requireRoom';
import type { AppContext } from '../context';
import { ApiError } from '../http/ApiError';
import { requireUser } from '../http/requireUser';
import { jsonBody, paramsOf } from '../http/validate';
import { makeThumbnail, probeDatasetImage } from '../images/datasetImageProbe';
import { releaseImageBlobs, tmpRootOf } from '../images/imageFiles';
import { IMAGE_PROCESS_JOB } from '../images/imageProcessJob';
import { imageOf } from '../projects/imageViews';
import { requireProjectRole, type ProjectEnv } from '../projects/projectAccess';
import { splitFor } from '../projects/splitAssignment';
import { findDuplicates } from '../uploads/findDuplicates';
import { receiveToFile } from '../uploads/receiveToFile';
import { uploadImageStates } from '../uploads/uploadImageStates';
import { findLabelByName } from '../uploads/uploadLabels';

/** An upload not completed within this time is no longer accepted. */
export const UPLOAD_TTL_MS = 24 * 60 * 60 * 1000;

const uploadParams = z.object({ projectId: z.string().max(64), uploadId: z.string().max(64) });
const uploadNotFound = () => new ApiError('not_found', 'No such upload.');

/**
 * Uploads (contract/apiProjects.ts): POST declares a file, PUT streams its bytes, DELETE
 * cancels; before sending, the panel asks which files the project already holds (duplicates),
 * after, how their images are doing (states; contract/apiUploads.ts). A PUT stores the original only once it is known to be a sound image of an accepted
 * type; a refused or broken upload leaves no image row, no job and no blob (the upload itself
 * stays, so the client can retry it).
 */
export function createUploadRoutes(ctx: AppContext) {
  const r = new Hono<ProjectEnv>();
  const tmpRoot = tmpRootOf(ctx.config.DATA_DIR);

  r.post(
    '/:projectId/uploads',
    requireUser(ctx),
    requireProjectRole(ctx.db, 'member'),
    jsonBody(uploadCreateSchema),
    async (c) => {
      const { projectId } = c.get('project');
      const body = c.req.valid('json');
      const project = await ctx.db
        .selectFrom('projects')
        .select('subtype')
        .where('id', '=', projectId)
        .executeTakeFirstOrThrow();
      const { count } = await ctx.db
        .selectFrom('labels')
        .select((eb) => eb.fn.countAll<number | string>().as('count'))
        .where('project_id', '=', projectId)
        .executeTakeFirstOrThrow();
      const labels = Number(count);
      if (labels === 0) throw new ApiError('labels_required', 'Add at least one label before uploading data.');
      const folderUpload = body.folder !== undefined || body.label !== undefined;
      if (folderUpload && labels > FOLDER_UPLOAD_MAX_LABELS) {
        throw new ApiError(
          'too_many_labels',
          `Folder upload is available with up to ${FOLDER_UPLOAD_MAX_LABELS} labels.`,
        );
      }
      // The declared size counts against the plan's storage until the bytes arrive.
      await requireRoom(ctx, (await billingAccountOfProject(ctx.db, projectId)) ?? '', 'storage', body.bytes);
      let labelId: string | null = null;
      let unknownLabel: string | null = null;
      if (body.label !== undefined && project.subtype === 'IMAGE_CLASSIFICATION') {
        const label = await findLabelByName(ctx.db, projectId, body.label);
        labelId = label?.id ?? null;
        unknownLabel = label ? null : body.label;
      }
      const id = randomUUID();
      const now = ctx.now();
      // Uploads never completed within their time are dropped here (they hold no blob or row).
      await ctx.db
        .deleteFrom('uploads')
        .where('project_id', '=', projectId)
        .where('image_id', 'is', null)
        .where('expires_at', '<=', now.toISOString())
        .execute();
      await ctx.db
        .insertInto('uploads')
        .values({
          id,
          project_id: projectId,
          user_id: c.get('user').id,
          file_name: body.fileName,
          folder: body.folder ?? '',
          label: labelId,
          bytes: body.bytes,
          image_id: null,
          created_at: now.toISOString(),
          expires_at: new Date(now.getTime() + UPLOAD_TTL_MS).toISOString(),
        })
        .execute();
      const answer: UploadCreated = { uploadId: id, labelId, unknownLabel };
      return c.json(answer, 201);
    },
  );

  // Same access as uploading: the check belongs to the upload. Read-only, so a POST only for its body.
  r.post(
    '/:projectId/uploads/duplicates',
    requireUser(ctx),
    requireProjectRole(ctx.db, 'member'),
    jsonBody(uploadDuplicatesQuerySchema),
    async (c) => {
      const { projectId } = c.get('project');
      const answer: z.infer<typeof uploadDuplicatesSchema> = {
        matches: await findDuplicates(ctx.db, projectId, c.req.valid('json').hashes),
      };
      return c.json(answer);
    },
  );

  r.post(
    '/:projectId/uploads/states',
    requireUser(ctx),
    requireProjectRole(ctx.db, 'member'),
    jsonBody(uploadStatesQuerySchema),
    async (c) => {
      const { projectId } = c.get('project');
      const answer: z.infer<typeof uploadStatesSchema> = {
        images: await uploadImageStates(ctx.db, projectId, c.req.valid('json').imageIds),
      };
      return c.json(answer);
    },
  );

  r.put(
    '/:projectId/uploads/:uploadId',
    requireUser(ctx),
    requireProjectRole(ctx.db, 'member'),
    paramsOf(uploadParams),
    async (c) => {
      const { projectId } = c.get('project');
      const user = c.get('user');
      const upload = await ctx.db
        .selectFrom('uploads')
        .selectAll()
        .where('id', '=', c.req.valid('param').uploadId)
        .where('project_id', '=', projectId)
        .where('user_id', '=', user.id)
        .executeTakeFirst();
      if (!upload || upload.expires_at <= ctx.now().toISOString()) throw uploadNotFound();
      if (upload.image_id) throw new ApiError('conflict', 'This upload is already complete.');

      await mkdir(tmpRoot, { recursive: true });
      const dir = await mkdtemp(path.join(tmpRoot, 'upload-'));
      let blobKey: string | null = null;
      let thumbKey: string | null = null;
      try {
        const file = path.join(dir, 'body');
        await receiveToFile(c.req.raw.body, c.req.header('Content-Length'), Number(upload.bytes), file);
        const probed = await probeDatasetImage(file);
        const thumbnail = await makeThumbnail(probed.decodable);
        blobKey = await ctx.blobs.put(createReadStream(file));
        thumbKey = await ctx.blobs.put(thumbnail);

        const imageId = randomUUID();
        const now = ctx.now().toISOString();
        await ctx.db.transaction().execute(async (trx) => {
          const claimed = await trx
            .updateTable('uploads')
            .set({ image_id: imageId })
            .where('id', '=', upload.id)
            .where('image_id', 'is', null)
            .executeTakeFirst();
          if (Number(claimed.numUpdatedRows) !== 1) throw new ApiError('conflict', 'This upload is already complete.');
          const project = await trx
            .selectFrom('projects')
            .select(['split_train', 'split_validation', 'split_test', 'split_seed'])
            .where('id', '=', projectId)
            .executeTakeFirstOrThrow();
          // The label chosen at POST, by id: a rename since then does not lose it.
          const label = upload.label
            ? await trx
                .selectFrom('labels')
                .select('id')
                .where('id', '=', upload.label)
                .where('project_id', '=', projectId)
                .executeTakeFirst()
            : undefined;
          const values = {
            id: imageId,
            project_id: projectId,
            file_name: upload.file_name,
            folder: upload.folder,
            type: probed.type,
            width: probed.width,
            height: probed.height,
            bytes: Number(upload.bytes),
            blob_key: blobKey ?? '',
            thumb_key: thumbKey,
            pyramid: null,
            state: 'processing',
            error: null,
            split: splitFor(
              {
                train: project.split_train,
                validation: project.split_validation,
                test: project.split_test,
                seed: project.split_seed,
              },
              imageId,
            ),
            labeled: label ? 1 : 0,
            annotation_count: label ? 1 : 0,
            annotation_revision: label ? 1 : 0,
            worker_id: null,
            uploaded_by: user.id,
            created_at: now,
            updated_at: now,
          };
          await trx.insertInto('images').values(values).execute();
          if (label) {
            await trx
              .insertInto('annotations')
              .values({
                id: randomUUID(),
                image_id: imageId,
                label_id: label.id,
                kind: 'class',
                x: 0,
                y: 0,
                width: 0,
                height: 0,
                data: null,
                version: 1,
                created_by: user.id,
                created_at: now,
                updated_at: now,
              })
              .execute();
          }
          await ctx.jobs.enqueue({ kind: IMAGE_PROCESS_JOB, projectId, payload: { imageId } }, trx);
        });
        ctx.notifyJobs();
        return c.json(await imageOf(ctx.db, projectId, imageId), 202);
      } catch (error) {
        // Nothing of a refused upload stays: blobs no image refers to are removed.
        if (blobKey)
          await releaseImageBlobs(ctx.db, ctx.blobs, [{ blob_key: blobKey, thumb_key: thumbKey, pyramid: null }]);
        throw error;
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    },
  );

  r.delete(
    '/:projectId/uploads/:uploadId',
    requireUser(ctx),
    requireProjectRole(ctx.db, 'member'),
    paramsOf(uploadParams),
    async (c) => {
      const { projectId } = c.get('project');
      const upload = await ctx.db
        .selectFrom('uploads')
        .selectAll()
        .where('id', '=', c.req.valid('param').uploadId)
        .where('project_id', '=', projectId)
        .where('user_id', '=', c.get('user').id)
        .executeTakeFirst();
      if (!upload) throw uploadNotFound();
      // Cancelling a finished upload removes its image too: a cancel leaves nothing behind.
      const image = upload.image_id
        ? await ctx.db
            .selectFrom('images')
            .select(['id', 'blob_key', 'thumb_key', 'pyramid'])
            .where('id', '=', upload.image_id)
            .executeTakeFirst()
        : undefined;
      await ctx.db.transaction().execute(async (trx) => {
        if (image) {
          await trx
            .deleteFrom('jobs')
            .where('kind', '=', IMAGE_PROCESS_JOB)
            .where('project_id', '=', projectId)
            .where('payload', '=', JSON.stringify({ imageId: image.id }))
            .execute();
          await trx.deleteFrom('images').where('id', '=', image.id).execute();
        }
        await trx.deleteFrom('uploads').where('id', '=', upload.id).execute();
      });
      if (image) await releaseImageBlobs(ctx.db, ctx.blobs, [image]);
      return c.body(null, 204);
    },
  );

  return r;
}
