import type { z } from 'zod';
import type {
  labelUpdateSchema,
  labelWriteSchema,
  projectCreateSchema,
  projectMemberAddSchema,
  projectUpdateSchema,
  scheduleSchema,
  splitUpdateSchema,
  uploadCreateSchema,
} from '../../contract/apiProjects';
import {
  imagePageSchema,
  imageSchema,
  jobListSchema,
  labelDeletedSchema,
  labelListSchema,
  labelSchema,
  labelUsageSchema,
  projectListSchema,
  projectMemberListSchema,
  projectMemberSchema,
  projectSchema,
  tagListSchema,
  uploadCreatedSchema,
  type ImageItem,
  type ImageQuery,
  type ProjectRole,
} from '../../contract/apiProjects';
import { invitationSchema } from '../../contract/apiInvitations';
import { apiFetch } from './apiFetch';

/** The projects and datasets API of contract/apiProjects.ts, one function per call. */

const p = (projectId: string) => `projects/${encodeURIComponent(projectId)}`;

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
  create: (body: z.input<typeof projectCreateSchema>) =>
    apiFetch('projects', { method: 'POST', body, schema: projectSchema }),
  get: (projectId: string) => apiFetch(p(projectId), { schema: projectSchema }),
  update: (projectId: string, body: z.input<typeof projectUpdateSchema>) =>
    apiFetch(p(projectId), { method: 'PATCH', body, schema: projectSchema }),
  remove: (projectId: string) => apiFetch(p(projectId), { method: 'DELETE' }),
  setSchedule: (projectId: string, body: z.input<typeof scheduleSchema>) =>
    apiFetch(`${p(projectId)}/schedule`, { method: 'PUT', body, schema: projectSchema }),
  setSplit: (projectId: string, body: z.input<typeof splitUpdateSchema>) =>
    apiFetch(`${p(projectId)}/split`, { method: 'PUT', body, schema: projectSchema }),

  members: (projectId: string) => apiFetch(`${p(projectId)}/members`, { schema: projectMemberListSchema }),
  /** 201 the new member, or 202 the invitation mailed to an address without an account. */
  addMember: (projectId: string, body: z.input<typeof projectMemberAddSchema>) =>
    apiFetch(`${p(projectId)}/members`, { method: 'POST', body, schema: projectMemberSchema.or(invitationSchema) }),
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
  addLabel: (projectId: string, body: z.input<typeof labelWriteSchema>) =>
    apiFetch(`${p(projectId)}/labels`, { method: 'POST', body, schema: labelSchema }),
  updateLabel: (projectId: string, labelId: string, body: z.input<typeof labelUpdateSchema>) =>
    apiFetch(`${p(projectId)}/labels/${encodeURIComponent(labelId)}`, { method: 'PATCH', body, schema: labelSchema }),
  removeLabel: (projectId: string, labelId: string) =>
    apiFetch(`${p(projectId)}/labels/${encodeURIComponent(labelId)}`, {
      method: 'DELETE',
      schema: labelDeletedSchema,
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
  createUpload: (projectId: string, body: z.input<typeof uploadCreateSchema>) =>
    apiFetch(`${p(projectId)}/uploads`, { method: 'POST', body, schema: uploadCreatedSchema }),
  cancelUpload: (projectId: string, uploadId: string) =>
    apiFetch(`${p(projectId)}/uploads/${encodeURIComponent(uploadId)}`, { method: 'DELETE' }),
  jobs: (projectId: string) => apiFetch(`${p(projectId)}/jobs`, { schema: jobListSchema }),
};

/** The path of an upload's bytes (PUT), relative to the API base. */
export function uploadBytesPath(projectId: string, uploadId: string): string {
  return `${p(projectId)}/uploads/${encodeURIComponent(uploadId)}`;
}
