import { describe, expect, it } from 'vitest';
import { AnnotationStore } from '../AnnotationStore';
import { syntheticBoxes } from '../sources/syntheticBoxes';
import { BOX_DATA } from '../../shaders';
import { BoxBuffer } from './BoxBuffer';
import { BoxStream } from './BoxStream';

/** BoxBuffer only records GL calls it cannot make here; the CPU mirror is what we check. */
const gl = new Proxy({}, { get: () => () => ({}) }) as unknown as WebGL2RenderingContext;
/** Words per box in the data texture's mirror. */
const FLOATS = BOX_DATA.wordsPerBox;
const rectOf = (b: BoxBuffer, i: number) =>
  Array.from((b as unknown as { f32: Float32Array }).f32.slice(i * FLOATS, i * FLOATS + 4));

function setup(count: number) {
  const store = new AnnotationStore({ labels: [{ name: 'a', color: '#ff0000' }] });
  store.load(syntheticBoxes(count, 10_000, 10_000, 3, 1));
  const stream = new BoxStream(store, () => new Uint32Array([0xff0000ff]));
  stream.ensureSlots(store.slotCount);
  const buffers: [BoxBuffer, BoxBuffer] = [new BoxBuffer(gl, 16), new BoxBuffer(gl, 16)];
  return { store, stream, buffers };
}

describe('BoxStream', () => {
  it('builds a new area in chunks behind the front buffer, then swaps', () => {
    const { store, stream, buffers } = setup(20_000);
    const rect = { x: 0, y: 0, width: 10_000, height: 10_000 };
    stream.start(rect);
    expect(stream.step(buffers)).toBe(false); // 3000 of 20,000
    expect(stream.length).toBe(0);
    expect(stream.front).toBe(0);
    let steps = 1;
    while (!stream.step(buffers)) steps += 1;
    expect(steps).toBe(6);
    expect(stream.front).toBe(1);
    expect(stream.length).toBe(20_000);
    expect(buffers[1].length).toBe(20_000);
    expect(stream.rect).toEqual(rect);
    // Every streamed entry holds its box.
    const inView = stream.slotsIn({ x: 4000, y: 4000, width: 10, height: 10 });
    const direct = store.querySlots({ x: 4000, y: 4000, width: 10, height: 10 });
    expect(inView.sort()).toEqual(direct.sort());
  });

  it('rewrites only an edited box in the front, and adds a box that moved into the area', () => {
    const { store, stream, buffers } = setup(500);
    stream.start({ x: 0, y: 0, width: 5000, height: 5000 });
    while (!stream.step(buffers)) {
      /* build */
    }
    const front = buffers[stream.front];
    const inside = store.boxes().find((b) => b.x + b.width < 4000 && b.y + b.height < 4000);
    const outside = store.boxes().find((b) => b.x > 6000 && b.y > 6000);
    if (!inside || !outside) throw new Error('fixture');
    const before = front.length;
    store.preview([
      { ...inside, x: 100, y: 200 },
      { ...outside, x: 300, y: 400 },
    ]);
    stream.onSlotChanged(store.slotOf(inside.id));
    stream.onSlotChanged(store.slotOf(outside.id));
    stream.flush(front);
    expect(front.length).toBe(before + 1);
    expect(rectOf(front, before)).toEqual([300, 400, outside.width, outside.height]);
    const i = stream.slotsIn({ x: 100, y: 200, width: 1, height: 1 });
    expect(i).toContain(store.slotOf(inside.id));
  });

  it('restarts a build when boxes change during it, so the swap shows current boxes', () => {
    const { store, stream, buffers } = setup(10_000);
    stream.start({ x: 0, y: 0, width: 10_000, height: 10_000 });
    stream.step(buffers);
    const [first] = store.boxes();
    if (!first) throw new Error('fixture');
    store.preview([{ ...first, x: 1, y: 2 }]);
    stream.onSlotChanged(store.slotOf(first.id));
    while (!stream.step(buffers)) {
      /* build */
    }
    const front = buffers[stream.front];
    const slots = stream.slotsIn({ x: 1, y: 2, width: 0, height: 0 });
    expect(slots).toContain(store.slotOf(first.id));
    const idx = [...Array(front.length).keys()].find((k) => rectOf(front, k)[0] === 1 && rectOf(front, k)[1] === 2);
    expect(idx).toBeDefined();
  });

  it('with defer, queries the new area only when the deferred run comes, and writes nothing before', () => {
    const store = new AnnotationStore({ labels: [{ name: 'a', color: '#ff0000' }] });
    store.load(syntheticBoxes(1000, 10_000, 10_000, 3, 1));
    const runs: Array<() => void> = [];
    const stream = new BoxStream(
      store,
      () => new Uint32Array([0xff0000ff]),
      (run) => runs.push(run),
    );
    stream.ensureSlots(store.slotCount);
    const buffers: [BoxBuffer, BoxBuffer] = [new BoxBuffer(gl, 16), new BoxBuffer(gl, 16)];
    stream.start({ x: 0, y: 0, width: 10_000, height: 10_000 });
    expect(stream.building).toBe(true);
    expect(stream.step(buffers)).toBe(false);
    expect(buffers[1].length).toBe(0);
    // A newer area replaces the first before its query ran: only the newer one is queried.
    stream.start({ x: 0, y: 0, width: 5000, height: 5000 });
    runs.forEach((run) => run());
    while (!stream.step(buffers)) {
      /* build */
    }
    expect(stream.rect).toEqual({ x: 0, y: 0, width: 5000, height: 5000 });
    expect(stream.length).toBe(store.querySlots({ x: 0, y: 0, width: 5000, height: 5000 }, []).length);
  });

  it('counts boxes in view up to one past the limit, and knows its widest box', () => {
    const { store, stream, buffers } = setup(2000);
    stream.start({ x: 0, y: 0, width: 10_000, height: 10_000 });
    while (!stream.step(buffers)) {
      /* build */
    }
    const view = { x: 2000, y: 2000, width: 3000, height: 3000 };
    const exact = store.querySlots(view, []).length;
    expect(stream.countIn(view, 10_000)).toBe(exact);
    expect(stream.countIn(view, 5)).toBe(6);
    expect(stream.maxWidth).toBe(Math.max(...store.boxes().map((b) => b.width)));
    // An edit that widens a box raises it.
    const [first] = store.boxes();
    if (!first) throw new Error('fixture');
    store.preview([{ ...first, width: 5000 }]);
    stream.onSlotChanged(store.slotOf(first.id));
    stream.flush(buffers[stream.front]);
    expect(stream.maxWidth).toBe(5000);
  });
});

