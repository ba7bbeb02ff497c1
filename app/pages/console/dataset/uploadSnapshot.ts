import { FINAL_STATES, type UploadItem, type UploadSnapshot, type UploadState } from './uploadTypes';

const BEFORE_SERVER: readonly UploadState[] = ['checking', 'duplicate', 'queued', 'uploading'];

/** What the panel shows of the queue: copies of the rows and the counts over them. */
export function snapshotOf(items: readonly UploadItem[], serverChanges: number): UploadSnapshot {
  const counted = items.filter((i) => i.state !== 'canceled' && i.state !== 'skipped');
  const total = counted.reduce((sum, i) => sum + i.bytes, 0);
  const loaded = counted.reduce((sum, i) => sum + i.loaded, 0);
  const count = (state: UploadState) => items.filter((i) => i.state === state).length;
  return {
    items: items.map((i) => ({ ...i })),
    overall: total === 0 ? 0 : loaded / total,
    sending: items.some((i) => BEFORE_SERVER.includes(i.state)),
    settled: items.every((i) => FINAL_STATES.includes(i.state)),
    doneCount: count('ready'),
    failedCount: count('failed'),
    skippedCount: count('skipped'),
    totalCount: counted.length,
    duplicates: items.filter((i) => i.state === 'duplicate').map((i) => ({ ...i })),
    serverChanges,
  };
}
