import type { Annotation, AnnotationKind, AnnotationOp, AnnotationWrite } from '../../../../../contract/apiAnnotations';
import type { ApiClientErrorCode } from '../../../../api/ApiRequestError';

/** One annotation's full state as written: what a `put` operation carries. */
export type AnnotationState = AnnotationWrite & { id: string };

/** What one edit asks of one annotation: be exactly this (`put`), or be gone (`delete`). */
export type OpDraft = { type: 'put'; annotation: AnnotationState } | { type: 'delete'; id: string };

/** The studio's project kind as the save layer sees it (polygons are written as 'polygon'). */
export type ProjectAnnotationKind = AnnotationKind;

/** Whose journal and which image. */
export interface ImageKey {
  userId: string;
  projectId: string;
  imageId: string;
}

/**
 * One annotation with unsynced edits (the journal's unit). Edits of one annotation coalesce: the
 * record holds the state the user wants now (`mine`) and the server version that state builds
 * on (`base`), so ten nudges of one box are one operation. An operation once sent is frozen in
 * `sent` and re-sent identically until the server answers it.
 */
export interface PendingRecord extends ImageKey {
  /** The annotation's id. */
  id: string;
  /** Sequence number of the latest edit to this annotation (per image, increasing). */
  seq: number;
  /** The wanted state; null: deleted. */
  mine: AnnotationState | null;
  /** The server version `mine` builds on; null: not on the server (a create). */
  base: number | null;
  /** 'pending': to send (or sent); 'conflict': the server changed it meanwhile; 'rejected': refused. */
  state: 'pending' | 'conflict' | 'rejected';
  /** The operation sent and not yet answered, with the `seq` it was made at. */
  sent: { op: AnnotationOp; seq: number } | null;
  /** 'conflict': the server's annotation (null: deleted there). */
  theirs?: Annotation | null;
  /** 'rejected': why (an API error code; the UI shows `errors:<code>`). */
  error?: ApiClientErrorCode;
}

/** A conflict the studio shows: both versions of one annotation. */
export interface StudioConflict {
  id: string;
  /** My version (null: I deleted it). */
  mine: AnnotationState | null;
  /** The server's version (null: deleted there). */
  theirs: Annotation | null;
}

/** An edit the server refused (a box too small, a label removed meanwhile, …), kept until dismissed. */
export interface StudioRejected {
  id: string;
  mine: AnnotationState | null;
  error: ApiClientErrorCode;
}

/** The save state the indicator shows. */
export interface SyncStatus {
  state: 'loading' | 'saved' | 'saving' | 'offline' | 'conflict' | 'error';
  /** Edits not on the server yet (pending, being sent, or in conflict). */
  unsynced: number;
  /** The journal could not use IndexedDB: edits live in this tab's memory only. */
  storageWarning: boolean;
}

export function recordKey(r: ImageKey & { id: string }): string {
  return `${imageKeyString(r)}\u0000${r.id}`;
}

export function imageKeyString(k: ImageKey): string {
  return `${k.userId}\u0000${k.projectId}\u0000${k.imageId}`;
}
