/**
 * Per-annotation view flags: hidden (neither drawn nor hit, nor selectable) and locked (drawn
 * and selectable, but never moved, resized, nudged or deleted by the user). They are view
 * state of this session: not saved, not in the commands, not undone; loading another image's
 * annotations clears them. A remote change (`applyRemote`) keeps them.
 */

/** The flags of one annotation. */
export interface AnnotationFlagState {
  hidden: boolean;
  locked: boolean;
}

/** The hidden and locked ids of one image (see the file comment). */
export class AnnotationFlags {
  private readonly hiddenIds = new Set<string>();
  private readonly lockedIds = new Set<string>();

  isHidden(id: string): boolean {
    return this.hiddenIds.has(id);
  }

  isLocked(id: string): boolean {
    return this.lockedIds.has(id);
  }

  get(id: string): AnnotationFlagState {
    return { hidden: this.hiddenIds.has(id), locked: this.lockedIds.has(id) };
  }

  get hiddenCount(): number {
    return this.hiddenIds.size;
  }

  get lockedCount(): number {
    return this.lockedIds.size;
  }

  /** Sets or clears `hidden` on `id`; true when it changed. */
  setHidden(id: string, on: boolean): boolean {
    return toggle(this.hiddenIds, id, on);
  }

  /** Sets or clears `locked` on `id`; true when it changed. */
  setLocked(id: string, on: boolean): boolean {
    return toggle(this.lockedIds, id, on);
  }

  /** Forgets the flags of a box that no longer exists. */
  forget(id: string): void {
    this.hiddenIds.delete(id);
    this.lockedIds.delete(id);
  }

  clear(): void {
    this.hiddenIds.clear();
    this.lockedIds.clear();
  }
}

function toggle(set: Set<string>, id: string, on: boolean): boolean {
  if (set.has(id) === on) return false;
  if (on) set.add(id);
  else set.delete(id);
  return true;
}
