import { afterEach, describe, expect, it } from 'vitest';
import { PREFETCH_FRESH_MS } from './SyncManager';
import { IMAGE, PROJECT, put, syncTestBed } from './testing/syncTestBed';

let bed: ReturnType<typeof syncTestBed>;
afterEach(() => bed.managers.forEach((m) => m.dispose()));

const other = { labelId: 'L1', kind: 'box' as const, y: 0, width: 30, height: 30 };

function gets(): number {
  return bed.server.requests.filter((r) => r.kind === 'annotations' && r.method === 'GET').length;
}

describe('SyncManager load path', () => {
  it('opens a prefetched image from the prefetched state, without another GET', async () => {
    bed = syncTestBed();
    bed.server.writeAsOther(IMAGE, { id: 's', x: 0, ...other });
    const m = bed.start();
    m.prefetch(PROJECT, IMAGE);
    await bed.clock.advance(0);
    expect(gets()).toBe(1);
    await m.load(PROJECT, IMAGE);
    expect(gets()).toBe(1);
    expect(m.outbox(PROJECT, IMAGE).view()).toEqual([expect.objectContaining({ id: 's' })]);
  });

  it('fetches again when the prefetched state is older than a revision this user already saved', async () => {
    bed = syncTestBed();
    const m = bed.start();
    await m.load(PROJECT, IMAGE);
    m.prefetch(PROJECT, IMAGE);
    await bed.clock.advance(0);
    const outbox = m.outbox(PROJECT, IMAGE);
    outbox.record([put('a')]);
    await bed.clock.advance(1_000);
    expect(outbox.unsynced).toBe(0);
    const before = gets();
    await m.load(PROJECT, IMAGE);
    expect(gets()).toBe(before + 1);
    expect(outbox.view()).toEqual([expect.objectContaining({ id: 'a' })]);
  });

  it('fetches again once the prefetched state is older than PREFETCH_FRESH_MS', async () => {
    bed = syncTestBed();
    const m = bed.start();
    m.prefetch(PROJECT, IMAGE);
    await bed.clock.advance(0);
    bed.server.writeAsOther(IMAGE, { id: 'late', x: 5, ...other });
    await bed.clock.advance(PREFETCH_FRESH_MS);
    await m.load(PROJECT, IMAGE);
    expect(gets()).toBe(2);
    expect(m.outbox(PROJECT, IMAGE).view()).toEqual([expect.objectContaining({ id: 'late' })]);
  });

  it('applies unsynced edits on top of the prefetched state', async () => {
    bed = syncTestBed();
    bed.server.writeAsOther(IMAGE, { id: 's', x: 0, ...other });
    const m = bed.start();
    m.prefetch(PROJECT, IMAGE);
    await bed.clock.advance(0);
    bed.net.set(false);
    m.outbox(PROJECT, IMAGE).record([put('mine', 50), put('s', 70)]);
    await m.load(PROJECT, IMAGE);
    expect(gets()).toBe(1);
    const view = m.outbox(PROJECT, IMAGE).view() ?? [];
    expect(view.map((a) => [a.id, a.x]).sort()).toEqual([
      ['mine', 50],
      ['s', 70],
    ]);
    expect(m.outbox(PROJECT, IMAGE).unsynced).toBe(2);
  });

  it('gives another image as this user sees it (unsynced edits on top), loading it once', async () => {
    bed = syncTestBed();
    bed.server.writeAsOther(IMAGE, { id: 's', x: 0, ...other });
    const m = bed.start();
    await m.load(PROJECT, IMAGE);
    bed.net.set(false);
    m.outbox(PROJECT, IMAGE).record([put('mine', 50)]);
    const seen = await m.annotationsOf(PROJECT, IMAGE);
    expect(gets()).toBe(1);
    expect(seen.map((a) => a.id).sort()).toEqual(['mine', 's']);
  });
});
