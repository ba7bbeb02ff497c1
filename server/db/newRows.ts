import type { Insertable } from 'kysely';
import type { ImagesTable, UsersTable } from './schema';

/*
 * The columns a freshly written row starts with, for every place that writes one straight into
 * the database (sign-up, OAuth sign-in, the seeds, tests), so that they cannot drift apart.
 */

type UserFields = Pick<
  Insertable<UsersTable>,
  'id' | 'email' | 'name' | 'password_hash' | 'scope' | 'email_verified_at' | 'locale'
> &
  Partial<Insertable<UsersTable>>;

/** A new account: no introduction or avatar yet, the default notification choices. */
export function newUserRow(now: string, fields: UserFields): Insertable<UsersTable> {
  return {
    introduction: '',
    avatar_key: null,
    notify_notice: 1,
    notify_training: 1,
    notify_market: 0,
    created_at: now,
    updated_at: now,
    ...fields,
  };
}

type ImageFields = Pick<
  Insertable<ImagesTable>,
  'id' | 'project_id' | 'file_name' | 'type' | 'width' | 'height' | 'bytes' | 'blob_key' | 'thumb_key'
> &
  Partial<Insertable<ImagesTable>>;

/**
 * An image as the processing job leaves it (state 'ready', in the training split, unlabelled), for
 * seeds and tests that need images without going through uploads.
 */
export function readyImageRow(now: string, fields: ImageFields): Insertable<ImagesTable> {
  return {
    folder: '',
    pyramid: null,
    state: 'ready',
    error: null,
    split: 'train',
    labeled: 0,
    annotation_count: 0,
    annotation_revision: 0,
    worker_id: null,
    uploaded_by: null,
    created_at: now,
    updated_at: now,
    ...fields,
  };
}
