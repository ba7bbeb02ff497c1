import { Hono } from 'hono';
import { z } from 'zod';
import { atlasQuerySchema } from '../../contract/apiAtlas';
import type { AppContext } from '../context';
import { ApiError } from '../http/ApiError';
import { requireUser } from '../http/requireUser';
import { paramsOf, queryOf } from '../http/validate';
import { composeAtlas } from '../images/atlasImage';
import { atlasCellsSchema, atlasIndex } from '../projects/atlasPages';
import { requireProjectRole, type ProjectEnv } from '../projects/projectAccess';
import { sendBlob } from './imageFiles';
import { projectParams } from './projects';

const pageParams = projectParams.extend({ file: z.string().regex(/^[0-9a-f]{64}\.webp$/) });
const noPage = () => new ApiError('not_found', 'No such atlas page.');

/** Pages being composed in this process: parallel requests for one page wait for one composition. */
const composing = new Map<string, Promise<string>>();
/** Compositions at once: each decodes up to 256 thumbnails, and the machine has other work. */
const MAX_COMPOSING = 2;
let running = 0;
const waiting: (() => void)[] = [];

async function limited<T>(work: () => Promise<T>): Promise<T> {
  if (running >= MAX_COMPOSING) await new Promise<void>((resolve) => waiting.push(resolve));
  running += 1;
  try {
    return await work();
  } finally {
    running -= 1;
    waiting.shift()?.();
  }
}

/**
 * GET projects/:projectId/atlas (the dataset viewer's index of atlas pages) and
 * GET …/atlas/:key.webp (one page, composed on first request and then kept in the blob store).
 * Worker role and up, like the image list; another project's page key answers 404.
 */
export function createAtlasRoutes(ctx: AppContext) {
  const r = new Hono<ProjectEnv>();
  const signedIn = requireUser(ctx);

  r.get(
    '/:projectId/atlas',
    signedIn,
    paramsOf(projectParams),
    requireProjectRole(ctx.db, 'worker'),
    queryOf(atlasQuerySchema),
    async (c) =>
      c.json(await atlasIndex(ctx.db, ctx.blobs, c.get('project').projectId, c.req.valid('query'), ctx.now())),
  );

  r.get('/:projectId/atlas/:file', signedIn, paramsOf(pageParams), requireProjectRole(ctx.db, 'worker'), async (c) => {
    const key = c.req.valid('param').file.slice(0, 64);
    const page = await ctx.db
      .selectFrom('atlas_pages')
      .select(['cells', 'cell_size', 'blob_key'])
      .where('key', '=', key)
      .where('project_id', '=', c.get('project').projectId)
      .executeTakeFirst();
    if (!page) throw noPage();
    let blobKey = page.blob_key;
    if (!blobKey || !(await ctx.blobs.has(blobKey))) {
      let made = composing.get(key);
      if (!made) {
        const cells = atlasCellsSchema.parse(JSON.parse(page.cells));
        made = limited(async () => {
          const stored = await ctx.blobs.put(await composeAtlas(ctx.blobs, cells, Number(page.cell_size)));
          await ctx.db.updateTable('atlas_pages').set({ blob_key: stored }).where('key', '=', key).execute();
          return stored;
        }).finally(() => composing.delete(key));
        composing.set(key, made);
      }
      blobKey = await made;
    }
    return sendBlob(c, ctx.blobs, blobKey, 'image/webp');
  });

  return r;
}