describe('BoxBuffer', () => {
  /** A GL stand-in that records texSubImage2D's x, y, width, height and source offset. */
  function recordingGl() {
    const uploads: number[][] = [];
    const fake = new Proxy({} as Record<string, unknown>, {
      get: (_t, key) =>
        key === 'texSubImage2D'
          ? (
              _target: number,
              _level: number,
              x: number,
              y: number,
              w: number,
              h: number,
              _f: number,
              _type: number,
              _src: unknown,
              offset: number,
            ) => uploads.push([x, y, w, h, offset])
          : () => ({}),
    });
    return { gl: fake as unknown as WebGL2RenderingContext, uploads };
  }

  it('uploads a dirty range as a partial row, whole rows and a partial row, from the right offsets', () => {
    const { gl: rec, uploads } = recordingGl();
    const rowBoxes = BOX_DATA.rowTexels / BOX_DATA.texelsPerBox;
    const b = new BoxBuffer(rec, 4 * rowBoxes);
    b.flush(); // the first flush allocates the whole texture
    for (let i = rowBoxes - 2; i < 3 * rowBoxes + 3; i++) b.set(i, i, 0, 1, 1, 0xff0000ff, 0, 0, false);
    b.markDirty(rowBoxes - 2, 3 * rowBoxes + 3);
    b.flush();
    const t = BOX_DATA.texelsPerBox;
    expect(uploads).toEqual([
      [(rowBoxes - 2) * t, 0, 2 * t, 1, (rowBoxes - 2) * FLOATS],
      [0, 1, BOX_DATA.rowTexels, 2, rowBoxes * FLOATS],
      [0, 3, 3 * t, 1, 3 * rowBoxes * FLOATS],
    ]);
    expect(b.lastUploadBytes).toBe((2 * rowBoxes + 5) * FLOATS * 4);
  });

  it('keeps the colour bytes in R, G, B, A order, and flags beside the label', () => {
    const b = new BoxBuffer(gl, 4);
    b.set(1, 0, 0, 1, 1, 0x11223344, 5, 300);
    const u32 = (b as unknown as { u32: Uint32Array }).u32;
    const bytes = new Uint8Array(u32.buffer, (FLOATS + 4) * 4, 8);
    expect(Array.from(bytes)).toEqual([0x11, 0x22, 0x33, 0x44, 5, 0, 300 & 255, 300 >> 8]);
    expect(b.flags(1)).toBe(5);
    b.setFlags(1, 2);
    expect(b.flags(1)).toBe(2);
    expect(u32[FLOATS + 5]! >>> 16).toBe(300);
  });
});
