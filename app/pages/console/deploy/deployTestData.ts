import type { Deployment, DeploymentTarget, Point, PointMetrics } from '../../../../contract/apiDeploy';
import { LATENCY_BUCKETS, bucketOf, emptyMetrics } from '../../../../contract/latencyHistogram';
import { json, type StubCall } from '../../../test/stubFetch';
import { me, projectFixture } from '../projects/projectsTestData';

/** Fixtures of the deployment API's answers for component tests. */

export function metricsFixture(over: Partial<PointMetrics> = {}): PointMetrics {
  const latency = new Array<number>(LATENCY_BUCKETS).fill(0);
  latency[bucketOf(12)] = 90;
  latency[bucketOf(140)] = 10;
  const series = Array.from({ length: 60 }, (_, i) => ({
    at: new Date(Date.UTC(2026, 10, 27, 5, i)).toISOString(),
    requests: i === 59 ? 100 : 0,
    errors: i === 59 ? 2 : 0,
    p50Ms: i === 59 ? 12 : null,
    p95Ms: i === 59 ? 140 : null,
  }));
  return {
    minutes: 60,
    series,
    total: { requests: 100, errors: 2, latency, classCounts: { cat: 70, dog: 28 } },
    ...over,
  };
}

export function edgePointFixture(over: Partial<Point> = {}): Point {
  const recent = emptyMetrics();
  recent.requests = 42;
  recent.latency[bucketOf(25)] = 42;
  return {
    id: 'e1',
    projectId: 'p1',
    projectTitle: 'Parts',
    kind: 'edge',
    name: 'Line camera',
    description: 'Station 3',
    endpoint: 'http://127.0.0.1:8501',
    model: { id: 'm1', tag: 'v1', task: 'classification', trainingId: 't1' },
    version: 'abcdef0123456789abcdef',
    deployment: { id: 'd1', modelId: 'm1', state: 'succeeded', error: null, at: '2026-11-27T05:00:00.000Z' },
    connection: 'connected',
    device: {
      deviceId: 'dev-123',
      enrolledAt: '2026-11-27T04:00:00.000Z',
      lastSeenAt: new Date().toISOString(),
      agentVersion: '1.0.0',
      node: 'v20.11.0',
      platform: 'linux',
      arch: 'x64',
      backends: ['wasm', 'cpu'],
      hostname: 'cam-3',
      localUrl: 'http://127.0.0.1:8501',
      status: 'serving',
      checks: { clockSkewMs: 120, freeDiskBytes: 5 * 1024 ** 3, failedCalls: 0, lastError: null },
    },
    lastPing: null,
    instance: null,
    recent,
    heartbeatSeconds: 15,
    createdAt: '2026-11-27T03:00:00.000Z',
    createdBy: { id: 'u1', name: 'Kim' },
    ...over,
  };
}

export function targetFixture(over: Partial<DeploymentTarget> = {}): DeploymentTarget {
  return {
    pointId: 'e1',
    pointName: 'Line camera',
    pointKind: 'edge',
    state: 'pending',
    error: null,
    detail: null,
    progress: null,
    updatedAt: '2026-11-27T05:00:00.000Z',
    ...over,
  };
}

export function deploymentFixture(over: Partial<Deployment> = {}): Deployment {
  return {
    id: 'd1',
    projectId: 'p1',
    model: { id: 'm1', tag: 'v1', task: 'classification', trainingId: 't1' },
    version: 'abcdef0123456789abcdef',
    targets: [targetFixture()],
    createdAt: '2026-11-27T05:00:00.000Z',
    createdBy: { id: 'u1', name: 'Kim' },
    ...over,
  };
}

/** What a point list page asks for: the user, no organizations, a project managed and one labelled only, the points. */
export function pointListAnswers(points: unknown[]): Record<string, (call: StubCall) => Response> {
  return {
    'GET auth/user': () => json(200, me),
    'GET orgs': () => json(200, []),
    'GET projects': () =>
      json(200, [
        projectFixture({ id: 'p1', title: 'Parts', role: 'member' }),
        projectFixture({ id: 'p2', title: 'Labels only', role: 'worker' }),
      ]),
    'GET points': () => json(200, { items: points }),
  };
}
