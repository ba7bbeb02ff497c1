import { randomUUID } from 'node:crypto';
import { DEPLOY_ROUTES } from './deployRouteTable';
import { MARKET_ROUTES } from './marketRouteTable';
import { TRAINING_ROUTES } from './trainingRouteTable';

/*
 * Every API route with the least access it needs (RELIABILITY.md 7). permissionMatrix.test.ts
 * walks the routes really registered on the app and fails for any that is missing here, then
 * checks each route for every caller role, in the caller's own organization and in another one.
 * A new route needs a line here: its access level and, when it can, a `sample` request that
 * succeeds (2xx) for a caller who is allowed.
 */

export type Access =
  | 'public'
  /** Needs a credential that is not a user's token (an edge device's, a web point's key): users get 401. */
  | 'credential'
  | 'signedIn'
  | 'orgMember'
  | 'orgAdmin'
  | 'orgOwner'
  | 'platformAdmin'
  /** Project routes (server/projects/projectAccess.ts): worker ⊂ member ⊂ admin; organization owners/admins act as admins. */
  | 'projectWorker'
  | 'projectMember'
  | 'projectAdmin';

/** What a sample request may refer to; built afresh for every check (permissionMatrix.test.ts). */
export interface RouteWorld {
  /** The caller's e-mail address ('' when anonymous). */
  callerEmail: string;
  /** A signed-in user outside every organization (a member can be added). */
  outsiderEmail: string;
  noticeId: string;
  faqId: string;
  /** A label of the caller's own project (the matrix's project A). */
  labelId: string;
}

export interface RouteSample {
  /** Path parameters other than :orgId, :projectId, :labelId, :imageId and :userId (which the matrix fills for own/other). */
  params?: Record<string, string>;
  query?: string;
  body?: unknown;
}

export interface RouteEntry {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** As registered on the app, e.g. '/api/orgs/:orgId'. */
  path: string;
  access: Access;
  /** The request to send (parameters not given here are filled with 'x'). */
  sample?: (w: RouteWorld) => RouteSample;
  /**
   * What an allowed caller gets: 'success' (2xx; the default when there is a sample) or
   * 'notDenied' (anything but 401/403, for requests that need a secret no test has, such as a
   * mailed key or a provider's callback).
   */
  outcome?: 'success' | 'notDenied';
}

