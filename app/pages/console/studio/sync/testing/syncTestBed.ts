import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { Journal } from '../journal';
import { createFetchTransport } from '../opsTransport';
import { SyncManager } from '../SyncManager';
import type { AnnotationState, OpDraft } from '../syncTypes';
import { FakeAnnotationServer } from './FakeAnnotationServer';
import { FakeClock, FakeConnectivity, settle } from './FakeClock';

export const PROJECT = 'p1';
export const IMAGE = 'img1';

/** A fresh IndexedDB, fake clock, connectivity and server; `start()` makes a manager as a page load would. */
export function syncTestBed(userId = 'u1') {
  globalThis.indexedDB = new IDBFactory();
  const clock = new FakeClock();
  const net = new FakeConnectivity();
  const server = new FakeAnnotationServer(clock);
  const managers: SyncManager[] = [];
  let n = 0;
  function start(options: { journal?: Journal; batchMax?: number } = {}): SyncManager {
    const m = new SyncManager(userId, {
      clock,
      connectivity: net,
      journal: options.journal ?? new Journal({ clock, persist: () => Promise.resolve(true) }),
      transport: createFetchTransport({ fetch: server.fetchFor(userId), clock }),
      newId: () => `op-${userId}-${String(++n).padStart(4, '0')}-${Math.random().toString(36).slice(2, 8)}`,
      ...(options.batchMax === undefined ? {} : { batchMax: options.batchMax }),
    });
    managers.push(m);
    return m;
  }
  /** Ends a page without a goodbye (a crash or a closed tab): timers stop, nothing more is written. */
  function crash(m: SyncManager): void {
    m.dispose();
  }
  return { clock, net, server, start, crash, settle, managers };
}

export function put(id: string, x = 10, labelId = 'L0'): OpDraft {
  return { type: 'put', annotation: boxState(id, x, labelId) };
}

export function boxState(id: string, x = 10, labelId = 'L0'): AnnotationState {
  return { id, labelId, kind: 'box', x, y: 10, width: 40, height: 40 };
}

export function del(id: string): OpDraft {
  return { type: 'delete', id };
}
