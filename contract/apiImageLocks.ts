import { z } from 'zod';

/*
 * One editor per image (RELIABILITY.md 16; spec section 8: 'Another worker is already in
 * progress'). A lock is a lease: the studio takes it when it opens an image for editing, renews it
 * every IMAGE_LOCK_HEARTBEAT_S, and releases it when it leaves. A lease not renewed for
 * IMAGE_LOCK_LEASE_S expires and anyone may take the image over. Paths relative to the API base
 * (worker and up; membership scoping as for every project route).
 *
 * GET    projects/:projectId/images/:imageId/lock → `imageLockStateSchema` (who holds it, if anyone).
 * POST   projects/:projectId/images/:imageId/lock → 200 `imageLockSchema` (taken or renewed: free,
 *        expired or already the caller's), or 409 `image_locked` with `lock` (the holder's) in the
 *        error body.
 * PUT    projects/:projectId/images/:imageId/lock → 200 `imageLockSchema`: the heartbeat; 409
 *        `image_locked` (with `lock`) when another worker holds it now (the caller's lease expired
 *        and was taken over).
 * DELETE projects/:projectId/images/:imageId/lock → 204: releases the caller's lock (nothing when
 *        the caller does not hold it).
 *
 * Saves do not require the lock: operations carry base versions, so a worker whose lease expired
 * while offline is told about conflicting edits instead of losing theirs.
 */

/** How long a lease lasts without a heartbeat. */
export const IMAGE_LOCK_LEASE_S = 60;
/** How often the studio renews its lease. */
export const IMAGE_LOCK_HEARTBEAT_S = 20;

export const imageLockSchema = z.object({
  imageId: z.string(),
  holder: z.object({ id: z.string(), name: z.string() }),
  /** ISO time the lease ends unless renewed. */
  expiresAt: z.string(),
  /** True when the caller holds it. */
  mine: z.boolean(),
});
export type ImageLock = z.infer<typeof imageLockSchema>;

export const imageLockStateSchema = z.object({ lock: imageLockSchema.nullable() });
export type ImageLockState = z.infer<typeof imageLockStateSchema>;
