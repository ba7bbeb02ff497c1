import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useState, type RefObject } from 'react';
import type { Model } from '../../../../../contract/apiModels';
import type { Engine } from '../../../../../engine';
import { assistApi, assistModelKey } from './assistApi';
import { useAssistAi, type AssistAi } from './useAssistAi';
import { useTrainingPredictions, type TrainingPredictions } from './useTrainingPredictions';

export interface StudioAssistAi {
  assist: AssistAi;
  model: Model | null;
  /** The project has no assist model yet (known: the question was answered). */
  noModel: boolean;
  /** The question could not be answered (offline, server error). */
  modelError: boolean;
  retryModel: () => void;
  open: boolean;
  close: () => void;
  /** The toolbar button and its key: open the panel and run on the view (or say a model is needed). */
  trigger: () => void;
  /** A training's predictions for this image (?training=<id>). */
  predictions: TrainingPredictions;
}

export interface StudioAssistAiOptions {
  engine: Engine | null;
  projectId: string;
  imageId: string;
  labels: readonly { id: string }[];
  stage: RefObject<HTMLElement | null>;
  enabled: boolean;
  onAcceptClass: (labelId: string) => void;
  /** Draw this training's predictions for the image too (null: none). */
  trainingId: string | null;
}

/** The studio's assist AI: the project's assist model (asked once a minute at most), the panel's open state and the run. */
export function useStudioAssistAi(options: StudioAssistAiOptions): StudioAssistAi {
  const { engine, projectId, imageId, labels, trainingId, enabled } = options;
  const query = useQuery({
    queryKey: assistModelKey(projectId),
    queryFn: () => assistApi.assistModel(projectId),
    staleTime: 60_000,
    enabled,
  });
  const model = query.data ?? null;
  const assist = useAssistAi({ ...options, model });
  const [open, setOpen] = useState(false);
  const predictions = useTrainingPredictions(projectId, imageId, trainingId, labels);
  // One proposals layer in the engine: the assist AI's, then the training's predictions.
  const drawn = useMemo(
    () => [...(open ? assist.shown : []), ...predictions.proposals],
    [open, assist.shown, predictions.proposals],
  );
  useEffect(() => {
    engine?.setProposals(drawn, assist.focus);
  }, [engine, drawn, assist.focus]);
  useEffect(() => () => engine?.setProposals([]), [engine]);
  const { run, clear } = assist;
  const trigger = useCallback(() => {
    setOpen(true);
    if (model) run();
  }, [model, run]);
  const close = useCallback(() => {
    setOpen(false);
    clear();
  }, [clear]);
  return {
    assist,
    model,
    noModel: query.isSuccess && model === null,
    modelError: query.isError,
    retryModel: () => void query.refetch(),
    open,
    close,
    trigger,
    predictions,
  };
}
