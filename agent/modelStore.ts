import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { writeFileAtomic } from './agentState';

/*
 * The models the agent keeps: `models/<version>.zip` (version = the zip's sha256) and
 * `models/current.json` `{ current, previous }`, replaced atomically. Only the current and the
 * previous zips are kept: the previous is what a rollback (or a start where the current fails to
 * load) falls back to.
 */

const storedModelSchema = z.object({ modelId: z.string(), version: z.string().regex(/^[0-9a-f]{64}$/) });
export type StoredModel = z.infer<typeof storedModelSchema>;
const pointerSchema = z.object({ current: storedModelSchema.nullable(), previous: storedModelSchema.nullable() });
export type ModelPointer = z.infer<typeof pointerSchema>;

export interface ModelStore {
  readonly dir: string;
  pointer(): ModelPointer;
  zipPath(version: string): string;
  has(version: string): boolean;
  /** Moves a verified download into the store (a rename on the same disk). */
  install(version: string, verifiedPath: string): void;
  /** Makes `model` current, the old current previous; removes zips neither names. */
  setCurrent(model: StoredModel): void;
}

export function createModelStore(dataDir: string): ModelStore {
  const dir = join(dataDir, 'models');
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const pointerPath = join(dir, 'current.json');
  const zipPath = (version: string) => join(dir, `${version}.zip`);

  function pointer(): ModelPointer {
    try {
      const parsed = pointerSchema.safeParse(JSON.parse(readFileSync(pointerPath, 'utf8')));
      if (parsed.success) return parsed.data;
    } catch {
      // No pointer yet, or an unreadable one: nothing deployed.
    }
    return { current: null, previous: null };
  }

  function prune(keep: ModelPointer): void {
    const kept = new Set([keep.current?.version, keep.previous?.version].filter(Boolean).map((v) => `${v}.zip`));
    for (const name of readdirSync(dir)) {
      if (name.endsWith('.zip') && !kept.has(name)) rmSync(join(dir, name), { force: true });
      // A temp file of a write that crashed.
      if (name.endsWith('.tmp')) rmSync(join(dir, name), { force: true });
    }
  }

  return {
    dir,
    pointer,
    zipPath,
    has: (version) => existsSync(zipPath(version)),
    install(version, verifiedPath) {
      renameSync(verifiedPath, zipPath(version));
    },
    setCurrent(model) {
      const old = pointer();
      if (old.current?.version === model.version) return;
      const next: ModelPointer = { current: model, previous: old.current };
      writeFileAtomic(pointerPath, `${JSON.stringify(next)}\n`, 0o600);
      prune(next);
    },
  };
}
