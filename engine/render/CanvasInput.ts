import type { EngineCore } from '../EngineCore';
import type { PointerInput, Vec2 } from '../types';

/** Pixels per wheel "line" and "page" (WheelEvent.deltaMode 1 and 2), as browsers scroll. */
const LINE_PX = 16;
const PAGE_PX = 800;

/**
 * DOM input → EngineCore: pointer events with capture (a drag keeps going outside the canvas),
 * wheel zoom about the cursor, keys while the canvas has focus (tool keys, and Ctrl/⌘+Z,
 * Ctrl/⌘+Shift+Z or Ctrl+Y for undo/redo) unless `keys` is false (the app binds its own). Positions are CSS px from the canvas's top left.
 */
export class CanvasInput {
  /** The pointer over the canvas (CSS px), or null when it left: the crosshair follows it. */
  hover: Vec2 | null = null;
  private readonly listeners: Array<[string, EventListener, AddEventListenerOptions?]>;

  constructor(
    private readonly canvas: HTMLCanvasElement,
    private readonly core: EngineCore,
    private readonly onHover: () => void,
    keys = true,
  ) {
    if (!canvas.hasAttribute('tabindex')) canvas.tabIndex = 0;
    canvas.style.touchAction = 'none';
    this.listeners = [
      ['pointerdown', this.down as EventListener],
      ['pointermove', this.move as EventListener],
      ['pointerup', this.up as EventListener],
      ['pointercancel', this.cancel as EventListener],
      ['pointerleave', this.leave as EventListener],
      ['wheel', this.wheel as EventListener, { passive: false }],
      ...(keys ? [['keydown', this.key as EventListener] as [string, EventListener]] : []),
      ['contextmenu', ((e: Event) => e.preventDefault()) as EventListener],
    ];
    for (const [type, fn, opts] of this.listeners) canvas.addEventListener(type, fn, opts);
  }

  private input(e: PointerEvent): PointerInput {
    const r = this.canvas.getBoundingClientRect();
    return {
      x: e.clientX - r.left,
      y: e.clientY - r.top,
      button: e.button,
      buttons: e.buttons,
      shiftKey: e.shiftKey,
      ctrlKey: e.ctrlKey,
      metaKey: e.metaKey,
      altKey: e.altKey,
      pointerId: e.pointerId,
      time: e.timeStamp,
    };
  }

  private readonly down = (e: PointerEvent): void => {
    this.canvas.focus({ preventScroll: true });
    this.canvas.setPointerCapture(e.pointerId);
    if (e.button === 1) e.preventDefault(); // no auto-scroll on middle-button pan
    this.core.pointerDown(this.input(e));
  };

  private readonly move = (e: PointerEvent): void => {
    const p = this.input(e);
    this.hover = { x: p.x, y: p.y };
    this.core.pointerMove(p);
    this.onHover();
  };

  private readonly up = (e: PointerEvent): void => {
    if (this.canvas.hasPointerCapture(e.pointerId)) this.canvas.releasePointerCapture(e.pointerId);
    this.core.pointerUp(this.input(e));
  };

  private readonly cancel = (): void => {
    this.core.pointerCancel();
  };

  private readonly leave = (): void => {
    this.hover = null;
    this.onHover();
  };

  private readonly wheel = (e: WheelEvent): void => {
    e.preventDefault();
    const r = this.canvas.getBoundingClientRect();
    const scale = e.deltaMode === 1 ? LINE_PX : e.deltaMode === 2 ? PAGE_PX : 1;
    // Ctrl+wheel is a trackpad pinch: its deltas are small, so they get a stronger factor.
    const delta = e.deltaY * scale * (e.ctrlKey ? 4 : 1);
    this.core.wheel({ x: e.clientX - r.left, y: e.clientY - r.top }, delta);
  };

  private readonly key = (e: KeyboardEvent): void => {
    const mod = e.ctrlKey || e.metaKey;
    const k = e.key.toLowerCase();
    if (mod && (k === 'z' || k === 'y')) {
      if (k === 'y' || e.shiftKey) this.core.redo();
      else this.core.undo();
      e.preventDefault();
      return;
    }
    const handled = this.core.keyDown({
      key: e.key,
      shiftKey: e.shiftKey,
      ctrlKey: e.ctrlKey,
      metaKey: e.metaKey,
      altKey: e.altKey,
    });
    if (handled) e.preventDefault();
  };

  dispose(): void {
    for (const [type, fn, opts] of this.listeners) this.canvas.removeEventListener(type, fn, opts);
  }
}
