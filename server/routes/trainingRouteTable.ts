import type { RouteEntry } from './routeTable';

/** The training, model and auto-labeling routes of ROUTE_TABLE (same rules as routeTable.ts). */
export const TRAINING_ROUTES: readonly RouteEntry[] = [
  // Training (server/routes/trainings.ts, trainers.ts; contract/apiTraining.ts). Creating one needs labeled
  // images and an online trainer, which trainings.test.ts sets up; here any answer but 401/403 is enough.
  { method: 'GET', path: '/api/trainers', access: 'signedIn', sample: () => ({}) },
  { method: 'POST', path: '/api/projects/:projectId/trainings', access: 'projectMember' },
  {
    method: 'POST',
    path: '/api/projects/:projectId/training-preview',
    access: 'projectMember',
    sample: (w) => ({
      body: { split: { mode: 'project', train: 70, validation: 20, test: 10, seed: 1 }, labelIds: [w.labelId] },
    }),
  },
  { method: 'GET', path: '/api/projects/:projectId/trainings', access: 'projectMember', sample: () => ({}) },
  {
    method: 'GET',
    path: '/api/projects/:projectId/trainings/:trainingId',
    access: 'projectMember',
    sample: () => ({ params: { trainingId: 'none' } }),
    outcome: 'notDenied',
  },
  {
    method: 'GET',
    path: '/api/projects/:projectId/trainings/:trainingId/events',
    access: 'projectMember',
    sample: () => ({ params: { trainingId: 'none' } }),
    outcome: 'notDenied',
  },
  {
    method: 'POST',
    path: '/api/projects/:projectId/trainings/:trainingId/stop',
    access: 'projectMember',
    sample: () => ({ params: { trainingId: 'none' } }),
    outcome: 'notDenied',
  },
  {
    method: 'GET',
    path: '/api/projects/:projectId/trainings/:trainingId/predictions/:imageId',
    access: 'projectMember',
    sample: () => ({ params: { trainingId: 'none' } }),
    outcome: 'notDenied',
  },
  // Models (server/routes/models.ts; contract/apiModels.ts). Workers read the assist model and download it
  // (models.test.ts: that model only); an upload needs a real model zip (models.test.ts).
  { method: 'GET', path: '/api/projects/:projectId/models', access: 'projectMember', sample: () => ({}) },
  { method: 'POST', path: '/api/projects/:projectId/models', access: 'projectMember' },
  {
    method: 'GET',
    path: '/api/projects/:projectId/models/:modelId',
    access: 'projectMember',
    sample: () => ({ params: { modelId: 'none' } }),
    outcome: 'notDenied',
  },
  {
    method: 'GET',
    path: '/api/projects/:projectId/models/:modelId/download',
    access: 'projectWorker',
    sample: () => ({ params: { modelId: 'none' } }),
    outcome: 'notDenied',
  },
  {
    method: 'PUT',
    path: '/api/projects/:projectId/models/:modelId',
    access: 'projectMember',
    sample: () => ({ params: { modelId: 'none' }, body: { tag: 'v2' } }),
    outcome: 'notDenied',
  },
  {
    method: 'DELETE',
    path: '/api/projects/:projectId/models/:modelId',
    access: 'projectAdmin',
    sample: () => ({ params: { modelId: 'none' } }),
    outcome: 'notDenied',
  },
  { method: 'GET', path: '/api/projects/:projectId/assist-model', access: 'projectWorker', sample: () => ({}) },
  {
    method: 'PUT',
    path: '/api/projects/:projectId/assist-model',
    access: 'projectMember',
    sample: () => ({ body: { modelId: null } }),
  },
  // Auto labeling (server/routes/autoLabels.ts): needs a model and an online trainer (models.test.ts).
  { method: 'POST', path: '/api/projects/:projectId/auto-labels', access: 'projectMember' },
  {
    method: 'GET',
    path: '/api/projects/:projectId/auto-labels/:jobId',
    access: 'projectMember',
    sample: () => ({ params: { jobId: 'none' } }),
    outcome: 'notDenied',
  },
];
