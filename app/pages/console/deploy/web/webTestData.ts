import type { Point } from '../../../../../contract/apiDeploy';
import { edgePointFixture } from '../deployTestData';

/** A running web point as the API reports it. */
export function webPointFixture(over: Partial<Point> = {}): Point {
  return edgePointFixture({
    id: 'w1',
    kind: 'web',
    name: 'Checkout API',
    description: 'Front desk',
    endpoint: 'http://localhost:8787/api/v1/points/w1/predict',
    connection: null,
    device: null,
    instance: {
      serverType: 'local',
      cloudType: 'none',
      cloudRegion: 'local',
      instanceType: 'local-2',
      instanceId: 'local-w1',
      instanceState: 'running',
      instanceAddress: 'http://localhost:8787/api/v1/points/w1/predict',
      error: null,
      preparedAt: '2026-11-27T05:00:00.000Z',
    },
    ...over,
  });
}
