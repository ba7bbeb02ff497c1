import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { z } from 'zod';
import {
  evaluationSchema,
  FINAL_TRAINING_STATUSES,
  trainingSchema,
  type Training,
} from '../../../../../contract/apiTraining';
import { apiFetch } from '../../../../api/apiFetch';
import type { ApiRequestError } from '../../../../api/ApiRequestError';
import { openEventStream, type EventStreamState } from '../../../../api/eventStream';

const base = (projectId: string, trainingId: string) =>
  `projects/${encodeURIComponent(projectId)}/trainings/${encodeURIComponent(trainingId)}`;

/** Query keys of one training, under the project's keys so a project-wide refresh reaches them. */
export const trainingKeys = {
  list: (projectId: string) => ['project', projectId, 'trainings'] as const,
  one: (projectId: string, trainingId: string) => ['project', projectId, 'trainings', trainingId] as const,
};

export const isFinalStatus = (status: Training['status']) => FINAL_TRAINING_STATUSES.includes(status);

export function fetchTraining(projectId: string, trainingId: string, signal?: AbortSignal) {
  return apiFetch(base(projectId, trainingId), { schema: trainingSchema, signal });
}

export function stopTraining(projectId: string, trainingId: string) {
  return apiFetch(`${base(projectId, trainingId)}/stop`, { method: 'POST', schema: trainingSchema });
}

/** A stream message: the whole training without its evaluation (which only a GET carries). */
const streamMessageSchema = trainingSchema.extend({ evaluation: evaluationSchema.nullable().optional() });

/**
 * One training, kept live: a GET on load, then the training's event stream while it is not in
 * a final status, each message replacing the cached state. The stream's last message (a final
 * status) brings no evaluation, so the training is asked for once more then.
 */
export function useLiveTraining(projectId: string, trainingId: string) {
  const client = useQueryClient();
  const key = trainingKeys.one(projectId, trainingId);
  const query = useQuery({
    queryKey: key,
    queryFn: ({ signal }) => fetchTraining(projectId, trainingId, signal),
  });
  const [stream, setStream] = useState<EventStreamState>('closed');
  const [streamError, setStreamError] = useState<ApiRequestError | null>(null);
  const live = query.data !== undefined && !isFinalStatus(query.data.status);

  useEffect(() => {
    if (!live) return undefined;
    const queryKey = trainingKeys.one(projectId, trainingId);
    return openEventStream(`${base(projectId, trainingId)}/events`, {
      onEvent: (event) => {
        if (event.event !== 'training') return;
        const parsed = streamMessageSchema.safeParse(safeJson(event.data));
        if (!parsed.success) return;
        const next = parsed.data;
        client.setQueryData<Training>(queryKey, (previous) => ({
          ...next,
          evaluation: next.evaluation ?? previous?.evaluation ?? null,
        }));
        if (isFinalStatus(next.status)) {
          void client.invalidateQueries({ queryKey });
          void client.invalidateQueries({ queryKey: trainingKeys.list(projectId), exact: true });
        }
      },
      isFinal: (event) => {
        const parsed = z.object({ status: z.string() }).safeParse(safeJson(event.data));
        return parsed.success && (FINAL_TRAINING_STATUSES as readonly string[]).includes(parsed.data.status);
      },
      onFatal: setStreamError,
      onState: setStream,
    });
  }, [client, live, projectId, trainingId]);

  return { query, stream, streamError };
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
