import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { createMiddleware } from 'hono/factory';
import { isKnownPage, splitLocale } from '../contract/routes';
import type { AppContext, AppDeps, AppEnv } from './context';
import type { ServerConfig } from './env';
import { ApiError } from './http/ApiError';
import { answerJson } from './http/answerJson';
import { isCompleteAnswer } from './http/completeAnswers';
import { compressResponse } from './http/compressResponse';
import { onError } from './http/onError';
import { JobQueue } from './jobs/jobQueue';
import { createAgentRoutes } from './routes/agent';
import { createAlertRoutes } from './routes/alerts';
import { createAnnotationRoutes } from './routes/annotations';
import { createAtlasRoutes } from './routes/atlas';
import { createAuthRoutes } from './routes/auth';
import { createFaqRoutes } from './routes/faq';
import { createFileRoutes } from './routes/files';
import { createImageLockRoutes } from './routes/imageLocks';
import { createImageRoutes } from './routes/images';
import { createImportRoutes } from './routes/imports';
import {
  createInvitationPreviewRoutes,
  createOrgInvitationRoutes,
  createProjectInvitationRoutes,
} from './routes/invitations';
import { createKeymapRoutes } from './routes/keymap';
import { createLabelRoutes } from './routes/labels';
import { createImageFileRoutes } from './routes/imageFiles';
import { createNoticeRoutes } from './routes/notices';
import { createOrganizationRoutes } from './routes/organizations';
import { createProjectRoutes } from './routes/projects';
import { createProjectMemberRoutes } from './routes/projectsMembers';
import { createProjectJobRoutes } from './routes/projectJobs';
import { createSearchRoutes } from './routes/search';
import { createTrainerRoutes } from './routes/trainers';
import { createTrainingRoutes } from './routes/trainings';
import { createModelRoutes } from './routes/models';
import { createDeploymentRoutes } from './routes/deployments';
import { createPointKeyRoutes } from './routes/pointKeys';
import { createPointListRoutes, createPointRoutes } from './routes/points';
import { createAutoLabelRoutes } from './routes/autoLabels';
import { createOAuthRoutes } from './routes/oauth';
import { createPredictRoutes } from './routes/predict';
import { createUploadRoutes } from './routes/uploads';
import { createUserRoutes } from './routes/user';
import { createBillingRoutes } from './routes/billing';
import { createBookmarkRoutes } from './routes/bookmarks';
import { createMarketRoutes } from './routes/market';
import { createOrderRoutes } from './routes/orders';
import { createPurchaseRoutes } from './routes/purchases';
import { createResourceReviewRoutes } from './routes/resourceReview';
import { createResourceRoutes } from './routes/resources';
import { securityHeaders } from './securityHeaders';
import { createPaymentProvider, paymentOrigins } from './payments/createPaymentProvider';
import { WebPointServing } from './deploy/serving/webPointServing';
import { PREDICT_JSON_MAX_BYTES } from '../contract/apiPredict';

export interface AppOptions {
  env: ServerConfig;
  deps: AppDeps;
}

/** JSON bodies above this are refused with 413 (uploads set their own limit). */
export const JSON_BODY_MAX = 64 * 1024;
/**
 * An image's whole annotation set in one PUT: ANNOTATIONS_PER_IMAGE_MAX boxes fit with the longest
 * ids and full-precision coordinates (about 25 MiB); larger sets (many-vertex polygons) get 413.
 * The ops route shares it (up to ANNOTATION_OPS_MAX operations, a polygon each).
 */
export const ANNOTATIONS_BODY_MAX = 32 * 1024 * 1024;
const ANNOTATIONS_PATH = /^\/api\/projects\/[^/]+\/images\/[^/]+\/annotations(\/ops)?$/;
/** A web point's predict call may carry its image as base64 JSON (contract/apiPredict.ts). */
const PREDICT_PATH = /^\/api\/v1\/points\/[^/]+\/predict$/;

