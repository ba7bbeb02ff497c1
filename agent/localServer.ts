import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { agentPredictRequestSchema, type ServedPrediction } from '../contract/apiAgent';
import type { ApiErrorCode } from '../contract/apiErrors';
import type { RgbImage } from '../ml/types';
import { decodeImage, ImageDecodeError } from './decodeImage';
import { prometheusText } from './prometheusMetrics';
import type { ServingMetrics } from './servingMetrics';
import type { ServingModel } from './servingModel';

/*
 * The agent's local endpoint, TF-Serving style (contract/apiAgent.ts has the routes, plus
 * /monitoring/prometheus/metrics for a Prometheus scraper), on plain
 * node:http so the single-file build needs no framework. It reads the serving model on every
 * request, so a switch or rollback takes effect at the next one without a restart. Every predict
 * request is counted, failures as errors; a success counts the label of each prediction.
 */

/** A predict body may be this large (base64 of up to 16 images); larger ones get 413. */
export const LOCAL_PREDICT_MAX_BODY_BYTES = 64 * 1024 * 1024;

/** What the control loop is doing, for model status and readiness when no model serves. */
export interface LocalServerStatus {
  state: 'idle' | 'downloading' | 'activating' | 'serving' | 'failed';
  /** Why the last deployment failed, when it did. */
  detail: string | null;
}

export interface LocalServerOptions {
  /** Default 127.0.0.1: the endpoint has no authentication, so it stays on the device unless asked. */
  host?: string;
  /** 0 picks a free port. */
  port: number;
  current: () => ServingModel | null;
  metrics: ServingMetrics;
  status?: () => LocalServerStatus;
}

export interface LocalServer {
  /** http://host:port, with the port actually bound. */
  url: string;
  port: number;
  close(): Promise<void>;
}

class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly code: ApiErrorCode,
    message: string,
  ) {
    super(message);
  }
}

function send(res: ServerResponse, status: number, body: unknown): void {
  const json = JSON.stringify(body);
  res.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(json),
  });
  res.end(json);
}

function sendError(res: ServerResponse, error: HttpError): void {
  if (error.status === 413) res.setHeader('connection', 'close');
  send(res, error.status, { error: { code: error.code, message: error.message } });
}

/** The body, refusing it with 413 as soon as it passes the limit (the rest is not read). */
function readBody(req: IncomingMessage, limit: number): Promise<Buffer> {
  const declared = Number(req.headers['content-length']);
  if (Number.isFinite(declared) && declared > limit) {
    return Promise.reject(new HttpError(413, 'payload_too_large', `the body is over ${limit} bytes`));
  }
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        req.removeAllListeners('data');
        req.pause();
        reject(new HttpError(413, 'payload_too_large', `the body is over ${limit} bytes`));
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks, size)));
    req.on('error', reject);
  });
}

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;
const BASE64_URL = /^[A-Za-z0-9_-]*={0,2}$/;

/** The bytes of a `b64` value: plain or URL-safe base64, or a data: URL. */
function base64Bytes(value: string, index: number): Uint8Array {
  const comma = value.startsWith('data:') ? value.indexOf(',') : -1;
  const text = (comma >= 0 ? value.slice(comma + 1) : value).replace(/\s+/g, '');
  if (!text || (!BASE64.test(text) && !BASE64_URL.test(text))) {
    throw new HttpError(400, 'image_invalid', `instances[${index}].b64 is not base64`);
  }
  return new Uint8Array(Buffer.from(text, BASE64.test(text) ? 'base64' : 'base64url'));
}

function decodeInstance(b64: string, index: number): RgbImage {
  try {
    return decodeImage(base64Bytes(b64, index));
  } catch (error) {
    if (error instanceof ImageDecodeError) {
      throw new HttpError(400, 'image_invalid', `instances[${index}] (${error.code}): ${error.message}`);
    }
    throw error;
  }
}

function servedName(model: ServingModel | null, name: string): boolean {
  return name === 'default' || (model !== null && name === model.modelId);
}

function modelStatus(model: ServingModel | null, status: LocalServerStatus) {
  if (model) {
    return { version: model.version, state: 'AVAILABLE' as const, status: { error_code: 'OK', error_message: '' } };
  }
  const loading = status.state === 'downloading' || status.state === 'activating';
  return {
    version: '',
    state: loading ? ('LOADING' as const) : ('UNAVAILABLE' as const),
    status: {
      error_code: loading ? 'OK' : status.state === 'failed' ? 'FAILED_PRECONDITION' : 'NOT_FOUND',
      error_message: status.detail ?? (loading ? '' : 'no model is deployed to this point yet'),
    },
  };
}

