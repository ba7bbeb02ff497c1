import type { Member, Organization } from '../../../../contract/apiSupport';

/** Fixtures of the organization component tests (the signed-in user is projectsTestData's `me`, id 'u1'). */
export function orgFixture(over: Partial<Organization> = {}): Organization {
  return {
    id: 'o1',
    name: 'Vision Team',
    role: 'owner',
    memberCount: 3,
    projectCount: 0,
    createdAt: '2026-01-01T00:00:00Z',
    ...over,
  };
}

export function memberFixture(over: Partial<Member> = {}): Member {
  return {
    userId: 'u1',
    name: '김라벨',
    email: 'kim@maru.ai',
    avatar: null,
    role: 'owner',
    joinedAt: '2026-01-01T00:00:00Z',
    ...over,
  };
}

/** The team seen by u1 with `role`: u1, an admin (u2) and a plain member (u3). */
export function teamMembers(role: Member['role']): Member[] {
  return [
    memberFixture({ role }),
    memberFixture({ userId: 'u2', name: 'Admin Lee', email: 'lee@maru.ai', role: 'admin' }),
    memberFixture({ userId: 'u3', name: 'Member Park', email: 'park@maru.ai', role: 'member' }),
  ];
}
