import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agentModelStatusSchema, agentPredictResponseSchema } from '../contract/apiAgent';
import { metricsWindowSchema } from '../contract/latencyHistogram';
import { redSquareDetectorZip } from '../ml/testing/redSquareDetector';
import { initServingRuntime, loadServingModel } from './loadServingModel';
import {
  LOCAL_PREDICT_MAX_BODY_BYTES,
  startLocalServer,
  type LocalServer,
  type LocalServerStatus,
} from './localServer';
import { createServingMetrics } from './servingMetrics';
import type { ServingModel } from './servingModel';
import { encodeBmp, encodeJpeg, encodePng, rgbImage } from './testing/encodeImages';

const square = rgbImage(128, 128, (x, y) => (x >= 32 && x < 48 && y >= 64 && y < 80 ? [255, 0, 0] : [30, 30, 30]));
const b64 = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64');

describe('startLocalServer', () => {
  let server: LocalServer;
  let model: ServingModel;
  let current: ServingModel | null = null;
  let state: LocalServerStatus = { state: 'downloading', detail: null };
  const metrics = createServingMetrics();

  const predict = (body: unknown, name = 'default') =>
    fetch(`${server.url}/v1/models/${name}:predict`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    });
  const errorCode = async (res: Response) => ((await res.json()) as { error: { code: string } }).error.code;

  beforeAll(async () => {
    await initServingRuntime();
    model = await loadServingModel(await redSquareDetectorZip('defect'), { modelId: 'model-7', version: 'sha-1' });
    server = await startLocalServer({ port: 0, current: () => current, metrics, status: () => state });
  });
  afterAll(async () => {
    await server.close();
    model.dispose();
  });

  it('binds loopback and answers liveness, and readiness 503 and LOADING before a model serves', async () => {
    expect(server.url).toBe(`http://127.0.0.1:${server.port}`);
    expect(await (await fetch(`${server.url}/health/live`)).json()).toEqual({ status: 'live' });
    expect((await fetch(`${server.url}/health/ready`)).status).toBe(503);
    const status = agentModelStatusSchema.parse(await (await fetch(`${server.url}/v1/models/default`)).json());
    expect(status.model_version_status[0]!.state).toBe('LOADING');
    const res = await predict({ instances: [{ b64: b64(encodePng(square)) }] });
    expect(res.status).toBe(503);
    expect(await errorCode(res)).toBe('point_unavailable');
    state = { state: 'failed', detail: 'the model did not load' };
    const failed = agentModelStatusSchema.parse(await (await fetch(`${server.url}/v1/models/default`)).json());
    expect(failed.model_version_status[0]).toMatchObject({
      state: 'UNAVAILABLE',
      status: { error_message: 'the model did not load' },
    });
  });

  it('predicts PNG, JPEG and BMP instances in order, by the model id or "default"', async () => {
    current = model;
    state = { state: 'serving', detail: null };
    metrics.takeDelta();
    expect(await (await fetch(`${server.url}/health/ready`)).json()).toEqual({
      status: 'ready',
      model: 'model-7',
      version: 'sha-1',
    });
    const blank = rgbImage(64, 64, () => [30, 30, 30]);
    const res = await predict(
      {
        instances: [
          { b64: b64(encodePng(square)) },
          { b64: `data:image/jpeg;base64,${b64(encodeJpeg(square, 100))}` },
          { b64: b64(encodeBmp(blank)) },
        ],
      },
      'model-7',
    );
    expect(res.status).toBe(200);
    const body = agentPredictResponseSchema.parse(await res.json());
    expect([body.model, body.version]).toEqual(['model-7', 'sha-1']);
    expect(body.predictions).toHaveLength(3);
    for (const found of body.predictions.slice(0, 2)) {
      expect(found).toHaveLength(1);
      expect(found[0]!.label).toBe('defect');
      expect(found[0]!.box!.x).toBeCloseTo(32, 0);
      expect(found[0]!.box!.y).toBeCloseTo(64, 0);
    }
    expect(body.predictions[2]).toEqual([]);
    const status = agentModelStatusSchema.parse(await (await fetch(`${server.url}/v1/models/model-7`)).json());
    expect(status.model_version_status[0]).toMatchObject({ version: 'sha-1', state: 'AVAILABLE' });

    const delta = metrics.takeDelta();
    expect([delta.requests, delta.errors]).toEqual([1, 0]);
    expect(delta.classCounts).toEqual({ defect: 2 });
    expect(delta.latency.reduce((a, b) => a + b, 0)).toBe(1);
  });

  it('answers bad requests with JSON errors and counts them as errors', async () => {
    current = model;
    metrics.takeDelta();
    const cases: [unknown, number, string][] = [
      ['{ not json', 400, 'bad_request'],
      [{ instances: [] }, 400, 'validation'],
      [{ instances: Array.from({ length: 17 }, () => ({ b64: 'AAAA' })) }, 400, 'validation'],
      [{ instances: [{ b64: 'not base64 at all!' }] }, 400, 'image_invalid'],
      [{ instances: [{ b64: b64(new TextEncoder().encode('GIF89a')) }] }, 400, 'image_invalid'],
    ];
    for (const [body, status, code] of cases) {
      const res = await predict(body);
      expect(res.status).toBe(status);
      expect(await errorCode(res)).toBe(code);
    }
    const other = await predict({ instances: [{ b64: b64(encodePng(square)) }] }, 'another-model');
    expect(other.status).toBe(404);
    expect(await errorCode(other)).toBe('not_found');
    expect((await fetch(`${server.url}/v1/models/another-model`)).status).toBe(404);
    expect((await fetch(`${server.url}/nowhere`)).status).toBe(404);
    expect((await fetch(`${server.url}/v1/models/default:predict`)).status).toBe(405);
    const delta = metrics.takeDelta();
    expect([delta.requests, delta.errors]).toEqual([6, 6]);
    expect(delta.classCounts).toEqual({});
  });

  it('refuses a body over the limit with 413 without reading it all', async () => {
    const res = await fetch(`${server.url}/v1/models/default:predict`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: new Uint8Array(LOCAL_PREDICT_MAX_BODY_BYTES + 1),
    });
    expect(res.status).toBe(413);
    expect(await errorCode(res)).toBe('payload_too_large');
  });

  it('answers with the new model when a switch unloads the one a request started on', async () => {
    const unloaded: ServingModel = {
      ...model,
      modelId: 'model-6',
      version: 'sha-0',
      predict: () => {
        // The switch happens while this request predicts.
        current = model;
        return Promise.reject(new Error('model model-6 was unloaded'));
      },
    };
    current = unloaded;
    const res = await predict({ instances: [{ b64: b64(encodePng(square)) }] });
    expect(res.status).toBe(200);
    const body = agentPredictResponseSchema.parse(await res.json());
    expect([body.model, body.version]).toEqual(['model-7', 'sha-1']);
    expect(body.predictions[0]![0]!.label).toBe('defect');
    // A failure with no switch behind it stays a failure.
    current = { ...model, predict: () => Promise.reject(new Error('out of memory')) };
    const failed = await predict({ instances: [{ b64: b64(encodePng(square)) }] });
    expect(failed.status).toBe(500);
    expect(await errorCode(failed)).toBe('internal');
    current = model;
  });

  it('serves totals since start on /metrics, and the model switched in at the next request', async () => {
    const totals = metricsWindowSchema.parse(await (await fetch(`${server.url}/metrics`)).json());
    expect(totals.requests).toBeGreaterThanOrEqual(9);
    expect(totals.classCounts.defect).toBe(3);
    const prometheus = await fetch(`${server.url}/monitoring/prometheus/metrics`);
    expect(prometheus.headers.get('content-type')).toContain('text/plain');
    const text = await prometheus.text();
    expect(text).toContain(`maru_agent_requests_total ${totals.requests}`);
    expect(text).toContain(`maru_agent_request_errors_total ${totals.errors}`);
    expect(text).toContain(`maru_agent_request_duration_ms_bucket{le="+Inf"} ${totals.requests}`);
    expect(text).toContain('maru_agent_predictions_total{label="defect"} 3');
    expect(text).toContain('maru_agent_model_info{model="model-7",version="sha-1"} 1');
    current = null;
    state = { state: 'idle', detail: null };
    expect((await fetch(`${server.url}/health/ready`)).status).toBe(503);
  });
});
