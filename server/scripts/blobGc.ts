import { createBlobStore } from '../blobs/createBlobStore';
import { collectBlobGarbage } from '../blobs/collectBlobGarbage';
import { createDatabase } from '../db/createDatabase';
import { migrateToLatest } from '../db/migrate';
import { parseEnv } from '../env';

/*
 * `npm run blobs:gc`: one blob collection pass now, in this process, against the server's
 * database and blob store (DATA_DIR / DATABASE_URL, BLOB_STORE), with the server's grace period
 * (BLOB_GC_GRACE_H). Safe beside a running server: the pass it schedules does the same thing.
 */
async function main() {
  const env = parseEnv();
  const database = createDatabase(env);
  try {
    await migrateToLatest(database.db);
    const result = await collectBlobGarbage({
      db: database.db,
      blobs: createBlobStore(env),
      now: () => new Date(),
      graceMs: env.BLOB_GC_GRACE_H * 3_600_000,
    });
    const mib = (result.deletedBytes / 1024 / 1024).toFixed(1);
    console.log(
      `Blobs: ${result.scanned} stored, ${result.referenced} referenced, ${result.deleted} deleted (${mib} MiB), ` +
        `${result.young} unreferenced but younger than ${env.BLOB_GC_GRACE_H} h kept.`,
    );
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error((error as Error).message);
  process.exit(1);
});
