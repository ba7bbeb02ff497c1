import { useCallback, useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import type { Annotation, AnnotationKind } from '../../../../../contract/apiAnnotations';
import type { AnnotationChange, Box } from '../../../../../engine';
import { newCommandId } from '../../../../../engine/commands';
import { classToOps, editToOps } from './editToOps';
import type { ImageOutbox } from './outbox';
import { syncManagerFor, type SyncManager } from './SyncManager';
import type { AnnotationState, StudioConflict, StudioRejected, SyncStatus } from './syncTypes';

export interface AnnotationSyncOptions {
  projectId: string;
  imageId: string;
  userId: string;
  /** The project's labels in the engine's order: index i is the engine's label i. */
  labels: readonly { id: string }[];
  /** The project's kind: 'box', 'polygon' or 'class'. */
  kind: AnnotationKind;
  /** False for a read-only view: the state is still loaded, but edits are not recorded. */
  enabled: boolean;
}

/** Boxes to put into and ids to remove from the engine, without undo (engine `applyRemote`). */
export interface RemoteEdit {
  put: Box[];
  remove: string[];
}

export interface AnnotationSync {
  /**
   * The server's state with this user's unsynced edits (from the journal) on top: what the
   * studio loads into the engine. Null while loading. Taken once per opened image: it does not
   * follow the user's own edits or their acknowledgements (the engine already has those).
   */
  annotations: Annotation[] | null;
  status: SyncStatus;
  /** Classification: the image's class label id now (with unsynced edits), null for none. */
  imageClass: string | null;
  /** Journals and sends one engine 'annotations' event (edits, undo, redo; the rest is ignored). */
  record(change: AnnotationChange, readBox: (id: string) => Box | undefined): void;
  /** Classification: sets the image's class (null: none). */
  setClass(labelId: string | null): void;
  /** Writes the journal and sends now (Ctrl/Cmd+S); resolves after one try. */
  saveNow(): Promise<void>;
  conflicts: StudioConflict[];
  /** Keep mine (re-sent over the server's version; nothing to apply) or theirs (apply the result). */
  resolve(id: string, keep: 'mine' | 'theirs'): RemoteEdit;
  rejected: StudioRejected[];
  /** Forgets a refused edit; apply the result to show the server's state of that annotation. */
  dismissRejected(id: string): RemoteEdit;
}

const NONE: RemoteEdit = { put: [], remove: [] };
const noSubscribe = () => () => {};
const zero = () => 0;

/**
 * The studio's save layer for one image (docs/decisions: journal and outbox): loads the server
 * state under the journal's unsynced edits, turns every engine edit into journaled operations,
 * sends them, and reports the save state, conflicts and refusals. Edits of other images of this
 * user left unsynced (offline, a closed tab) are sent in the background by the same manager.
 */
export function useAnnotationSync(options: AnnotationSyncOptions): AnnotationSync {
  const { projectId, imageId, userId, labels, kind, enabled } = options;
  const manager: SyncManager | null = useMemo(() => (userId ? syncManagerFor(userId) : null), [userId]);
  const outbox: ImageOutbox | null = useMemo(
    () => manager?.outbox(projectId, imageId) ?? null,
    [manager, projectId, imageId],
  );
  const version = useSyncExternalStore(
    manager ? (l: () => void) => manager.subscribe(l) : noSubscribe,
    manager ? () => manager.getVersion() : zero,
  );
  const [loaded, setLoaded] = useState<{ outbox: ImageOutbox; annotations: Annotation[] } | null>(null);

  useEffect(() => {
    if (!manager || !outbox) return undefined;
    const controller = new AbortController();
    void manager.load(projectId, imageId, controller.signal).then(() => {
      if (!controller.signal.aborted) setLoaded({ outbox, annotations: outbox.view() ?? [] });
    });
    return () => {
      controller.abort();
      // Leaving the image (next/previous, another page): its edits go to disk now.
      void manager.flush();
    };
  }, [manager, outbox, projectId, imageId]);

  const context = useRef({ labelIds: labels.map((l) => l.id), kind, enabled, labels });
  context.current = { labelIds: labels.map((l) => l.id), kind, enabled, labels };

  const record = useCallback(
    (change: AnnotationChange, readBox: (id: string) => Box | undefined) => {
      if (!outbox || !context.current.enabled || !change.command) return;
      if (change.source !== 'edit' && change.source !== 'undo' && change.source !== 'redo') return;
      outbox.record(editToOps(change.command, readBox, context.current));
    },
    [outbox],
  );

  const setClass = useCallback(
    (labelId: string | null) => {
      if (!outbox || !context.current.enabled) return;
      const classes = (outbox.view() ?? []).filter((a) => a.kind === 'class');
      const [current, ...extra] = classes;
      outbox.record([
        ...classToOps(current ?? null, labelId, newCommandId()),
        ...extra.map((a) => ({ type: 'delete' as const, id: a.id })),
      ]);
    },
    [outbox],
  );

  const saveNow = useCallback(async () => {
    if (!manager || !outbox) return;
    await manager.flush();
    await outbox.sendNow();
  }, [manager, outbox]);

  const toBoxes = useCallback((list: readonly (Annotation | AnnotationState)[]): Box[] => {
    const index = new Map(context.current.labels.map((l, i) => [l.id, i]));
    const out: Box[] = [];
    for (const a of list) {
      const label = index.get(a.labelId);
      if (label === undefined || a.kind === 'class') continue;
      const box: Box = { id: a.id, x: a.x, y: a.y, width: a.width, height: a.height, label };
      if (a.points) box.points = [...a.points];
      out.push(box);
    }
    return out;
  }, []);

  const resolve = useCallback(
    (id: string, keep: 'mine' | 'theirs'): RemoteEdit => {
      const settled = outbox?.resolve(id, keep);
      if (!settled || keep === 'mine') return NONE;
      return settled.theirs ? { put: toBoxes([settled.theirs]), remove: [] } : { put: [], remove: [id] };
    },
    [outbox, toBoxes],
  );

  const dismissRejected = useCallback(
    (id: string): RemoteEdit => {
      if (!outbox?.dismiss(id)) return NONE;
      const server = outbox.serverAnnotation(id);
      return server ? { put: toBoxes([server]), remove: [] } : { put: [], remove: [id] };
    },
    [outbox, toBoxes],
  );

  const derived = useMemo(() => {
    void version;
    if (!manager || !outbox) return { conflicts: [], rejected: [], imageClass: null, unsynced: 0 };
    const imageClass =
      kind === 'class' ? ((outbox.view() ?? []).find((a) => a.kind === 'class')?.labelId ?? null) : null;
    return { conflicts: outbox.conflicts(), rejected: outbox.rejected(), imageClass, unsynced: outbox.unsynced };
  }, [manager, outbox, kind, version]);

  const annotations = loaded && loaded.outbox === outbox ? loaded.annotations : null;
  const status: SyncStatus = {
    state: syncState(annotations !== null, manager, outbox, derived),
    unsynced: derived.unsynced,
    storageWarning: manager?.journal.storageWarning ?? false,
  };
  return {
    annotations,
    status,
    imageClass: derived.imageClass,
    record,
    setClass,
    saveNow,
    conflicts: derived.conflicts,
    resolve,
    rejected: derived.rejected,
    dismissRejected,
  };
}

function syncState(
  loaded: boolean,
  manager: SyncManager | null,
  outbox: ImageOutbox | null,
  d: { conflicts: unknown[]; rejected: unknown[]; unsynced: number },
): SyncStatus['state'] {
  if (!loaded || !manager || !outbox) return 'loading';
  if (d.conflicts.length > 0) return 'conflict';
  if (d.rejected.length > 0) return 'error';
  if (!manager.online || outbox.failure === 'offline') return 'offline';
  return d.unsynced > 0 || outbox.isSending ? 'saving' : 'saved';
}
