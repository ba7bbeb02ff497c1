import { z } from 'zod';
import { IMAGE_STATES, imageQuerySchema } from './apiProjects';

/*
 * Thumbnail atlases for the dataset viewer: the project's thumbnails packed into large images, so
 * that a gallery of 10,000 images costs about 40 image requests instead of 10,000.
 *
 * GET projects/:projectId/atlas?tag=&label=&labeled=&split=&q=&sort=&cell= (the image list's
 * filters and sort; worker role and up) → `AtlasIndex`: every matching image, in list order,
 * cut into pages of ATLAS_COLUMNS × ATLAS_COLUMNS cells. Image n sits on page
 * ⌊n / cellsPerPage⌋ at cell n mod cellsPerPage, row-major from the top left.
 *
 * GET projects/:projectId/atlas/:key.webp → that page as one WebP of (columns × cellSize)² px,
 * each thumbnail scaled to fit its cell (aspect ratio kept, centred, transparent around it).
 * A page's key is a hash of its content (project, cell size, the thumbnails in order), so new
 * uploads give new keys and a key's bytes never change (cached privately for a year). Images
 * still processing (or failed) get a placeholder cell; `processing` counts those still
 * processing, so the client asks again once they are done. An unknown key answers 404 `not_found`.
 */

/** Cells per atlas row and column. */
export const ATLAS_COLUMNS = 16;
/** Cell sizes in px: 64 (1024² pages, for the zoomed-out overview) or 128 (2048² pages). */
export const ATLAS_CELL_SIZES = [64, 128] as const;
export type AtlasCellSize = (typeof ATLAS_CELL_SIZES)[number];

export const atlasQuerySchema = imageQuerySchema
  .omit({ cursor: true, limit: true })
  .extend({
    cell: z
      .enum(['64', '128'])
      .default('128')
      .transform((v) => Number(v) as AtlasCellSize),
  })
  .strict();

export const atlasImageSchema = z.object({
  id: z.string(),
  fileName: z.string(),
  state: z.enum(IMAGE_STATES),
  width: z.number(),
  height: z.number(),
});
export type AtlasImage = z.infer<typeof atlasImageSchema>;

export const atlasPageSchema = z.object({
  key: z.string(),
  /** The page image, relative to the API base (fetched with the Bearer token). */
  url: z.string(),
  /** The images of the page's cells, in cell order (the last page may be partly empty). */
  images: z.array(atlasImageSchema),
});
export type AtlasPage = z.infer<typeof atlasPageSchema>;

export const atlasIndexSchema = z.object({
  cellSize: z.number(),
  columns: z.number(),
  /** All matching images. */
  total: z.number(),
  /** How many of them are still processing (placeholder cells until their thumbnails exist). */
  processing: z.number(),
  pages: z.array(atlasPageSchema),
});
export type AtlasIndex = z.infer<typeof atlasIndexSchema>;
