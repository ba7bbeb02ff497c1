import type { User } from '../../contract/apiAuth';

/** A signed-in user as `GET auth/user` answers it, for component and client tests. */
export function testUser(overrides: Partial<User> = {}): User {
  return {
    id: 'u1',
    name: '김라벨',
    email: 'kim@maru.ai',
    avatar: null,
    introduction: '',
    scope: ['user'],
    notifications: { notice: true, training: true, market: false },
    createdAt: '2026-01-01T00:00:00Z',
    ...overrides,
  };
}
