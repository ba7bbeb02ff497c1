import { afterEach, describe, expect, it } from 'vitest';
import { Journal, JOURNAL_DEBOUNCE_MS } from './journal';
import { OPS_TIMEOUT_MS } from './opsTransport';
import { IMAGE, PROJECT, boxState, del, put, syncTestBed } from './testing/syncTestBed';

let bed: ReturnType<typeof syncTestBed>;
afterEach(() => {
  for (const m of bed.managers) m.dispose();
});

async function openImage(imageId = IMAGE) {
  const m = bed.start();
  await m.ready;
  await m.load(PROJECT, imageId);
  return { m, outbox: m.outbox(PROJECT, imageId) };
}

function appliedTimes(): number[] {
  return [...bed.server.applied.values()];
}

describe('outbox', () => {
  it('journals an edit before it goes out, then sends it and forgets it once acknowledged', async () => {
    bed = syncTestBed();
    const reader = new Journal({ clock: bed.clock, persist: () => Promise.resolve(true) });
    const journaledAtSend: unknown[][] = [];
    const serve = bed.server.fetchFor('u1');
    bed.server.fetchFor = () => async (input, init) => {
      if (init?.method === 'POST') journaledAtSend.push(await reader.restore('u1'));
      return serve(input, init);
    };
    const { outbox } = await openImage();
    outbox.record([put('a')]);
    expect(bed.server.opsRequests()).toHaveLength(0);
    await bed.clock.advance(JOURNAL_DEBOUNCE_MS);
    expect(bed.server.opsRequests()).toHaveLength(1);
    // When the request left, the edit and its frozen operation were already in IndexedDB.
    expect(journaledAtSend).toEqual([
      [
        expect.objectContaining({
          id: 'a',
          mine: boxState('a'),
          sent: expect.objectContaining({ op: expect.objectContaining({ type: 'put' }) }),
        }),
      ],
    ]);
    expect(bed.server.image(IMAGE).annotations.get('a')).toMatchObject({ x: 10, version: 1 });
    expect(outbox.unsynced).toBe(0);
    await bed.clock.advance(JOURNAL_DEBOUNCE_MS);
    expect(await reader.restore('u1')).toEqual([]);
  });

  it('a reload restores unsynced edits, shows them over the server state, and sends them once when online', async () => {
    bed = syncTestBed();
    bed.server.writeAsOther(IMAGE, { id: 's', labelId: 'L0', kind: 'box', x: 0, y: 0, width: 30, height: 30 });
    const first = await openImage();
    bed.net.set(false);
    first.outbox.record([put('a', 10)]);
    first.outbox.record([put('a', 20)]);
    first.outbox.record([put('b')]);
    first.outbox.record([del('s')]);
    await bed.clock.advance(JOURNAL_DEBOUNCE_MS);
    bed.crash(first.m);

    const second = await openImage();
    expect(second.outbox.unsynced).toBe(3);
    const view = second.outbox.view()!;
    expect(view.map((a) => `${a.id}:${a.x}`).sort()).toEqual(['a:20', 'b:10']);
    expect(bed.server.opsRequests()).toHaveLength(0);

    bed.net.set(true);
    await bed.clock.advance(0);
    await second.outbox.sendNow();
    const s = bed.server.image(IMAGE).annotations;
    expect([...s.keys()].sort()).toEqual(['a', 'b']);
    expect(s.get('a')!.x).toBe(20);
    // Three ops: two edits of 'a' coalesced into one create.
    expect(appliedTimes()).toEqual([1, 1, 1]);
    expect(second.outbox.unsynced).toBe(0);
  });

  it('offline edits of another image are sent too when the user opens a different one', async () => {
    bed = syncTestBed();
    const first = await openImage('other');
    bed.net.set(false);
    first.outbox.record([put('x')]);
    await bed.clock.advance(JOURNAL_DEBOUNCE_MS);
    bed.crash(first.m);

    bed.net.set(true);
    await openImage(IMAGE);
    await bed.clock.advance(0);
    expect(bed.server.image('other').annotations.get('x')).toMatchObject({ version: 1 });
  });

  it('a box made and deleted before it left is never sent', async () => {
    bed = syncTestBed();
    const { outbox } = await openImage();
    bed.net.set(false);
    outbox.record([put('a')]);
    outbox.record([del('a')]);
    expect(outbox.unsynced).toBe(0);
    bed.net.set(true);
    await outbox.sendNow();
    expect(bed.server.opsRequests()).toHaveLength(0);
  });

  it('a save whose answer is lost is re-sent identically and applied once', async () => {
    bed = syncTestBed();
    const { outbox } = await openImage();
    bed.server.fail('ops', 'lost');
    outbox.record([put('a'), put('b')]);
    await outbox.sendNow();
    expect(outbox.unsynced).toBe(2);
    expect(outbox.failure).toBe('offline');
    outbox.record([put('a', 30)]);
    await bed.clock.advance(60_000);
    const requests = bed.server.opsRequests();
    expect(requests.length).toBeGreaterThanOrEqual(3);
    // The retry repeats the first request word for word; the later edit follows in its own.
    expect(requests[1]).toEqual(requests[0]);
    expect(requests[2]!.ops).toEqual([expect.objectContaining({ type: 'put', baseVersion: 1 })]);
    expect(appliedTimes().every((n) => n === 1)).toBe(true);
    expect(bed.server.image(IMAGE).annotations.get('a')).toMatchObject({ x: 30, version: 2 });
    expect(outbox.unsynced).toBe(0);
  });

  it('a request with no answer is aborted after the timeout and retried', async () => {
    bed = syncTestBed();
    const { outbox } = await openImage();
    bed.server.fail('ops', 'hang');
    outbox.record([put('a')]);
    await bed.clock.advance(JOURNAL_DEBOUNCE_MS);
    expect(outbox.isSending).toBe(true);
    await bed.clock.advance(OPS_TIMEOUT_MS);
    expect(outbox.failure).toBe('timeout');
    await bed.clock.advance(60_000);
    expect(bed.server.image(IMAGE).annotations.get('a')).toMatchObject({ version: 1 });
    expect(outbox.unsynced).toBe(0);
  });

  it('retries 5xx with exponential backoff and full jitter, from the injected random', async () => {
    bed = syncTestBed();
    const { outbox } = await openImage();
    bed.clock.randomValue = 0.75;
    bed.server.fail('ops', 'error500', 4);
    outbox.record([put('a')]);
    await outbox.sendNow();
    const before = bed.clock.delays.length;
    await bed.clock.advance(120_000);
    const retries = bed.clock.delays.slice(before - 1).filter((d) => d !== OPS_TIMEOUT_MS && d !== JOURNAL_DEBOUNCE_MS);
    expect(retries).toEqual([750, 1500, 3000, 6000]);
    expect(bed.server.opsRequests()).toHaveLength(5);
    expect(outbox.unsynced).toBe(0);

    // Other draws give other waits under the same ceilings.
    bed.clock.randomValue = 0.1;
    bed.server.fail('ops', 'error500', 2);
    outbox.record([put('a', 50)]);
    await outbox.sendNow();
    const mark = bed.clock.delays.length;
    await bed.clock.advance(120_000);
    expect(bed.clock.delays.slice(mark - 1).filter((d) => d !== OPS_TIMEOUT_MS && d !== JOURNAL_DEBOUNCE_MS)).toEqual([
      100, 200,
    ]);
  });

  it('offline waits for the online event instead of spinning on timers', async () => {
    bed = syncTestBed();
    const { outbox } = await openImage();
    bed.net.set(false);
    outbox.record([put('a')]);
    await bed.clock.advance(600_000);
    expect(bed.server.opsRequests()).toHaveLength(0);
    expect(bed.clock.pendingTimers).toBe(0);
    bed.net.set(true);
    await bed.clock.advance(0);
    expect(bed.server.applied.size).toBe(1);
  });

  it('409: the conflicting edit keeps both versions, the rest is saved; keep mine re-sends over theirs', async () => {
    bed = syncTestBed();
    bed.server.writeAsOther(IMAGE, { id: 's', labelId: 'L0', kind: 'box', x: 0, y: 0, width: 30, height: 30 });
    const { outbox } = await openImage();
    const theirs = bed.server.writeAsOther(IMAGE, {
      id: 's',
      labelId: 'L1',
      kind: 'box',
      x: 5,
      y: 5,
      width: 30,
      height: 30,
    });
    outbox.record([put('s', 100), put('b')]);
    await outbox.sendNow();
    expect(outbox.conflicts()).toEqual([{ id: 's', mine: boxState('s', 100), theirs }]);
    expect(bed.server.image(IMAGE).annotations.get('b')).toMatchObject({ version: 1 });
    expect(bed.server.image(IMAGE).annotations.get('s')).toEqual(theirs);
    expect(outbox.unsynced).toBe(1);

    outbox.resolve('s', 'mine');
    await outbox.sendNow();
    expect(outbox.conflicts()).toEqual([]);
    expect(bed.server.image(IMAGE).annotations.get('s')).toMatchObject({ x: 100, labelId: 'L0', version: 3 });
    expect(appliedTimes().every((n) => n === 1)).toBe(true);
  });

  it('409 keep theirs drops mine and leaves the server as it is; a delete against a change conflicts too', async () => {
    bed = syncTestBed();
    bed.server.writeAsOther(IMAGE, { id: 's', labelId: 'L0', kind: 'box', x: 0, y: 0, width: 30, height: 30 });
    const { outbox } = await openImage();
    const theirs = bed.server.writeAsOther(IMAGE, {
      id: 's',
      labelId: 'L0',
      kind: 'box',
      x: 9,
      y: 9,
      width: 30,
      height: 30,
    });
    outbox.record([del('s')]);
    await outbox.sendNow();
    expect(outbox.conflicts()).toEqual([{ id: 's', mine: null, theirs }]);
    const settled = outbox.resolve('s', 'theirs');
    expect(settled?.theirs).toEqual(theirs);
    expect(outbox.unsynced).toBe(0);
    await outbox.sendNow();
    expect(bed.server.image(IMAGE).annotations.get('s')).toEqual(theirs);
  });

  it('a conflict whose server side already equals mine settles by itself', async () => {
    bed = syncTestBed();
    bed.server.writeAsOther(IMAGE, { id: 's', labelId: 'L0', kind: 'box', x: 0, y: 0, width: 30, height: 30 });
    const { outbox } = await openImage();
    bed.server.writeAsOther(IMAGE, { ...boxState('s', 100) });
    outbox.record([put('s', 100)]);
    await outbox.sendNow();
    expect(outbox.conflicts()).toEqual([]);
    expect(outbox.unsynced).toBe(0);
  });

  it('400s set the refused edit aside with its code; the others are saved; a new edit tries again', async () => {
    bed = syncTestBed();
    const { outbox } = await openImage();
    outbox.record([put('a'), { type: 'put', annotation: { ...boxState('tiny'), width: 5 } }, put('c', 10, 'gone')]);
    await outbox.sendNow();
    expect(
      outbox
        .rejected()
        .map((r) => [r.id, r.error])
        .sort(),
    ).toEqual([
      ['c', 'label_not_found'],
      ['tiny', 'box_invalid'],
    ]);
    expect([...bed.server.image(IMAGE).annotations.keys()]).toEqual(['a']);
    expect(outbox.unsynced).toBe(0);

    outbox.record([{ type: 'put', annotation: { ...boxState('tiny'), width: 25 } }]);
    await outbox.sendNow();
    expect(outbox.rejected().map((r) => r.id)).toEqual(['c']);
    expect(outbox.dismiss('c')).toBe(true);
    expect(outbox.rejected()).toEqual([]);
    expect([...bed.server.image(IMAGE).annotations.keys()].sort()).toEqual(['a', 'tiny']);
  });

  it('an edit with an unknown label index is refused before sending, not dropped', async () => {
    bed = syncTestBed();
    const { outbox } = await openImage();
    outbox.record([put('a', 10, '')]);
    await outbox.sendNow();
    expect(outbox.rejected()).toEqual([{ id: 'a', mine: boxState('a', 10, ''), error: 'label_not_found' }]);
    expect(bed.server.opsRequests()).toHaveLength(0);
  });

  it('sends in batches of at most the batch size, in edit order', async () => {
    bed = syncTestBed();
    const m = bed.start({ batchMax: 2 });
    await m.ready;
    await m.load(PROJECT, IMAGE);
    const outbox = m.outbox(PROJECT, IMAGE);
    outbox.record(['a', 'b', 'c', 'd', 'e'].map((id) => put(id)));
    await outbox.sendNow();
    const sent = bed.server
      .opsRequests()
      .map((r) => r.ops.map((o) => (o as unknown as { annotation: { id: string } }).annotation.id));
    expect(sent).toEqual([['a', 'b'], ['c', 'd'], ['e']]);
  });
});
