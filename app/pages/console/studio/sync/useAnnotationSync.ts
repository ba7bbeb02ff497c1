import type { Annotation, AnnotationKind } from '../../../../../contract/apiAnnotations';
import type { AnnotationChange, Box } from '../../../../../engine';
import type { StudioConflict, StudioRejected, SyncStatus } from './syncTypes';

export interface AnnotationSyncOptions {
  projectId: string;
  imageId: string;
  userId: string;
  /** The project's labels in the engine's order: index i is the engine's label i. */
  labels: readonly { id: string }[];
  /** The project's kind: 'box', 'polygon' or 'class'. */
  kind: AnnotationKind;
  /** False for a read-only view: nothing is loaded from the journal nor sent. */
  enabled: boolean;
}

/** Boxes to put into and ids to remove from the engine, without undo (engine `applyRemote`). */
export interface RemoteEdit {
  put: Box[];
  remove: string[];
}

export interface AnnotationSync {
  /** Server state with this user's unsynced edits on top, to load into the engine; null while loading. */
  annotations: Annotation[] | null;
  status: SyncStatus;
  /** Journals and sends one engine 'annotations' event (edits, undo, redo; the rest is ignored). */
  record(change: AnnotationChange, readBox: (id: string) => Box | undefined): void;
  /** Sets the image's class in a classification project (null: none). */
  setClass(labelId: string | null): void;
  /** Writes the journal and sends now (Ctrl/Cmd+S); resolves after one try. */
  saveNow(): Promise<void>;
  conflicts: StudioConflict[];
  /** Keeps my version (sent over the server's) or theirs (returned for the engine's applyRemote). */
  resolve(id: string, keep: 'mine' | 'theirs'): RemoteEdit;
  rejected: StudioRejected[];
  /** Forgets a rejected edit; returns the server's state of it for the engine. */
  dismissRejected(id: string): RemoteEdit;
}

const EMPTY: RemoteEdit = { put: [], remove: [] };

/** The studio's save layer for one image (implementation in progress). */
export function useAnnotationSync(options: AnnotationSyncOptions): AnnotationSync {
  void options;
  return {
    annotations: null,
    status: { state: 'loading', unsynced: 0, storageWarning: false },
    record: () => {},
    setClass: () => {},
    saveNow: () => Promise.resolve(),
    conflicts: [],
    resolve: () => EMPTY,
    rejected: [],
    dismissRejected: () => EMPTY,
  };
}
