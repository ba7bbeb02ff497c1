import { createBlobStore } from '../server/blobs/createBlobStore';
import { createDatabase } from '../server/db/createDatabase';
import { parseEnv } from '../server/env';
import { seedGalleryImages } from '../server/seed/gallerySeed';

/*
 * `tsx scripts/seedGallery.ts <projectId> <count>`: adds <count> ready images with thumbnails to
 * a project of the database and blob store the server uses (DATA_DIR / DATABASE_URL), for the
 * dataset viewer's e2e test and benchmark. Test data only.
 */

async function main() {
  const [projectId, countText] = process.argv.slice(2);
  const count = Number(countText);
  if (!projectId || !Number.isInteger(count) || count < 1 || count > 100_000) {
    throw new Error('usage: tsx scripts/seedGallery.ts <projectId> <count 1..100000>');
  }
  const env = parseEnv();
  const database = createDatabase(env);
  try {
    const project = await database.db
      .selectFrom('projects')
      .select('id')
      .where('id', '=', projectId)
      .executeTakeFirst();
    if (!project) throw new Error(`no project ${projectId}`);
    const started = Date.now();
    await seedGalleryImages(database.db, createBlobStore(env), projectId, count);
    console.log(`Seeded ${count} images into ${projectId} in ${Date.now() - started} ms.`);
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error((error as Error).message);
  process.exit(1);
});
