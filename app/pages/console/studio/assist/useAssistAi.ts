import { transfer } from 'comlink';
import { useCallback, useEffect, useMemo, useRef, useState, type RefObject } from 'react';
import type { Model } from '../../../../../contract/apiModels';
import { isAbortError } from '../../../../../contract/isAbortError';
import {
  clipToImage,
  collectRegion,
  levelInView,
  regionLevel,
  visibleImageRect,
  type Engine,
  type ModelProposal,
} from '../../../../../engine';
import { assistAiWorker } from '../../../../../workers/clients';
import { isApiRequestError } from '../../../../api/ApiRequestError';
import { assistApi } from './assistApi';
import { outputLabels, proposalToBox, toProposals, type ClassProposal } from './assistProposals';

/** Longest side of the region sent to the model, level px (a coarser level is read past it). */
export const REGION_MAX_SIDE = 2048;
/** Lowest score the worker returns; the panel's slider filters above it. */
export const MIN_SCORE = 0.05;
export const DEFAULT_THRESHOLD = 0.5;

/** Why a run failed (the panel shows `assist:errors.<code>`). */
export type AssistAiError =
  'offline' | 'download_failed' | 'model_invalid' | 'backend_failed' | 'pixels_failed' | 'nothing_in_view' | 'failed';

export type AssistAiState =
  | { status: 'idle' }
  | { status: 'loading' | 'running' }
  | {
      status: 'done';
      task: string;
      proposals: ModelProposal[];
      classes: ClassProposal[];
      backend: string;
      /** In the worker (resize and model runs). */
      ms: number;
      /** From the run to the answer: reading the pixels in view, the worker, the transfers (not the model's download). */
      totalMs: number;
      tiles: number;
    }
  | { status: 'error'; code: AssistAiError };

export interface AssistAiOptions {
  engine: Engine | null;
  projectId: string;
  imageId: string;
  model: Model | null;
  labels: readonly { id: string }[];
  stage: RefObject<HTMLElement | null>;
  /** Classification: the accepted class becomes the image's class. */
  onAcceptClass: (labelId: string) => void;
}

export interface AssistAi {
  state: AssistAiState;
  /** Proposals at or above the threshold (the ones drawn). */
  shown: ModelProposal[];
  threshold: number;
  setThreshold: (value: number) => void;
  focus: string | null;
  setFocus: (id: string | null) => void;
  run: () => void;
  accept: (id: string) => void;
  reject: (id: string) => void;
  acceptShown: () => void;
  acceptClass: (labelId: string) => void;
  clear: () => void;
}

/**
 * The assist AI of one studio page: `run` reads the pixels in view (the level in view, or a
 * coarser one for a huge view), runs the project's assist model in a worker (the zip fetched once
 * per model and kept there) and shows its boxes dashed; accepting adds them through the engine
 * (one undoable command, journaled and saved like a drawn box). Proposals are view state: they
 * go with the image, and nothing is written until accepted.
 */
