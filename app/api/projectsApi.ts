import { z } from 'zod';
import {
  imagePageSchema,
  imageSchema,
  jobListSchema,
  labelListSchema,
  labelSchema,
  projectListSchema,
  projectMemberListSchema,
  projectMemberSchema,
  projectSchema,
  tagListSchema,
  type ImageItem,
  type ProjectRole,
  type Subtype,
} from '../../contract/apiProjects';
import type { RepeatCycle } from '../../contract/validation';
import { apiFetch } from './apiFetch';

/** The projects and datasets API of contract/apiProjects.ts, one function per call. */

const p = (projectId: string) => `projects/${encodeURIComponent(projectId)}`;
const uploadCreatedSchema = z.object({ uploadId: z.string() });
const deletedAnnotationsSchema = z.object({ deletedAnnotations: z.number() });
const labelUsageSchema = z.object({ annotations: z.number(), images: z.number() });

/** Filters of the image list (GET projects/:projectId/images). */
export interface ImageQuery {
  tag?: string;
  label?: string;
  labeled?: 'true' | 'false';
  split?: 'train' | 'validation' | 'test';
  q?: string;
  sort?: 'newest' | 'oldest' | 'name' | 'size';
  cursor?: string;
  limit?: number;
}

/** The query string of an image query, without empty values. */
export function imageQueryString(query: ImageQuery): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== '') params.set(key, String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

export const projectsApi = {
  list: () => apiFetch('projects', { schema: projectListSchema }),
  create: (body: { title: string; description: string; subtype: Subtype; organizationId?: string }) =>
    apiFetch('projects', { method: 'POST', body, schema: projectSchema }),
  get: (projectId: string) => apiFetch(p(projectId), { schema: projectSchema }),
  update: (projectId: string, body: { title?: string; description?: string }) =>
    apiFetch(p(projectId), { method: 'PATCH', body, schema: projectSchema }),
  remove: (projectId: string) => apiFetch(p(projectId), { method: 'DELETE' }),
  setSchedule: (projectId: string, body: { enabled: boolean; cycle: RepeatCycle | null }) =>
    apiFetch(`${p(projectId)}/schedule`, { method: 'PUT', body, schema: projectSchema }),
  setSplit: (projectId: string, body: { train: number; validation: number; test: number; reroll: boolean }) =>
    apiFetch(`${p(projectId)}/split`, { method: 'PUT', body, schema: projectSchema }),

  members: (projectId: string) => apiFetch(`${p(projectId)}/members`, { schema: projectMemberListSchema }),
  addMember: (projectId: string, body: { email: string; role: ProjectRole }) =>
    apiFetch(`${p(projectId)}/members`, { method: 'POST', body, schema: projectMemberSchema }),
  updateMember: (projectId: string, userId: string, role: ProjectRole) =>
    apiFetch(`${p(projectId)}/members/${encodeURIComponent(userId)}`, {
      method: 'PATCH',
      body: { role },
      schema: projectMemberSchema,
    }),
  /** Removes a member; with the caller's own id it is "leave the project". */
  removeMember: (projectId: string, userId: string) =>
    apiFetch(`${p(projectId)}/members/${encodeURIComponent(userId)}`, { method: 'DELETE' }),

  labels: (projectId: string) => apiFetch(`${p(projectId)}/labels`, { schema: labelListSchema }),
  addLabel: (projectId: string, body: { name: string; color: string }) =>
    apiFetch(`${p(projectId)}/labels`, { method: 'POST', body, schema: labelSchema }),
  updateLabel: (projectId: string, labelId: string, body: { name?: string; color?: string }) =>
    apiFetch(`${p(projectId)}/labels/${encodeURIComponent(labelId)}`, { method: 'PATCH', body, schema: labelSchema }),
  removeLabel: (projectId: string, labelId: string) =>
    apiFetch(`${p(projectId)}/labels/${encodeURIComponent(labelId)}`, {
      method: 'DELETE',
      schema: deletedAnnotationsSchema,
    }),
  labelUsage: (projectId: string, labelId: string) =>
    apiFetch(`${p(projectId)}/labels/${encodeURIComponent(labelId)}/usage`, { schema: labelUsageSchema }),

  images: (projectId: string, query: ImageQuery) =>
    apiFetch(`${p(projectId)}/images${imageQueryString(query)}`, { schema: imagePageSchema }),
  image: (projectId: string, imageId: string) =>
    apiFetch(`${p(projectId)}/images/${encodeURIComponent(imageId)}`, { schema: imageSchema }),
  /** The project's tag names (suggestions of the tag filter). */
  tags: (projectId: string) => apiFetch(`${p(projectId)}/tags`, { schema: tagListSchema }),
  setTags: (projectId: string, imageId: string, tags: string[]): Promise<ImageItem> =>
    apiFetch(`${p(projectId)}/images/${encodeURIComponent(imageId)}/tags`, {
      method: 'PUT',
      body: { tags },
      schema: imageSchema,
    }),

  /** Step one of an upload: announce the file (for folder uploads its folder, and for classification projects its label). */
  createUpload: (projectId: string, body: { fileName: string; bytes: number; folder?: string; label?: string }) =>
    apiFetch(`${p(projectId)}/uploads`, { method: 'POST', body, schema: uploadCreatedSchema }),
  cancelUpload: (projectId: string, uploadId: string) =>
    apiFetch(`${p(projectId)}/uploads/${encodeURIComponent(uploadId)}`, { method: 'DELETE' }),
  jobs: (projectId: string) => apiFetch(`${p(projectId)}/jobs`, { schema: jobListSchema }),
};

/** The path of an upload's bytes (PUT), relative to the API base. */
export function uploadBytesPath(projectId: string, uploadId: string): string {
  return `${p(projectId)}/uploads/${encodeURIComponent(uploadId)}`;
}
