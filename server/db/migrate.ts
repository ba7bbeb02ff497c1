import { Migrator, type Kysely, type Migration, type MigrationProvider } from 'kysely';
import * as m0001 from './migrations/0001_initial';
import * as m0002 from './migrations/0002_notice_category';
import * as m0003 from './migrations/0003_faq_seed';
import * as m0004 from './migrations/0004_oauth_states';
import * as m0010 from './migrations/0010_projects';
import * as m0011 from './migrations/0011_atlas_pages';
import * as m0012 from './migrations/0012_imports';
import * as m0013 from './migrations/0013_studio';
import * as m0014 from './migrations/0014_invitations';
import * as m0015 from './migrations/0015_account_withdrawal';
import * as m0016 from './migrations/0016_upload_hashes';
import * as m0017 from './migrations/0017_training';
import * as m0018 from './migrations/0018_deployment';
import * as m0020 from './migrations/0020_retired_devices';
import * as m0021 from './migrations/0021_market';
import * as m0023 from './migrations/0023_test_payments';
import * as m0024 from './migrations/0024_resource_bytes_bigint';

/**
 * The migrations, in order. Listed in code (not read from a folder) so that the bundled or
 * tsx-run server finds them wherever it is started from. Add a new file as NNNN_name.ts and
 * list it here; never edit one that has shipped.
 */
const MIGRATIONS: Record<string, Migration> = {
  '0001_initial': m0001,
  '0002_notice_category': m0002,
  '0003_faq_seed': m0003,
  '0004_oauth_states': m0004,
  '0010_projects': m0010,
  '0011_atlas_pages': m0011,
  '0012_imports': m0012,
  '0013_studio': m0013,
  '0014_invitations': m0014,
  '0015_account_withdrawal': m0015,
  '0016_upload_hashes': m0016,
  '0017_training': m0017,
  '0018_deployment': m0018,
  '0020_retired_devices': m0020,
  '0021_market': m0021,
  '0023_test_payments': m0023,
  '0024_resource_bytes_bigint': m0024,
};

const provider: MigrationProvider = { getMigrations: () => Promise.resolve(MIGRATIONS) };

/** Brings the schema to the latest version; throws (and changes nothing more) on failure. */
export async function migrateToLatest<T>(db: Kysely<T>): Promise<void> {
  const migrator = new Migrator({ db, provider });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    const reason = error instanceof Error ? error.message : String(error ?? 'unknown error');
    throw new Error(`Database migration ${failed?.migrationName ?? ''} failed: ${reason}`);
  }
}
