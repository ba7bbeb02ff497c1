/** One label to show: its text, colour, and the top-left corner of its box in CSS pixels. */
export interface LabelItem {
  text: string;
  color: string;
  x: number;
  y: number;
}

/**
 * Label names next to the few boxes large enough to read, as plain DOM over the canvas: text
 * stays crisp at any DPR and costs no glyph atlas. Spans are pooled and only touched when their
 * text, colour or position changed, so an unchanged frame writes nothing to the DOM. They sit
 * in one layer that a pan moves as a whole (`setOffset`): one compositor layer and one style
 * write per frame, however many labels are shown.
 */
export class LabelOverlay {
  readonly element: HTMLDivElement;
  private readonly layer: HTMLDivElement;
  private offset = { x: 0, y: 0 };
  private readonly spans: HTMLSpanElement[] = [];
  private readonly shown: Array<{ text: string; color: string; x: number; y: number } | null> = [];

  constructor(container: HTMLElement) {
    const doc = container.ownerDocument;
    const el = doc.createElement('div');
    el.setAttribute('aria-hidden', 'true');
    el.dataset.engineLabels = '';
    Object.assign(el.style, { position: 'absolute', inset: '0', overflow: 'hidden', pointerEvents: 'none', contain: 'strict' });
    const layer = doc.createElement('div');
    Object.assign(layer.style, { position: 'absolute', left: '0', top: '0', willChange: 'transform' });
    el.appendChild(layer);
    container.appendChild(el);
    this.element = el;
    this.layer = layer;
  }

  /** Moves every label by (x, y) CSS px from where `update` placed it. */
  setOffset(x: number, y: number): void {
    if (x === this.offset.x && y === this.offset.y) return;
    this.offset = { x, y };
    this.layer.style.transform = x === 0 && y === 0 ? '' : `translate(${x}px, ${y}px)`;
  }

  /** Shows `items` (at most as many as the caller allows) and hides the rest of the pool; resets the offset. */
  update(items: readonly LabelItem[]): void {
    this.setOffset(0, 0);
    const doc = this.element.ownerDocument;
    for (let i = 0; i < items.length; i++) {
      const item = items[i];
      if (!item) continue;
      let span = this.spans[i];
      if (!span) {
        span = doc.createElement('span');
        Object.assign(span.style, {
          position: 'absolute', left: '0', top: '0', whiteSpace: 'nowrap', font: '600 11px/16px system-ui, sans-serif',
          color: '#fff', padding: '0 4px', borderRadius: '2px',
        });
        this.layer.appendChild(span);
        this.spans.push(span);
        this.shown.push(null);
      }
      const prev = this.shown[i];
      if (prev?.text !== item.text) span.textContent = item.text;
      if (prev?.color !== item.color) span.style.background = item.color;
      const x = Math.round(item.x);
      // Above the box's top edge; inside it when the box touches the canvas top.
      const y = Math.round(item.y >= 16 ? item.y - 16 : item.y);
      if (prev?.x !== x || prev.y !== y) span.style.transform = `translate(${x}px, ${y}px)`;
      if (!prev) span.style.display = '';
      this.shown[i] = { text: item.text, color: item.color, x, y };
    }
    for (let i = items.length; i < this.spans.length; i++) {
      if (this.shown[i]) {
        const span = this.spans[i];
        if (span) span.style.display = 'none';
        this.shown[i] = null;
      }
    }
  }

  /** Labels currently shown (for tests). */
  get count(): number {
    return this.shown.filter(Boolean).length;
  }

  dispose(): void {
    this.element.remove();
    this.spans.length = 0;
    this.shown.length = 0;
  }
}
