import type { Project } from '../../../../contract/apiProjects';

/** Fixtures of the projects component tests: the signed-in user and API answers as the contract shapes them. */
export const me = {
  id: 'u1',
  name: '김라벨',
  email: 'kim@maru.ai',
  avatar: null,
  introduction: '',
  scope: ['user'],
  notifications: { notice: true, training: false, market: false },
  createdAt: '2026-01-01T00:00:00Z',
};

export function projectFixture(over: Partial<Project> = {}): Project {
  return {
    id: 'p1',
    title: '불량 검출',
    description: '라인 1 카메라',
    kind: 'IMAGE',
    subtype: 'IMAGE_OBJECT_DETECTION',
    organizationId: null,
    role: 'admin',
    imageCount: 12,
    labeledCount: 3,
    labelCount: 2,
    split: { train: 70, validation: 20, test: 10, seed: 1 },
    schedule: { enabled: false, cycle: null },
    createdAt: '2026-01-01T00:00:00Z',
    updatedAt: '2026-01-01T00:00:00Z',
    ...over,
  };
}

export const labelsFixture = [
  { id: 'l1', name: 'cat', color: '#e53935', position: 0, annotationCount: 4 },
  { id: 'l2', name: 'dog', color: '#1e88e5', position: 1, annotationCount: 0 },
];

export function imageFixture(over: Record<string, unknown> = {}) {
  return {
    id: 'i1',
    fileName: 'a.jpg',
    type: 'image/jpeg',
    width: 640,
    height: 480,
    bytes: 2048,
    state: 'ready',
    error: null,
    split: 'train',
    labeled: false,
    worker: null,
    tags: ['야간'],
    labelIds: [],
    thumbnailUrl: null,
    tiles: null,
    createdAt: '2026-01-02T00:00:00Z',
    ...over,
  };
}
