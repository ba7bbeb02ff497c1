import type { UploadDuplicate } from '../../contract/apiUploads';
import type { Db } from '../db/Db';
import { imageBasePath } from '../projects/imageViews';

/**
 * The images of a project whose original has one of these SHA-256 hashes. A blob key is that
 * hash of the bytes as uploaded (server/blobs/BlobStore.ts), so the browser's hash of a file
 * compares to it directly. Per hash the oldest image (the one a user knows), with the number of
 * images that hold the same bytes.
 */
export async function findDuplicates(db: Db, projectId: string, hashes: readonly string[]): Promise<UploadDuplicate[]> {
  const unique = [...new Set(hashes)];
  if (unique.length === 0) return [];
  const rows = await db
    .selectFrom('images')
    .select(['id', 'blob_key', 'file_name', 'folder', 'thumb_key', 'created_at'])
    .where('project_id', '=', projectId)
    .where('blob_key', 'in', unique)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  const byHash = new Map<string, UploadDuplicate>();
  for (const row of rows) {
    const seen = byHash.get(row.blob_key);
    if (seen) {
      seen.count += 1;
      continue;
    }
    byHash.set(row.blob_key, {
      hash: row.blob_key,
      imageId: row.id,
      fileName: row.file_name,
      folder: row.folder,
      thumbnailUrl: row.thumb_key ? `${imageBasePath(projectId, row.id)}/thumbnail` : null,
      count: 1,
    });
  }
  return unique.flatMap((hash) => byHash.get(hash) ?? []);
}
