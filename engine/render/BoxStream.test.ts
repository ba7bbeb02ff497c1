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
const rectOf = (b: BoxBuffer, i: number) => Array.from((b as unknown as { f32: Float32Array }).f32.slice(i * FLOATS, i * FLOATS + 4));

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
    while (!stream.step(buffers)) { /* build */ }
    const front = buffers[stream.front];
    const inside = store.boxes().find((b) => b.x + b.width < 4000 && b.y + b.height < 4000);
    const outside = store.boxes().find((b) => b.x > 6000 && b.y > 6000);
    if (!inside || !outside) throw new Error('fixture');
    const before = front.length;
    store.preview([{ ...inside, x: 100, y: 200 }, { ...outside, x: 300, y: 400 }]);
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
    while (!stream.step(buffers)) { /* build */ }
    const front = buffers[stream.front];
    const slots = stream.slotsIn({ x: 1, y: 2, width: 0, height: 0 });
    expect(slots).toContain(store.slotOf(first.id));
    const idx = [...Array(front.length).keys()].find((k) => rectOf(front, k)[0] === 1 && rectOf(front, k)[1] === 2);
    expect(idx).toBeDefined();
  });
});
