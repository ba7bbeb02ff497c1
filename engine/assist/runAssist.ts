/**
 * The assist point's glue for the app, in one call: `attachAssist(engine, { service })` answers
 * every `assistRequest` of the engine — the window of the level in view around the first
 * positive point (collectWindow), the worker's proposeRegion, and `engine.setProposal` with the
 * result mapped back to image px. Answers to superseded requests are dropped; a negative click
 * on the same object reuses the window the worker already holds.
 */
import type { AssistRequest, ProposalShape } from '../tools/AssistTool';
import type { EngineErrorCode, TileSource, View } from '../types';
import { EngineError } from '../types';
import { isAbortError } from '../../contract/isAbortError';
import { collectWindow, levelInView, pointsToImage, toWindow, type CollectedWindow } from './collectWindow';
import type { AssistSeeds, ProposeOptions, RegionProposal, RgbaWindow } from './proposeRegion';

/** The worker side (workers/clients.ts `assistPointWorker()` implements it over comlink). */
export interface AssistService {
  /** proposeRegion on `window` (transferred), or on the worker's last window when null. */
  propose(
    window: RgbaWindow | null,
    seeds: AssistSeeds,
    options?: ProposeOptions,
  ): Promise<{ proposal: RegionProposal | null; ms: number }>;
}

/** What attachAssist needs of the engine (a subset of `Engine`). */
export interface AssistEngine {
  on(type: 'assistRequest', listener: (request: AssistRequest) => void): () => void;
  getView(): View;
  getSource(): TileSource | null;
  setProposal(shape: ProposalShape | null): void;
}

/** Where a window lies in the image. */
type Placement = Pick<CollectedWindow, 'origin' | 'scale'>;

/** Timings of one answered request (for the benchmark and diagnostics). */
export interface AssistTiming {
  /** Collecting the window (0 when the worker's window was reused). */
  collectMs: number;
  /** proposeRegion in the worker. */
  proposeMs: number;
  /** From the request to setProposal. */
  totalMs: number;
}

export interface AttachAssistOptions {
  service: AssistService;
  /** Device pixel ratio used to pick the level in view (default `devicePixelRatio`). */
  dpr?: () => number;
  proposeOptions?: ProposeOptions;
  /** A window could not be collected (tile or decode error). */
  onError?: (code: EngineErrorCode) => void;
  onTiming?: (timing: AssistTiming) => void;
}

/** Answers the engine's assist requests until the returned function is called. */
export function attachAssist(engine: AssistEngine, options: AttachAssistOptions): () => void {
  let latest = 0;
  let controller: AbortController | null = null;
  /** The window the worker holds, and for which source and first positive point. */
  let held: { source: TileSource; level: number; key: string; placed: Placement } | null = null;
  const dpr = options.dpr ?? (() => globalThis.devicePixelRatio || 1);

  async function answer(request: AssistRequest): Promise<void> {
    const id = ++latest;
    controller?.abort();
    const abort = new AbortController();
    controller = abort;
    const t0 = performance.now();
    const source = engine.getSource();
    const anchor = request.positives[0];
    if (!source || !anchor) return;
    const level = levelInView(source.info, engine.getView(), dpr());
    const key = `${anchor.x},${anchor.y}`;
    let window: RgbaWindow | null = null;
    let placed: Placement;
    if (held && held.source === source && held.level === level && held.key === key) {
      placed = held.placed;
    } else {
      held = null;
      const collected = await collectWindow(source, level, anchor, { signal: abort.signal });
      placed = { origin: collected.origin, scale: collected.scale };
      window = collected.window;
    }
    const collectMs = performance.now() - t0;
    if (id !== latest) return;
    const seeds: AssistSeeds = {
      positives: request.positives.map((p) => toWindow(p, placed)),
      negatives: request.negatives.map((p) => toWindow(p, placed)),
    };
    const result = await options.service.propose(window, seeds, options.proposeOptions);
    // The worker now holds this window (its buffer was transferred there).
    if (window) held = { source, level, key, placed };
    if (id !== latest) return;
    const p = result.proposal;
    engine.setProposal(
      p
        ? {
            box: {
              x: placed.origin.x + p.box.x * placed.scale,
              y: placed.origin.y + p.box.y * placed.scale,
              width: p.box.width * placed.scale,
              height: p.box.height * placed.scale,
            },
            points: pointsToImage(p.points, placed),
          }
        : null,
    );
    options.onTiming?.({ collectMs, proposeMs: result.ms, totalMs: performance.now() - t0 });
  }

  const off = engine.on('assistRequest', (request) => {
    answer(request).catch((e: unknown) => {
      if (isAbortError(e)) return;
      held = null;
      engine.setProposal(null);
      options.onError?.(e instanceof EngineError ? e.code : 'tile_load_failed');
    });
  });
  return () => {
    off();
    latest += 1;
    controller?.abort();
  };
}
