/**
 * The assist point off the main thread: proposeRegion on a window of pixels around a click.
 * The window arrives transferred and stays here, so a negative click on the same object sends
 * only the points (`window` null) instead of 4 MiB again.
 */
import { expose } from 'comlink';
import {
  proposeRegion,
  type AssistSeeds,
  type ProposeOptions,
  type RegionProposal,
  type RgbaWindow,
} from '../engine/assist/proposeRegion';

let current: RgbaWindow | null = null;

const api = {
  /**
   * The region around `seeds` (window px) in `window`, or in the window last sent when
   * `window` is null, with the time it took here. Rejects with the code `assist_no_window`
   * when there is no window yet.
   */
  propose(
    window: RgbaWindow | null,
    seeds: AssistSeeds,
    options?: ProposeOptions,
  ): { proposal: RegionProposal | null; ms: number } {
    if (window) current = window;
    if (!current) throw new Error('assist_no_window');
    const t0 = performance.now();
    const proposal = proposeRegion(current, seeds, options);
    return { proposal, ms: performance.now() - t0 };
  },
};

expose(api);

/** The comlink API of assistPoint.worker.ts. */
export type AssistPointWorkerApi = typeof api;
