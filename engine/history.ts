/**
 * Undo/redo of {@link BoxCommand}s. The history only keeps commands; the annotation store
 * applies what {@link History.undo} and {@link History.redo} return. Every applied change gets
 * its own id — an undo is the inverse command under a new id, a redo the original under a new
 * id — so the journal and the server see a plain sequence of operations.
 */
import { invertCommand, newCommandId, type BoxCommand } from './commands';

/** Size limit and id factory of a {@link History}. */
export interface HistoryOptions {
  /** Most commands kept for undo (default 500); the oldest are dropped past it. */
  limit?: number;
  /** Id factory for undo/redo operations (default {@link newCommandId}); tests inject one. */
  newId?: () => string;
}

/** Undo and redo stacks of commands (see the file comment). */
export class History {
  private readonly done: BoxCommand[] = [];
  private readonly undone: BoxCommand[] = [];
  private readonly limit: number;
  private readonly newId: () => string;

  constructor(options: HistoryOptions = {}) {
    this.limit = Math.max(1, options.limit ?? 500);
    this.newId = options.newId ?? newCommandId;
  }

  /** Records a command that was just applied; clears the redo stack. */
  push(command: BoxCommand): void {
    this.done.push(command);
    this.undone.length = 0;
    if (this.done.length > this.limit) this.done.splice(0, this.done.length - this.limit);
  }

  /** The command to apply to undo the last change (null when there is none). */
  undo(): BoxCommand | null {
    const command = this.done.pop();
    if (!command) return null;
    this.undone.push(command);
    return invertCommand(command, this.newId());
  }

  /** The command to apply to redo the last undone change (null when there is none). */
  redo(): BoxCommand | null {
    const command = this.undone.pop();
    if (!command) return null;
    // A shallow copy: commands are never mutated once made, and a deep copy of a 100,000-box
    // move took over a second.
    const again: BoxCommand = { ...command, id: this.newId() };
    this.done.push(again);
    return again;
  }

  get canUndo(): boolean {
    return this.done.length > 0;
  }

  get canRedo(): boolean {
    return this.undone.length > 0;
  }

  /** The undo stack, oldest first (read-only view). */
  get undoStack(): readonly BoxCommand[] {
    return this.done;
  }

  /** The redo stack, next redo last (read-only view). */
  get redoStack(): readonly BoxCommand[] {
    return this.undone;
  }

  /** Forgets the command just returned by {@link undo} (it no longer applies): it is not redoable. */
  dropUndone(): void {
    this.undone.pop();
  }

  /** Forgets the command just returned by {@link redo} (it no longer applies). */
  dropDone(): void {
    this.done.pop();
  }

  /** Forgets everything (after loading another image's annotations). */
  clear(): void {
    this.done.length = 0;
    this.undone.length = 0;
  }
}
