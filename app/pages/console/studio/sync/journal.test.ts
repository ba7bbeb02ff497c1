import { IDBDatabase, IDBObjectStore, IDBTransaction } from 'fake-indexeddb';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Journal, JOURNAL_DEBOUNCE_MS, resetPersistAsked } from './journal';
import { SyncManager } from './SyncManager';
import { createFetchTransport } from './opsTransport';
import type { PendingRecord } from './syncTypes';
import { IMAGE, PROJECT, put, syncTestBed } from './testing/syncTestBed';

let bed: ReturnType<typeof syncTestBed>;
afterEach(() => {
  vi.restoreAllMocks();
  for (const m of bed.managers) m.dispose();
});

function record(id: string, userId = 'u1', imageId = IMAGE): PendingRecord {
  return { userId, projectId: PROJECT, imageId, id, seq: 1, mine: null, base: 3, state: 'pending', sent: null };
}

describe('journal', () => {
  it('writes within the debounce, keyed by user, and restores only that user', async () => {
    bed = syncTestBed();
    const j = new Journal({ clock: bed.clock, persist: () => Promise.resolve(true) });
    j.put(record('a'));
    j.put(record('b', 'u2'));
    const other = new Journal({ clock: bed.clock, persist: () => Promise.resolve(true) });
    await bed.settle();
    expect(await other.restore('u1')).toEqual([]);
    await bed.clock.advance(JOURNAL_DEBOUNCE_MS);
    expect(await other.restore('u1')).toEqual([record('a')]);
    expect((await other.restore('u2')).map((r) => r.id)).toEqual(['b']);
    j.remove(record('a'));
    await j.flush();
    expect(await other.restore('u1')).toEqual([]);
  });

  it('asks for persistent storage once per page', async () => {
    bed = syncTestBed();
    resetPersistAsked();
    const persist = vi.fn(() => Promise.resolve(true));
    const a = new Journal({ clock: bed.clock, persist });
    const b = new Journal({ clock: bed.clock, persist });
    await a.restore('u1');
    await b.restore('u1');
    expect(persist).toHaveBeenCalledTimes(1);
  });

  it('flushes at once when the page is hidden or left', async () => {
    bed = syncTestBed();
    const page = new EventTarget() as EventTarget & { document: { visibilityState: string } };
    page.document = { visibilityState: 'visible' };
    const journal = new Journal({ clock: bed.clock, persist: () => Promise.resolve(true) });
    const m = new SyncManager('u1', {
      clock: bed.clock,
      connectivity: bed.net,
      journal,
      transport: createFetchTransport({ fetch: bed.server.fetchFor('u1'), clock: bed.clock }),
      lifecycle: page as unknown as Window & { document: { visibilityState: string } },
    });
    bed.managers.push(m);
    await m.ready;
    await m.load(PROJECT, IMAGE);
    bed.net.set(false);
    const reader = new Journal({ clock: bed.clock, persist: () => Promise.resolve(true) });

    m.outbox(PROJECT, IMAGE).record([put('a')]);
    page.document.visibilityState = 'hidden';
    page.dispatchEvent(new Event('visibilitychange'));
    await bed.settle();
    expect((await reader.restore('u1')).map((r) => r.id)).toEqual(['a']);

    m.outbox(PROJECT, IMAGE).record([put('b')]);
    page.dispatchEvent(new Event('pagehide'));
    await bed.settle();
    expect((await reader.restore('u1')).map((r) => r.id)).toEqual(['a', 'b']);
  });

  it('a flush while an earlier write is still running starts and commits its transaction at once', async () => {
    // On pagehide the document may be gone before another task runs: a write that waits for the
    // previous one to finish, or for its requests to answer before committing, is lost with it.
    bed = syncTestBed();
    const j = new Journal({ clock: bed.clock, persist: () => Promise.resolve(true) });
    await j.restore('u1');
    const transaction = vi.spyOn(IDBDatabase.prototype, 'transaction');
    const commit = vi.spyOn(IDBTransaction.prototype, 'commit');
    j.put(record('a'));
    const first = j.flush();
    j.put({ ...record('a'), base: 4 });
    j.put(record('b'));
    const second = j.flush();
    expect(transaction).toHaveBeenCalledTimes(2);
    expect(commit).toHaveBeenCalledTimes(2);
    await Promise.all([first, second]);
    const reader = new Journal({ clock: bed.clock, persist: () => Promise.resolve(true) });
    // Written in the order they were made: the later state of 'a' wins.
    expect(await reader.restore('u1')).toEqual([{ ...record('a'), base: 4 }, record('b')]);
  });

  it('a quota error raises the warning and keeps every edit in memory: shown, and saved when possible', async () => {
    bed = syncTestBed();
    vi.spyOn(IDBObjectStore.prototype, 'put').mockImplementation(() => {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    });
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const m = bed.start();
    const warned = vi.fn();
    m.journal.onWarning(warned);
    await m.ready;
    await m.load(PROJECT, IMAGE);
    const outbox = m.outbox(PROJECT, IMAGE);
    bed.net.set(false);
    outbox.record([put('a'), put('b')]);
    await m.flush();
    expect(m.journal.storageWarning).toBe(true);
    expect(warned).toHaveBeenCalledTimes(1);
    outbox.record([put('a', 70)]);
    expect(outbox.view()!.map((x) => `${x.id}:${x.x}`)).toEqual(['a:70', 'b:10']);
    expect(outbox.unsynced).toBe(2);

    bed.net.set(true);
    await bed.clock.advance(0);
    await outbox.sendNow();
    expect(bed.server.image(IMAGE).annotations.get('a')).toMatchObject({ x: 70 });
    expect(outbox.unsynced).toBe(0);
  });
});
