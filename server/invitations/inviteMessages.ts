import type { InvitationKind } from '../../contract/apiInvitations';

/** The 'invite' alert a new member finds, in their own locale, with the target's name. */
export const INVITE_MESSAGES: Record<InvitationKind, Record<'ko' | 'en', (name: string) => string>> = {
  project: {
    ko: (project) => `'${project}' 프로젝트의 멤버로 추가되었습니다.`,
    en: (project) => `You were added to the project '${project}'.`,
  },
  organization: {
    ko: (org) => `'${org}' 조직의 멤버로 추가되었습니다.`,
    en: (org) => `You were added to the organization '${org}'.`,
  },
};
