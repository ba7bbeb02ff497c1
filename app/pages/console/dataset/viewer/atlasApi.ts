import { atlasIndexSchema, type AtlasCellSize, type AtlasIndex } from '../../../../../contract/apiAtlas';
import type { ImageQuery } from '../../../../../contract/apiProjects';
import { apiFetch, apiUrl } from '../../../../api/apiFetch';
import { authorizedFetch } from '../../../../api/authorizedFetch';

/** GET projects/:projectId/atlas with the image list's filters (contract/apiAtlas.ts). */
export function fetchAtlasIndex(
  projectId: string,
  query: ImageQuery,
  cell: AtlasCellSize,
  signal?: AbortSignal,
): Promise<AtlasIndex> {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries({ ...query, cell })) {
    if (value !== undefined && value !== '' && key !== 'cursor' && key !== 'limit') params.set(key, String(value));
  }
  return apiFetch(`projects/${encodeURIComponent(projectId)}/atlas?${params.toString()}`, {
    schema: atlasIndexSchema,
    ...(signal ? { signal } : {}),
  });
}

/**
 * One atlas page as an ImageBitmap, fetched with the Bearer token (an <img> or three's loader
 * cannot send it). Decoded off the main thread; not flipped or premultiplied, as the shader
 * expects (top row first, straight alpha).
 */
export async function fetchAtlasBitmap(url: string, signal: AbortSignal): Promise<ImageBitmap> {
  const response = await authorizedFetch(apiUrl(url), { signal });
  if (!response.ok) throw new Error(`atlas page: HTTP ${response.status}`);
  const blob = await response.blob();
  return createImageBitmap(blob, { imageOrientation: 'none', premultiplyAlpha: 'none', colorSpaceConversion: 'none' });
}