export const ROUTE_TABLE: readonly RouteEntry[] = [
  { method: 'GET', path: '/api/health', access: 'public', sample: () => ({}) },

  // Accounts (contract/apiAuth.ts): public forms, or the signed-in user's own data.
  { method: 'POST', path: '/api/auth/register', access: 'public' },
  { method: 'POST', path: '/api/auth/verify', access: 'public' },
  { method: 'POST', path: '/api/auth/verify/resend', access: 'public' },
  { method: 'GET', path: '/api/auth/captcha', access: 'public', sample: () => ({}) },
  { method: 'POST', path: '/api/auth/login', access: 'public' },
  { method: 'POST', path: '/api/auth/refresh', access: 'public' },
  { method: 'POST', path: '/api/auth/logout', access: 'public' },
  { method: 'POST', path: '/api/auth/password/reset-request', access: 'public' },
  { method: 'POST', path: '/api/auth/password/reset', access: 'public' },
  // The provider list (`:provider` = `providers`; any other value is a 404), see oauth.ts.
  {
    method: 'GET',
    path: '/api/auth/oauth/:provider',
    access: 'public',
    sample: () => ({ params: { provider: 'providers' } }),
  },
  {
    method: 'GET',
    path: '/api/auth/oauth/:provider/start',
    access: 'public',
    sample: () => ({ params: { provider: 'google' } }),
    outcome: 'notDenied',
  },
  {
    method: 'GET',
    path: '/api/auth/oauth/:provider/callback',
    access: 'public',
    sample: () => ({ params: { provider: 'google' } }),
    outcome: 'notDenied',
  },
  { method: 'POST', path: '/api/auth/oauth/exchange', access: 'public' },
  {
    method: 'GET',
    path: '/api/files/avatars/:key',
    access: 'public',
    sample: () => ({ params: { key: 'a'.repeat(64) } }),
    outcome: 'notDenied',
  },
  { method: 'GET', path: '/api/auth/user', access: 'signedIn', sample: () => ({}) },
  { method: 'PATCH', path: '/api/auth/user', access: 'signedIn', sample: () => ({ body: { introduction: 'Hello' } }) },
  { method: 'PUT', path: '/api/auth/user/avatar', access: 'signedIn' },
  { method: 'DELETE', path: '/api/auth/user/avatar', access: 'signedIn', sample: () => ({}) },
  { method: 'GET', path: '/api/auth/user/withdraw', access: 'signedIn', sample: () => ({}) },
  // No sample: a success deletes the caller (withdraw.test.ts covers it).
  { method: 'POST', path: '/api/auth/user/withdraw', access: 'signedIn' },
  // The studio key map (server/routes/keymap.ts; keymap.test.ts covers validation and reads).
  { method: 'GET', path: '/api/auth/user/keymap', access: 'signedIn', sample: () => ({}) },
  {
    method: 'PUT',
    path: '/api/auth/user/keymap',
    access: 'signedIn',
    sample: () => ({ body: { bindings: { box: ['KeyR'] } } }),
  },
  {
    method: 'GET',
    path: '/api/auth/user/email/:email',
    access: 'signedIn',
    sample: (w) => ({ params: { email: w.outsiderEmail } }),
  },
  { method: 'POST', path: '/api/auth/password', access: 'signedIn' },
  {
    method: 'POST',
    path: '/api/auth/alert',
    access: 'signedIn',
    sample: (w) => ({ body: { sender: w.callerEmail, receivers: [w.outsiderEmail], message: 'Hi', type: 'info' } }),
  },
  { method: 'GET', path: '/api/auth/alerts', access: 'signedIn', sample: () => ({}) },
  {
    method: 'POST',
    path: '/api/auth/alerts/:id/read',
    access: 'signedIn',
    sample: () => ({ params: { id: 'no-such-alert' } }),
    outcome: 'notDenied',
  },

  // Organizations (contract/apiSupport.ts).
  { method: 'GET', path: '/api/orgs', access: 'signedIn', sample: () => ({}) },
  { method: 'POST', path: '/api/orgs', access: 'signedIn', sample: () => ({ body: { name: 'New team' } }) },
  { method: 'GET', path: '/api/orgs/:orgId', access: 'orgMember', sample: () => ({}) },
  { method: 'PATCH', path: '/api/orgs/:orgId', access: 'orgAdmin', sample: () => ({ body: { name: 'Renamed' } }) },
  // The matrix's organization has other members and a project, so an owner is told it is not empty (409).
  { method: 'DELETE', path: '/api/orgs/:orgId', access: 'orgOwner', sample: () => ({}), outcome: 'notDenied' },
  // Its member ids are not in the world: an owner naming no member gets 404 (success: organizations.test.ts).
  {
    method: 'POST',
    path: '/api/orgs/:orgId/transfer',
    access: 'orgOwner',
    sample: () => ({ body: { userId: 'x' } }),
    outcome: 'notDenied',
  },
  { method: 'GET', path: '/api/orgs/:orgId/members', access: 'orgMember', sample: () => ({}) },
  {
    method: 'POST',
    path: '/api/orgs/:orgId/members',
    access: 'orgAdmin',
    sample: (w) => ({ body: { email: w.outsiderEmail, role: 'member' } }),
  },
  {
    method: 'PATCH',
    path: '/api/orgs/:orgId/members/:userId',
    access: 'orgOwner',
    sample: () => ({ body: { role: 'admin' } }),
  },
  // Removing someone else (a plain member) needs an admin; leaving oneself is tested in organizations.test.ts.
  { method: 'DELETE', path: '/api/orgs/:orgId/members/:userId', access: 'orgAdmin', sample: () => ({}) },
  // Invitations of addresses without an account (contract/apiInvitations.ts); no sample invitation exists.
  { method: 'GET', path: '/api/orgs/:orgId/invitations', access: 'orgAdmin', sample: () => ({}) },
  {
    method: 'POST',
    path: '/api/orgs/:orgId/invitations/:invitationId/resend',
    access: 'orgAdmin',
    sample: () => ({}),
    outcome: 'notDenied',
  },
  {
    method: 'DELETE',
    path: '/api/orgs/:orgId/invitations/:invitationId',
    access: 'orgAdmin',
    sample: () => ({}),
    outcome: 'notDenied',
  },
  // The sign-up page's preview of a mailed invitation key.
  { method: 'GET', path: '/api/invitations/:key', access: 'public', outcome: 'notDenied', sample: () => ({}) },

  // Support content: anyone reads, platform admins write.
  { method: 'GET', path: '/api/notices', access: 'public', sample: () => ({ query: 'page=1&size=10' }) },
  { method: 'GET', path: '/api/notices/:id', access: 'public', sample: (w) => ({ params: { id: w.noticeId } }) },
  {
    method: 'POST',
    path: '/api/notices',
    access: 'platformAdmin',
    sample: () => ({ body: { title: 'Notice', body: '<p>Text</p>' } }),
  },
  {
    method: 'PATCH',
    path: '/api/notices/:id',
    access: 'platformAdmin',
    sample: (w) => ({ params: { id: w.noticeId }, body: { pinned: true } }),
  },
  {
    method: 'DELETE',
    path: '/api/notices/:id',
    access: 'platformAdmin',
    sample: (w) => ({ params: { id: w.noticeId } }),
  },
  { method: 'GET', path: '/api/faq', access: 'public', sample: () => ({ query: 'locale=en' }) },
  {
    method: 'POST',
    path: '/api/faq',
    access: 'platformAdmin',
    sample: () => ({ body: { locale: 'en', category: 'account', question: 'Q?', answer: 'A.' } }),
  },
  {
    method: 'PATCH',
    path: '/api/faq/:id',
    access: 'platformAdmin',
    sample: (w) => ({ params: { id: w.faqId }, body: { answer: 'B.' } }),
  },
  { method: 'DELETE', path: '/api/faq/:id', access: 'platformAdmin', sample: (w) => ({ params: { id: w.faqId } }) },
  { method: 'GET', path: '/api/search', access: 'public', sample: () => ({ query: 'keyword=gpu&locale=ko' }) },

  // Projects and datasets (contract/apiProjects.ts). :projectId, :labelId, :imageId and :userId
  // name the caller's project (own) or another one (other).
  { method: 'GET', path: '/api/projects', access: 'signedIn', sample: () => ({ query: 'role=admin' }) },
  {
    method: 'POST',
    path: '/api/projects',
    access: 'signedIn',
    sample: () => ({ body: { title: 'New', subtype: 'IMAGE_CLASSIFICATION' } }),
  },
  { method: 'GET', path: '/api/projects/:projectId', access: 'projectWorker', sample: () => ({}) },
  {
    method: 'PATCH',
    path: '/api/projects/:projectId',
    access: 'projectAdmin',
    sample: () => ({ body: { title: 'Renamed' } }),
  },
  { method: 'DELETE', path: '/api/projects/:projectId', access: 'projectAdmin', sample: () => ({}) },
  {
    method: 'PUT',
    path: '/api/projects/:projectId/schedule',
    access: 'projectAdmin',
    sample: () => ({ body: { enabled: true, cycle: 'week' } }),
  },
  {
    method: 'PUT',
    path: '/api/projects/:projectId/split',
    access: 'projectAdmin',
    sample: () => ({ body: { train: 60, validation: 20, test: 20 } }),
  },
  { method: 'GET', path: '/api/projects/:projectId/members', access: 'projectWorker', sample: () => ({}) },
  {
    method: 'POST',
    path: '/api/projects/:projectId/members',
    access: 'projectAdmin',
    sample: (w) => ({ body: { email: w.outsiderEmail, role: 'member' } }),
  },
  {
    method: 'PATCH',
    path: '/api/projects/:projectId/members/:userId',
    access: 'projectAdmin',
    sample: () => ({ body: { role: 'worker' } }),
  },
  // Removing someone else needs an admin; leaving oneself is tested in projectsMembers.test.ts.
  { method: 'DELETE', path: '/api/projects/:projectId/members/:userId', access: 'projectAdmin', sample: () => ({}) },
  { method: 'GET', path: '/api/projects/:projectId/invitations', access: 'projectAdmin', sample: () => ({}) },
  {
    method: 'POST',
    path: '/api/projects/:projectId/invitations/:invitationId/resend',
    access: 'projectAdmin',
    sample: () => ({}),
    outcome: 'notDenied',
  },
  {
    method: 'DELETE',
    path: '/api/projects/:projectId/invitations/:invitationId',
    access: 'projectAdmin',
    sample: () => ({}),
    outcome: 'notDenied',
  },
  { method: 'GET', path: '/api/projects/:projectId/labels', access: 'projectWorker', sample: () => ({}) },
  {
    method: 'POST',
    path: '/api/projects/:projectId/labels',
    access: 'projectAdmin',
    sample: () => ({ body: { name: 'dog', color: '#123456' } }),
  },
  {
    method: 'PATCH',
    path: '/api/projects/:projectId/labels/:labelId',
    access: 'projectAdmin',
    sample: () => ({ body: { name: 'renamed' } }),
  },
  { method: 'DELETE', path: '/api/projects/:projectId/labels/:labelId', access: 'projectAdmin', sample: () => ({}) },
  {
    method: 'GET',
    path: '/api/projects/:projectId/labels/:labelId/usage',
    access: 'projectWorker',
    sample: () => ({}),
  },
  {
    method: 'GET',
    path: '/api/projects/:projectId/images',
    access: 'projectWorker',
    sample: () => ({ query: 'sort=name&limit=10' }),
  },
  { method: 'GET', path: '/api/projects/:projectId/images/:imageId', access: 'projectWorker', sample: () => ({}) },
  { method: 'DELETE', path: '/api/projects/:projectId/images/:imageId', access: 'projectAdmin', sample: () => ({}) },
  {
    method: 'POST',
    path: '/api/projects/:projectId/image-deletions',
    access: 'projectAdmin',
    // A dry run: the check answers 200 without deleting what later samples use.
    sample: () => ({ body: { filter: {}, dryRun: true } }),
  },
  {
    method: 'PUT',
    path: '/api/projects/:projectId/images/:imageId/tags',
    access: 'projectMember',
    sample: () => ({ body: { tags: ['cat'] } }),
  },
  { method: 'GET', path: '/api/projects/:projectId/tags', access: 'projectWorker', sample: () => ({}) },
  // Uploads, jobs and image files (server/routes/uploads.ts, projectJobs.ts, imageFiles.ts). Another
  // user's upload id and missing files answer 404 to allowed callers (uploads.test.ts covers success).
  {
    method: 'POST',
    path: '/api/projects/:projectId/uploads',
    access: 'projectMember',
    sample: () => ({ body: { fileName: 'a.png', bytes: 10 } }),
  },
  {
    method: 'POST',
    path: '/api/projects/:projectId/uploads/duplicates',
    access: 'projectMember',
    sample: () => ({ body: { hashes: ['0'.repeat(64)] } }),
  },
  {
    method: 'POST',
    path: '/api/projects/:projectId/uploads/states',
    access: 'projectMember',
    sample: () => ({ body: { imageIds: ['x'] } }),
  },
  { method: 'PUT', path: '/api/projects/:projectId/uploads/:uploadId', access: 'projectMember' },
  { method: 'DELETE', path: '/api/projects/:projectId/uploads/:uploadId', access: 'projectMember' },
  { method: 'GET', path: '/api/projects/:projectId/jobs', access: 'projectWorker', sample: () => ({}) },
  {
    method: 'GET',
    path: '/api/projects/:projectId/images/:imageId/original',
    access: 'projectWorker',
    sample: () => ({}),
    outcome: 'notDenied',
  },
  {
    method: 'GET',
    path: '/api/projects/:projectId/images/:imageId/thumbnail',
    access: 'projectWorker',
    sample: () => ({}),
    outcome: 'notDenied',
  },
  {
    method: 'GET',
    path: '/api/projects/:projectId/images/:imageId/tiles/:level/:file',
    access: 'projectWorker',
    sample: () => ({ params: { level: '0', file: '0_0.jpg' } }),
    outcome: 'notDenied',
  },
  // Annotations (server/routes/annotations.ts): the fixture image is 10 px, too small for a box, so
  // the PUT sample writes an empty set (annotations.test.ts covers boxes and classes).
  {
    method: 'GET',
    path: '/api/projects/:projectId/images/:imageId/annotations',
    access: 'projectWorker',
    sample: () => ({}),
  },
  {
    method: 'PUT',
    path: '/api/projects/:projectId/images/:imageId/annotations',
    access: 'projectWorker',
    sample: () => ({ body: { annotations: [] } }),
  },
  {
    method: 'GET',
    path: '/api/projects/:projectId/annotations',
    access: 'projectWorker',
    sample: () => ({ query: 'imageIds=a,b' }),
  },
  // The studio's save (annotationOps.test.ts): a class annotation fits the 10 px fixture image;
  // fresh ids every time, so each allowed caller's request is a create that succeeds.
  {
    method: 'POST',
    path: '/api/projects/:projectId/images/:imageId/annotations/ops',
    access: 'projectWorker',
    sample: (w) => ({
      body: {
        ops: [
          {
            opId: randomUUID(),
            type: 'put',
            baseVersion: null,
            annotation: { id: randomUUID(), labelId: w.labelId, kind: 'class' },
          },
        ],
      },
    }),
  },
  // Image locks (server/routes/imageLocks.ts; imageLocks.test.ts covers leases and take-over). The
  // image is free in every fresh fixture, so taking, renewing and releasing all succeed.
  { method: 'GET', path: '/api/projects/:projectId/images/:imageId/lock', access: 'projectWorker', sample: () => ({}) },
  {
    method: 'POST',
    path: '/api/projects/:projectId/images/:imageId/lock',
    access: 'projectWorker',
    sample: () => ({}),
  },
  { method: 'PUT', path: '/api/projects/:projectId/images/:imageId/lock', access: 'projectWorker', sample: () => ({}) },
  {
    method: 'DELETE',
    path: '/api/projects/:projectId/images/:imageId/lock',
    access: 'projectWorker',
    sample: () => ({}),
  },
  // Dataset imports (server/routes/imports.ts; imports.test.ts covers upload and the job). The PUT
  // needs an import the caller created, so allowed callers get 404 here.
  {
    method: 'POST',
    path: '/api/projects/:projectId/imports',
    access: 'projectAdmin',
    sample: () => ({ body: { fileName: 'data.zip', bytes: 100 } }),
  },
  { method: 'PUT', path: '/api/projects/:projectId/imports/:importId', access: 'projectAdmin' },
  { method: 'GET', path: '/api/projects/:projectId/imports', access: 'projectWorker', sample: () => ({}) },
  {
    method: 'GET',
    path: '/api/projects/:projectId/imports/:importId',
    access: 'projectWorker',
    sample: () => ({ params: { importId: 'none' } }),
    outcome: 'notDenied',
  },
  ...TRAINING_ROUTES,
  ...DEPLOY_ROUTES,
  ...MARKET_ROUTES,
  // Dataset viewer atlases (server/routes/atlas.ts; atlas.test.ts covers composed pages).
  {
    method: 'GET',
    path: '/api/projects/:projectId/atlas',
    access: 'projectWorker',
    sample: () => ({ query: 'sort=name&cell=64' }),
  },
  {
    method: 'GET',
    path: '/api/projects/:projectId/atlas/:file',
    access: 'projectWorker',
    sample: () => ({ params: { file: `${'0'.repeat(64)}.webp` } }),
    outcome: 'notDenied',
  },
];
