import type { View } from '../../../engine';

/** What the benchmark driver needs from a viewer page (ours and OpenSeadragon alike). */
export interface BenchSubject {
  name: 'ours' | 'openseadragon';
  /** Shows `view` (image px at the canvas centre, CSS px per image px) at once, no animation. */
  setView(view: View): void;
  /** Whether every tile of the level the view needs is on screen. */
  isSharp(): boolean;
  /** Tiles that reached the screen (uploaded or drawn). */
  tilesUsed(): number;
  errors(): number;
  stats?(): Record<string, number>;
  setContrast?(contrast: number): void;
  whenIdle?(): Promise<void>;
}

declare global {
  interface Window {
    subject?: BenchSubject;
  }
}
