import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { ModelProposal } from '../../../../../engine';
import { isApiRequestError } from '../../../../api/ApiRequestError';
import { assistApi, trainingKey, trainingPredictionsKey } from './assistApi';
import { storedToProposals } from './assistProposals';

export interface TrainingPredictions {
  /** The training's number (#n) once known. */
  number: number | null;
  proposals: ModelProposal[];
  /** 'none': the image was not in the training's test split (404). */
  status: 'off' | 'loading' | 'ready' | 'none' | 'error';
}

const NONE: ModelProposal[] = [];

/**
 * What a training's model predicted for this image (the studio opened with ?training=<id>, from
 * the evaluation's mistakes): drawn beside the labels as proposals, so the user sees the model's
 * view and fixes the label or learns its weakness.
 */
export function useTrainingPredictions(
  projectId: string,
  imageId: string,
  trainingId: string | null,
  labels: readonly { id: string }[],
): TrainingPredictions {
  const training = useQuery({
    queryKey: trainingKey(projectId, trainingId ?? ''),
    queryFn: () => assistApi.training(projectId, trainingId ?? ''),
    enabled: trainingId !== null,
    staleTime: 60_000,
  });
  const predictions = useQuery({
    queryKey: trainingPredictionsKey(projectId, trainingId ?? '', imageId),
    queryFn: () => assistApi.predictions(projectId, trainingId ?? '', imageId),
    enabled: trainingId !== null,
    staleTime: 5 * 60_000,
    retry: (count, error) => !(isApiRequestError(error) && error.status === 404) && count < 2,
  });
  const proposals = useMemo(
    () => (predictions.data ? storedToProposals(predictions.data.predictions, labels) : NONE),
    [predictions.data, labels],
  );
  const status: TrainingPredictions['status'] =
    trainingId === null
      ? 'off'
      : predictions.isPending
        ? 'loading'
        : predictions.isError
          ? isApiRequestError(predictions.error) && predictions.error.status === 404
            ? 'none'
            : 'error'
          : 'ready';
  return { number: training.data?.number ?? null, proposals, status };
}
