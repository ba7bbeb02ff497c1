/**
 * Stable GPU slots for boxes: each box keeps one slot (an instance index) for as long as it
 * exists; freed slots are reused. Holds the per-slot instance data the renderer uploads:
 * `rects` (x, y, width, height as float32) and `labels` (label index, -1 for a free slot).
 */
import type { Box } from './types';

/** Slot allocation and per-slot instance arrays (see the file comment). */
export class BoxSlots {
  private readonly slotById = new Map<string, number>();
  private idBySlot: (string | undefined)[] = [];
  private free: number[] = [];
  private used = 0;
  private rectData = new Float32Array(4 * 256);
  private labelData = new Int32Array(256).fill(-1);
  /** 1 where the slot's box is a polygon (drawn by the polygon layer, not as a rectangle). */
  private shapeData = new Uint8Array(256);
  /** Set when the arrays were reallocated; the owner clears it. */
  grew = false;

  /** Slots in use, free ones included (the high-water mark): the instance count to draw. */
  get count(): number {
    return this.used;
  }

  get rects(): Float32Array {
    return this.rectData;
  }

  get labels(): Int32Array {
    return this.labelData;
  }

  /** 1 per polygon slot, else 0. */
  get shapes(): Uint8Array {
    return this.shapeData;
  }

  slotOf(id: string): number {
    return this.slotById.get(id) ?? -1;
  }

  idAt(slot: number): string | undefined {
    return this.idBySlot[slot];
  }

  /** The slot of `id`, allocating one (a freed slot first) if it has none. */
  assign(id: string): number {
    let slot = this.slotById.get(id);
    if (slot === undefined) {
      slot = this.free.pop() ?? this.used++;
      this.ensureCapacity(this.used);
      this.slotById.set(id, slot);
      this.idBySlot[slot] = id;
    }
    return slot;
  }

  /** Writes a box's instance data into its slot; a hidden box gets label -1 (drawn as free). */
  write(slot: number, box: Readonly<Box>, hidden = false): void {
    const r = this.rectData;
    r[4 * slot] = box.x;
    r[4 * slot + 1] = box.y;
    r[4 * slot + 2] = box.width;
    r[4 * slot + 3] = box.height;
    this.labelData[slot] = hidden ? -1 : box.label;
    this.shapeData[slot] = box.points ? 1 : 0;
  }

  /** Frees the slot of `id` (zeroed, label -1); returns it, or -1 when `id` had none. */
  release(id: string): number {
    const slot = this.slotById.get(id);
    if (slot === undefined) return -1;
    this.slotById.delete(id);
    this.idBySlot[slot] = undefined;
    this.rectData.fill(0, 4 * slot, 4 * slot + 4);
    this.labelData[slot] = -1;
    this.shapeData[slot] = 0;
    this.free.push(slot);
    return slot;
  }

  /** Forgets every slot; the next `count` assignments get slots 0, 1, 2, … */
  reset(count = 0): void {
    this.slotById.clear();
    this.idBySlot = [];
    this.free = [];
    this.used = 0;
    this.ensureCapacity(count);
    this.rectData.fill(0);
    this.labelData.fill(-1);
    this.shapeData.fill(0);
  }

  private ensureCapacity(slots: number): void {
    if (slots <= this.labelData.length) return;
    let cap = this.labelData.length;
    while (cap < slots) cap *= 2;
    const rects = new Float32Array(4 * cap);
    rects.set(this.rectData);
    const labels = new Int32Array(cap).fill(-1);
    labels.set(this.labelData);
    const shapes = new Uint8Array(cap);
    shapes.set(this.shapeData);
    this.rectData = rects;
    this.labelData = labels;
    this.shapeData = shapes;
    this.grew = true;
  }
}