export function startLocalServer(options: LocalServerOptions): Promise<LocalServer> {
  const host = options.host ?? '127.0.0.1';
  const status = options.status ?? (() => ({ state: options.current() ? 'serving' : 'idle', detail: null }));

  async function predict(req: IncomingMessage, res: ServerResponse, name: string): Promise<void> {
    const started = performance.now();
    let labels: string[] = [];
    let ok = false;
    try {
      const body = await readBody(req, LOCAL_PREDICT_MAX_BODY_BYTES);
      const model = options.current();
      if (!servedName(model, name)) throw new HttpError(404, 'not_found', `no model named '${name}'`);
      if (!model) throw new HttpError(503, 'point_unavailable', 'no model is serving yet');
      let json: unknown;
      try {
        json = JSON.parse(body.toString('utf8'));
      } catch {
        throw new HttpError(400, 'bad_request', 'the body is not JSON');
      }
      const parsed = agentPredictRequestSchema.safeParse(json);
      if (!parsed.success) {
        const issue = parsed.error.issues[0];
        const message = issue ? `${issue.path.join('.') || 'body'}: ${issue.message}` : 'invalid body';
        throw new HttpError(400, 'validation', `${message} (expected { instances: [{ b64 }] }, 1 to 16 instances)`);
      }
      const images = parsed.data.instances.map((instance, i) => decodeInstance(instance.b64, i));
      let served = model;
      let predictions: ServedPrediction[][];
      try {
        predictions = await served.predict(images, parsed.data.threshold);
      } catch (error) {
        // A switch unloaded the model this request started on: the one serving now answers it.
        const now = options.current();
        if (!now || now === served) throw error;
        served = now;
        predictions = await served.predict(images, parsed.data.threshold);
      }
      labels = predictions.flatMap((list) => list.map((p) => p.label));
      ok = true;
      send(res, 200, {
        predictions,
        model: served.modelId,
        version: served.version,
        timeMs: Math.round((performance.now() - started) * 100) / 100,
      });
    } finally {
      options.metrics.record(performance.now() - started, ok, labels);
    }
  }

  async function route(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const path = new URL(req.url ?? '/', 'http://localhost').pathname;
    const method = req.method ?? 'GET';
    const only = (allowed: string) => {
      if (method !== allowed && !(allowed === 'GET' && method === 'HEAD')) {
        res.setHeader('allow', allowed);
        throw new HttpError(405, 'bad_request', `${method} is not allowed here (use ${allowed})`);
      }
    };
    if (path === '/health/live') {
      only('GET');
      return send(res, 200, { status: 'live' });
    }
    if (path === '/health/ready') {
      only('GET');
      const model = options.current();
      if (model) return send(res, 200, { status: 'ready', model: model.modelId, version: model.version });
      return send(res, 503, { status: 'not_ready', state: status().state });
    }
    if (path === '/metrics') {
      only('GET');
      return send(res, 200, options.metrics.totals());
    }
    if (path === '/monitoring/prometheus/metrics') {
      only('GET');
      const text = prometheusText(options.metrics.totals(), options.current());
      res.writeHead(200, { 'content-type': 'text/plain; version=0.0.4; charset=utf-8' });
      return void res.end(text);
    }
    const match = /^\/v1\/models\/([^/:]+)(:predict)?$/.exec(path);
    if (match) {
      const name = decodeURIComponent(match[1]!);
      if (match[2]) {
        only('POST');
        return predict(req, res, name);
      }
      only('GET');
      const model = options.current();
      if (!servedName(model, name)) throw new HttpError(404, 'not_found', `no model named '${name}'`);
      return send(res, 200, { model_version_status: [modelStatus(model, status())] });
    }
    throw new HttpError(404, 'not_found', `no route ${path}`);
  }

  const server = createServer((req, res) => {
    route(req, res).catch((error: unknown) => {
      if (res.headersSent) return res.destroy();
      if (error instanceof HttpError) return sendError(res, error);
      const message = error instanceof Error ? error.message : String(error);
      sendError(res, new HttpError(500, 'internal', `prediction failed: ${message}`));
    });
  });
  // Large base64 bodies on a slow device link: allow them time, but not forever.
  server.requestTimeout = 120_000;

  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, host, () => {
      server.off('error', reject);
      const { port } = server.address() as AddressInfo;
      const shown = host.includes(':') ? `[${host}]` : host;
      resolve({
        url: `http://${shown}:${port}`,
        port,
        close: () =>
          new Promise<void>((done, fail) => {
            server.close((error) => (error ? fail(error) : done()));
            server.closeAllConnections();
          }),
      });
    });
  });
}
