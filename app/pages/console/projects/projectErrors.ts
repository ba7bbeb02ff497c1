import { errorCodeOf } from '../../../api/ApiRequestError';
import { queryClient } from '../../../api/queryClient';
import { projectKeys } from './projectQueries';

/**
 * The message key for a failed project call. A 410 (the project was deleted meanwhile) also
 * refetches the project, so the page switches to its 'deleted project' state.
 */
export function projectErrorKey(error: unknown, projectId?: string): string {
  const code = errorCodeOf(error);
  if (code === 'gone' && projectId) void queryClient.invalidateQueries({ queryKey: projectKeys.project(projectId) });
  return `errors:${code}`;
}
