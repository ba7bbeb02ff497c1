import type { ImageItem } from '../../../../contract/apiProjects';
import {
  deepZoomLevels,
  EngineError,
  HttpTileSource,
  openImageFile,
  pyramidInfo,
  type TileSource,
} from '../../../../engine';
import { imagePyramidWorker } from '../../../../workers/clients';
import { apiUrl } from '../../../api/apiFetch';
import { authorizedFetch } from '../../../api/authorizedFetch';

/** The API path of an image's original file (relative to the API base). */
export function originalPath(projectId: string, imageId: string): string {
  return `projects/${encodeURIComponent(projectId)}/images/${encodeURIComponent(imageId)}/original`;
}

/**
 * The engine source of a project image. Images with a server pyramid (over 2048 px a side) are
 * read tile by tile from its DeepZoom URL template; smaller ones have no pyramid, so the
 * original is fetched once and sliced in an image-pyramid worker. Both fetch with the current
 * token. Rejects with an EngineError code (or an AbortError when `signal` aborts).
 */
export async function openImageSource(projectId: string, image: ImageItem, signal: AbortSignal): Promise<TileSource> {
  const tiles = image.tiles;
  // The engine's HTTP source reads tiles cut without overlap; any other pyramid opens through the original.
  if (tiles && tiles.overlap === 0) {
    return new HttpTileSource({
      info: pyramidInfo(image.width, image.height, tiles.tileSize),
      urlTemplate: tiles.urlTemplate,
      ...deepZoomLevels(image.width, image.height),
      fetch: authorizedFetch,
    });
  }
  let blob: Blob;
  try {
    const response = await authorizedFetch(apiUrl(originalPath(projectId, image.id)), { signal });
    if (!response.ok) throw new EngineError('tile_load_failed', `HTTP ${response.status}`);
    blob = await response.blob();
  } catch (error) {
    if (signal.aborted || error instanceof EngineError) throw error;
    throw new EngineError('tile_load_failed', error instanceof Error ? error.message : undefined);
  }
  const worker = imagePyramidWorker();
  const source = await openImageFile(blob, worker.service, { onDispose: worker.terminate });
  if (signal.aborted) {
    source.dispose();
    throw new DOMException('aborted', 'AbortError');
  }
  return source;
}
