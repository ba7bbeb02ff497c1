import type { Resource } from '../../../../contract/apiMarket';
import type { BillingInfo, Order } from '../../../../contract/apiPayments';
import type { Organization } from '../../../../contract/apiSupport';
import { resourceFixture as baseResource } from '../../../test/resourceFixture';
import { json, type StubHandler } from '../../../test/stubFetch';
import { testUser } from '../../../test/testUser';

/** A READY test-provider order for a dataset, as GET orders/:orderId answers it. */
export function orderFixture(overrides: Partial<Order> = {}): Order {
  return {
    orderId: 'ord_abc123',
    kind: 'resource',
    orderName: 'Defect images',
    amount: 30_000,
    vat: 0,
    status: 'READY',
    provider: 'test',
    resourceId: 'r1',
    plan: null,
    billing: null,
    account: null,
    method: null,
    failureCode: null,
    failureMessage: null,
    buyer: { id: 'u1', name: '김라벨', email: 'kim@maru.ai' },
    createdAt: '2026-05-01T04:00:00.000Z',
    approvedAt: null,
    canceledAt: null,
    ...overrides,
  };
}

/** Someone else's dataset, the one orderFixture buys. */
export function resourceFixture(overrides: Partial<Resource> = {}): Resource {
  return baseResource({
    name: 'Defect images',
    description: 'Scratches on steel',
    price: 30_000,
    format: 'coco',
    seller: { id: 'u9', name: 'Seller Park' },
    labels: [],
    counts: { images: 10, annotations: 20, labels: 2 },
    bytes: 1000,
    purchases: 0,
    createdAt: '2026-04-01T00:00:00.000Z',
    approvedAt: '2026-04-02T00:00:00.000Z',
    mine: false,
    ...overrides,
  });
}

export function orgFixture(overrides: Partial<Organization> = {}): Organization {
  return {
    id: 'o1',
    name: 'Acme',
    role: 'owner',
    memberCount: 2,
    projectCount: 1,
    createdAt: '2026-01-01T00:00:00Z',
    ...overrides,
  };
}

export function billingFixture(overrides: Partial<BillingInfo> = {}): BillingInfo {
  return {
    account: { kind: 'personal', id: 'personal', name: '김라벨' },
    plan: 'free',
    billing: null,
    renewsAt: null,
    usage: { projects: 2, storage: 1.5 * 1024 ** 3, trainingHours: 2, edgePoints: 0, webPoints: 0 },
    limits: { projects: 3, storage: 5 * 1024 ** 3, trainingHours: 2, edgePoints: 1, webPoints: 0 },
    canManage: true,
    ...overrides,
  };
}

/** The signed-in user, organizations and payment config every checkout page asks for. */
export function sessionAnswers(
  provider: 'test' | 'toss' = 'test',
  organizations: Organization[] = [],
  user = testUser(),
): Record<string, StubHandler> {
  return {
    'GET auth/user': () => json(200, user),
    'GET orgs': () => json(200, organizations),
    'GET payments/config': () =>
      json(200, { provider, clientKey: provider === 'toss' ? 'test_ck_D5GePWvyJnrK0W0k6q8gLzN97Eoq' : null }),
  };
}
