import type { Resource } from '../../contract/apiMarket';

/**
 * A market resource as the API answers it, for component tests of the public market, My resources,
 * the review queue and checkout: an approved public dataset of the caller's own; each suite
 * overrides what its story needs.
 */
export function resourceFixture(over: Partial<Resource> = {}): Resource {
  return {
    id: 'r1',
    kind: 'dataset',
    name: 'Bolts',
    description: 'Bolts on a belt',
    price: 15000,
    format: 'voc',
    fields: ['manufacture'],
    visibility: 'public',
    approval: 'approved',
    rejectReason: null,
    checkError: null,
    seller: { id: 'u1', name: '김라벨' },
    subtype: 'IMAGE_OBJECT_DETECTION',
    covers: 0,
    labels: [{ name: 'bolt', color: '#ff0000' }],
    counts: { images: 12, annotations: 30, labels: 1 },
    samples: [],
    model: null,
    bytes: 2048,
    purchases: 3,
    createdAt: '2026-11-01T05:00:00.000Z',
    approvedAt: '2026-11-02T05:00:00.000Z',
    bookmarked: false,
    purchased: false,
    mine: true,
    ...over,
  };
}
