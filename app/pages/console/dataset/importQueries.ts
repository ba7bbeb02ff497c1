import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { importCreateSchema } from '../../../../contract/apiImports';
import { importCreatedSchema, importSchema, type DatasetImport } from '../../../../contract/apiImports';
import { ApiRequestError } from '../../../api/ApiRequestError';
import { apiFetch } from '../../../api/apiFetch';
import { answerJson, putBlob } from './putBlob';

/** The dataset import calls of contract/apiImports.ts and the polling of one import. */

const importsPath = (projectId: string) => `projects/${encodeURIComponent(projectId)}/imports`;
const importPath = (projectId: string, importId: string) => `${importsPath(projectId)}/${encodeURIComponent(importId)}`;

/** How often a running import is asked about. */
export const IMPORT_POLL_MS = 1000;

export const importKeys = {
  /** Under the project's key, so that a change to the project refreshes it too. */
  one: (projectId: string, importId: string) => ['project', projectId, 'imports', importId] as const,
};

export const importsApi = {
  create: (projectId: string, body: z.input<typeof importCreateSchema>) =>
    apiFetch(importsPath(projectId), { method: 'POST', body, schema: importCreatedSchema }),
  get: (projectId: string, importId: string) => apiFetch(importPath(projectId, importId), { schema: importSchema }),
  /** PUTs the zip, streamed from disk with progress; answers the import, now 'queued'. */
  async sendBytes(
    projectId: string,
    importId: string,
    file: Blob,
    onProgress: (loaded: number) => void,
    signal: AbortSignal,
  ): Promise<DatasetImport> {
    const answer = await putBlob(importPath(projectId, importId), file, onProgress, signal);
    const parsed = importSchema.safeParse(answerJson(answer.body));
    if (!parsed.success) throw new ApiRequestError({ status: answer.status, code: 'internal' });
    return parsed.data;
  },
};

/** Whether an import has reached an end ('done' or 'failed'). */
export function importFinished(state: DatasetImport['state'] | undefined): boolean {
  return state === 'done' || state === 'failed';
}

/** One import, asked again every IMPORT_POLL_MS until it is done or failed; idle while `importId` is null. */
export function useDatasetImport(projectId: string, importId: string | null) {
  return useQuery({
    queryKey: importKeys.one(projectId, importId ?? ''),
    queryFn: () => importsApi.get(projectId, importId ?? ''),
    enabled: importId !== null,
    staleTime: 0,
    refetchInterval: (query) => (importFinished(query.state.data?.state) ? false : IMPORT_POLL_MS),
  });
}