/** Default login-captcha size: a browser tries up to 50,000 SHA-256 hashes (a second or two). */
const DEFAULT_CAPTCHA = { maxNumber: 50_000 };

/**
 * The HTTP app: API under /api, the built client for everything else. Unknown pages get the app
 * shell with status 404 (the client renders the Not Found page), so crawlers and tools see the truth.
 * API routers live in routes/*.ts; each is a factory taking the AppContext and is mounted here.
 */
export function createApp({ env, deps }: AppOptions) {
  let serving = deps.serving ?? null;
  const ctx: AppContext = {
    config: env,
    db: deps.db,
    dialect: deps.dialect,
    blobs: deps.blobs,
    mailer: deps.mailer,
    now: deps.now ?? (() => new Date()),
    captcha: deps.captcha ?? DEFAULT_CAPTCHA,
    jobs: deps.jobs ?? new JobQueue(deps.db, deps.dialect, deps.now ?? (() => new Date())),
    notifyJobs: deps.onJobQueued ?? (() => {}),
    serving: () =>
      (serving ??= new WebPointServing({
        db: deps.db,
        blobs: deps.blobs,
        now: deps.now ?? (() => new Date()),
        threads: env.INFERENCE_THREADS,
        modelsPerThread: env.INFERENCE_MODELS_PER_THREAD,
      })),
    payments: deps.payments ?? createPaymentProvider(env, { db: deps.db, now: deps.now ?? (() => new Date()) }),
  };
  const app = new Hono<AppEnv>();
  const distDir = path.resolve(env.DIST_DIR);
  let shell: Promise<string> | null = null;
  const readShell = () =>
    (shell ??= readFile(path.join(distDir, 'index.html'), 'utf8').catch((e: unknown) => {
      shell = null;
      throw e;
    }));

  // Served user files get a sandboxing CSP instead of the page CSP. Registered before the
  // security headers, so this runs after them on the way out and wins. Headers set after `next()`
  // go onto c.res in place, here and below (securityHeaders.ts says why).
  const sandbox = createMiddleware(async (c, next) => {
    await next();
    c.res.headers.set('Content-Security-Policy', "default-src 'none'; sandbox");
  });
  app.use('/api/files/*', sandbox);
  for (const file of ['original', 'thumbnail', 'tiles/*'])
    app.use(`/api/projects/:projectId/images/:imageId/${file}`, sandbox);
  app.use('/api/projects/:projectId/atlas/:file', sandbox);
  for (const file of ['covers', 'samples']) app.use(`/api/market/resources/:resourceId/${file}/:index`, sandbox);
  app.use('*', securityHeaders(env.CHAT_SCRIPT_ORIGIN, paymentOrigins(env)));
  app.use('*', compressResponse());

  const api = new Hono<AppEnv>();
  // GET and HEAD requests carry no body (the Node adapter drops one), so only the others are checked.
  // One middleware for the body limit and the cache default: each level costs every request.
  const jsonLimit = bodyLimit({ maxSize: JSON_BODY_MAX });
  const annotationsLimit = bodyLimit({ maxSize: ANNOTATIONS_BODY_MAX });
  const predictLimit = bodyLimit({ maxSize: PREDICT_JSON_MAX_BYTES });
  api.use('*', async (c, next) => {
    const method = c.req.method;
    if (method !== 'GET' && method !== 'HEAD' && c.req.header('Content-Type')?.startsWith('application/json')) {
      try {
        const path = c.req.path;
        await (ANNOTATIONS_PATH.test(path) ? annotationsLimit : PREDICT_PATH.test(path) ? predictLimit : jsonLimit)(
          c,
          next,
        );
      } catch (err) {
        // A refusal thrown here is answered here, as Hono does for a middleware level of its own,
        // so that the answer gets the cache header below.
        if (!(err instanceof Error)) throw err;
        c.error = err;
        c.res = onError(err, c);
      }
    } else {
      await next();
    }
    // API answers are per user and per moment unless a route says otherwise (avatars).
    if (isCompleteAnswer(c.res)) return;
    const headers = c.res.headers;
    if (!headers.has('Cache-Control')) headers.set('Cache-Control', 'no-store');
  });
  api.get('/health', (c) => answerJson(c, env, { status: 'ok' }));
  api.route('/auth', createAuthRoutes(ctx));
  api.route('/auth', createUserRoutes(ctx));
  api.route('/auth', createKeymapRoutes(ctx));
  api.route('/auth', createAlertRoutes(ctx));
  api.route('/auth', createOAuthRoutes(ctx));
  api.route('/files', createFileRoutes(ctx));
  api.route('/orgs', createOrganizationRoutes(ctx));
  api.route('/orgs', createOrgInvitationRoutes(ctx));
  api.route('/invitations', createInvitationPreviewRoutes(ctx));
  api.route('/projects', createProjectRoutes(ctx));
  api.route('/projects', createProjectMemberRoutes(ctx));
  api.route('/projects', createProjectInvitationRoutes(ctx));
  api.route('/projects', createLabelRoutes(ctx));
  api.route('/projects', createImageRoutes(ctx));
  api.route('/notices', createNoticeRoutes(ctx));
  api.route('/faq', createFaqRoutes(ctx));
  api.route('/search', createSearchRoutes(ctx));
  api.route('/projects', createUploadRoutes(ctx));
  api.route('/projects', createImageFileRoutes(ctx));
  api.route('/projects', createAtlasRoutes(ctx));
  api.route('/projects', createProjectJobRoutes(ctx));
  api.route('/projects', createAnnotationRoutes(ctx));
  api.route('/projects', createImageLockRoutes(ctx));
  api.route('/projects', createImportRoutes(ctx));
  api.route('/trainers', createTrainerRoutes(ctx));
  api.route('/projects', createTrainingRoutes(ctx));
  api.route('/projects', createModelRoutes(ctx));
  api.route('/projects', createAutoLabelRoutes(ctx));
  api.route('/points', createPointListRoutes(ctx));
  api.route('/projects', createPointRoutes(ctx));
  api.route('/projects', createPointKeyRoutes(ctx));
  api.route('/projects', createDeploymentRoutes(ctx));
  api.route('/v1/points', createPredictRoutes(ctx));
  api.route('/v1/agent', createAgentRoutes(ctx));
  // The market and payments (contract/apiMarket.ts, contract/apiPayments.ts).
  api.route('/resources', createResourceRoutes(ctx));
  api.route('/admin/resources', createResourceReviewRoutes(ctx));
  api.route('/market', createMarketRoutes(ctx));
  api.route('/', createBookmarkRoutes(ctx));
  api.route('/', createOrderRoutes(ctx));
  api.route('/', createPurchaseRoutes(ctx));
  api.route('/', createBillingRoutes(ctx));
  api.all('*', () => {
    throw new ApiError('not_found', 'No such API route');
  });
  // No api.onError: the app's handler is the same function, and Hono wraps every route of a
  // sub-app that has its own handler in one more compose per request.
  app.route('/api', api);

  // Hashed build assets never change; everything else must be revalidated (index.html, sw.js).
  app.use('/assets/*', async (c, next) => {
    await next();
    if (c.res.status === 200) c.res.headers.set('Cache-Control', 'public, max-age=31536000, immutable');
  });
  app.use(
    '*',
    serveStatic({
      root: path.relative(process.cwd(), distDir) || '.',
      onFound: (p, c) => {
        if (!p.includes(`${path.sep}assets${path.sep}`)) c.header('Cache-Control', 'no-cache');
      },
    }),
  );

  app.get('*', async (c) => {
    const { path: page } = splitLocale(c.req.path);
    const known = isKnownPage(page);
    let html: string;
    try {
      html = await readShell();
    } catch {
      return c.text('The client is not built. Run `npm run build` first.', 503);
    }
    c.header('Cache-Control', 'no-cache');
    return c.html(html, known ? 200 : 404);
  });

  app.onError(onError);

  return app;
}
