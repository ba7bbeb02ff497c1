import type { Purchase, Resource, ResourceSources, SalesReport } from '../../../../contract/apiMarket';
import { json, type StubCall } from '../../../test/stubFetch';
import { resourceFixture } from '../../../test/resourceFixture';
import { me } from '../projects/projectsTestData';

/** Fixtures of the market API's answers for component tests. */

export function modelResourceFixture(over: Partial<Resource> = {}): Resource {
  return resourceFixture({
    id: 'r2',
    kind: 'model',
    name: 'Bolt finder',
    format: 'tfjs',
    counts: { images: 0, annotations: 0, labels: 1 },
    model: { task: 'detection', network: 'yolo_tiny', inputSize: 320, metrics: { map50: 0.8125 } },
    ...over,
  });
}

export function sourcesFixture(over: Partial<ResourceSources['projects'][number]> = {}): ResourceSources {
  return {
    projects: [
      {
        id: 'p1',
        title: 'Parts',
        kind: 'IMAGE',
        subtype: 'IMAGE_OBJECT_DETECTION',
        images: 12,
        annotations: 30,
        labels: 2,
        datasetPosted: false,
        models: [
          {
            id: 'm1',
            tag: 'v1',
            network: 'yolo_tiny',
            task: 'detection',
            createdAt: '2026-11-01T05:00:00.000Z',
            posted: true,
          },
          {
            id: 'm2',
            tag: 'v2',
            network: 'yolo_tiny',
            task: 'detection',
            createdAt: '2026-11-02T05:00:00.000Z',
            posted: false,
          },
        ],
        ...over,
      },
      {
        id: 'p2',
        title: 'Cells',
        kind: 'IMAGE',
        subtype: 'IMAGE_CLASSIFICATION',
        images: 4,
        annotations: 4,
        labels: 2,
        datasetPosted: true,
        models: [],
      },
    ],
  };
}

export function purchaseFixture(over: Partial<Purchase> = {}): Purchase {
  return {
    id: 'pu1',
    resource: resourceFixture({
      id: 'r9',
      name: 'Screws',
      mine: false,
      purchased: true,
      seller: { id: 'u2', name: 'Lee' },
    }),
    price: 15000,
    orderId: 'o1',
    purchasedAt: '2026-11-20T05:00:00.000Z',
    exports: [],
    ...over,
  };
}

export function salesFixture(over: Partial<SalesReport> = {}): SalesReport {
  return {
    from: '2026-11-01',
    to: '2026-11-30',
    resources: [
      { resourceId: 'r1', name: 'Bolts', kind: 'dataset', count: 2, total: 30000 },
      { resourceId: 'r2', name: 'Bolt finder', kind: 'model', count: 1, total: 5000 },
    ],
    sales: [
      {
        purchaseId: 's3',
        resourceId: 'r2',
        name: 'Bolt finder',
        buyer: 'Park',
        price: 5000,
        at: '2026-11-21T05:00:00.000Z',
      },
      { purchaseId: 's2', resourceId: 'r1', name: 'Bolts', buyer: 'Lee', price: 15000, at: '2026-11-20T05:00:00.000Z' },
      {
        purchaseId: 's1',
        resourceId: 'r1',
        name: 'Bolts',
        buyer: 'Choi',
        price: 15000,
        at: '2026-11-10T05:00:00.000Z',
      },
    ],
    count: 3,
    total: 35000,
    ...over,
  };
}

/** What every console page asks first: the user (a platform admin when `admin`) and the organizations. */
export function sessionAnswers(admin = false): Record<string, (call: StubCall) => Response> {
  return {
    'GET auth/user': () => json(200, { ...me, scope: admin ? ['user', 'admin'] : ['user'] }),
    'GET orgs': () => json(200, []),
  };
}