export function useAssistAi(options: AssistAiOptions): AssistAi {
  const { engine, projectId, imageId, model, labels, stage, onAcceptClass } = options;
  const [state, setState] = useState<AssistAiState>({ status: 'idle' });
  const [threshold, setThreshold] = useState(DEFAULT_THRESHOLD);
  const [focus, setFocus] = useState<string | null>(null);
  const worker = useRef<ReturnType<typeof assistAiWorker> | null>(null);
  const run_ = useRef<{ id: number; abort: AbortController | null }>({ id: 0, abort: null });

  useEffect(
    () => () => {
      run_.current.abort?.abort();
      worker.current?.terminate();
      worker.current = null;
    },
    [],
  );

  // Another image (or model): whatever was proposed belonged to the old one.
  useEffect(() => {
    run_.current.id += 1;
    run_.current.abort?.abort();
    setState({ status: 'idle' });
    setFocus(null);
  }, [imageId, model?.id]);

  const proposals = state.status === 'done' ? state.proposals : null;
  const shown = useMemo(() => (proposals ?? []).filter((p) => p.score >= threshold), [proposals, threshold]);

  const run = useCallback(() => {
    const source = engine?.getSource();
    const el = stage.current;
    if (!engine || !source || !model || !el) return;
    run_.current.abort?.abort();
    const abort = new AbortController();
    const id = ++run_.current.id;
    run_.current.abort = abort;
    const current = () => run_.current.id === id;
    const view = engine.getView();
    const region = clipToImage(
      source.info,
      visibleImageRect(view, { width: el.clientWidth || 1, height: el.clientHeight || 1, dpr: 1 }),
    );
    if (!region) {
      setState({ status: 'error', code: 'nothing_in_view' });
      return;
    }
    const level = regionLevel(
      source.info,
      region,
      levelInView(source.info, view, globalThis.devicePixelRatio || 1),
      REGION_MAX_SIDE,
    );
    void (async () => {
      let stage_: 'download' | 'load' | 'pixels' | 'predict' = 'download';
      try {
        worker.current ??= assistAiWorker();
        const remote = worker.current.remote;
        if (!(await remote.has(model.id))) {
          setState({ status: 'loading' });
          const zip = await assistApi.modelZip(projectId, model.id, abort.signal);
          if (!current()) return;
          stage_ = 'load';
          await remote.load(model.id, transfer(zip, [zip]));
        }
        if (!current()) return;
        setState({ status: 'running' });
        const t0 = performance.now();
        stage_ = 'pixels';
        const collected = await collectRegion(source, level, region, { signal: abort.signal });
        if (!current()) return;
        stage_ = 'predict';
        const request = {
          modelId: model.id,
          window: collected.window,
          placement: { originX: collected.rect.x, originY: collected.rect.y, scale: collected.scale },
          region: collected.rect,
          minScore: MIN_SCORE,
        };
        const answer = await remote.predict(transfer(request, [collected.window.data.buffer]));
        if (!current()) return;
        const { boxes, classes } = toProposals(answer.predictions, outputLabels(model.labels, labels), labels);
        setState({
          status: 'done',
          task: answer.task,
          proposals: boxes,
          classes,
          backend: answer.backend,
          ms: answer.ms,
          totalMs: performance.now() - t0,
          tiles: answer.tiles,
        });
      } catch (error) {
        if (!current() || isAbortError(error)) return;
        setState({ status: 'error', code: errorOf(error, stage_) });
      }
    })();
  }, [engine, stage, model, projectId, labels]);

  const drop = useCallback((ids: ReadonlySet<string>) => {
    setState((s) => (s.status === 'done' ? { ...s, proposals: s.proposals.filter((p) => !ids.has(p.id)) } : s));
  }, []);

  const add = useCallback(
    (list: readonly ModelProposal[]) => {
      const info = engine?.getSource()?.info;
      if (!engine || !info || list.length === 0) return;
      engine.addBoxes(list.map((p) => proposalToBox(p, info)));
      drop(new Set(list.map((p) => p.id)));
    },
    [engine, drop],
  );

  return {
    state,
    shown,
    threshold,
    setThreshold,
    focus,
    setFocus,
    run,
    accept: (id) => add((proposals ?? []).filter((p) => p.id === id)),
    reject: (id) => drop(new Set([id])),
    acceptShown: () => add(shown),
    acceptClass: (labelId) => {
      onAcceptClass(labelId);
      setState({ status: 'idle' });
    },
    clear: () => {
      run_.current.id += 1;
      run_.current.abort?.abort();
      setState({ status: 'idle' });
    },
  };
}

function errorOf(error: unknown, stage: 'download' | 'load' | 'pixels' | 'predict'): AssistAiError {
  if (isApiRequestError(error)) return error.code === 'network' ? 'offline' : 'download_failed';
  const message = error instanceof Error ? error.message : '';
  if (message === 'assist_model_invalid') return 'model_invalid';
  if (message === 'assist_backend_failed') return 'backend_failed';
  if (stage === 'pixels') return 'pixels_failed';
  return 'failed';
}
