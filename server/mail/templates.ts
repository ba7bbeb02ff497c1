import type { Mail } from './Mailer';

/*
 * The texts of the mails the server sends, in Korean and English. They are server-side texts
 * (no i18next here); each template returns the plain-text and HTML bodies and the links.
 */
export type MailLocale = 'ko' | 'en';

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch] ?? ch);

function build(to: string, subject: string, lines: string[], link: string | null): Mail {
  const text = [...lines, ...(link ? ['', link] : [])].join('\n');
  const html = [
    ...lines.map((l) => `<p>${escapeHtml(l)}</p>`),
    ...(link ? [`<p><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>`] : []),
  ].join('\n');
  return { to, subject, text, html, links: link ? [link] : [] };
}

/** A page of the client for `locale`: Korean pages have no prefix, English ones `/en`. */
export function pageLink(publicUrl: string, locale: MailLocale, page: string): string {
  return `${publicUrl}${locale === 'en' ? '/en' : ''}${page}`;
}

const TEXTS = {
  ko: {
    verifySubject: '[Maru AI] 이메일 주소를 인증해주세요',
    verify: (name: string) => [
      `${name}님, 가입해주셔서 감사합니다.`,
      '아래 링크를 눌러 이메일 주소를 인증해주세요. 링크는 24시간 동안 유효합니다.',
    ],
    takenSubject: '[Maru AI] 이미 가입된 이메일 주소입니다',
    taken: (name: string) => [
      `${name}님, 이 이메일 주소로 다시 가입하려는 시도가 있었습니다.`,
      '본인이 맞다면 아래 링크에서 로그인하거나 비밀번호를 재설정하세요. 본인이 아니라면 이 메일을 무시하세요.',
    ],
    resetSubject: '[Maru AI] 비밀번호 재설정',
    reset: (name: string) => [
      `${name}님, 비밀번호 재설정을 요청하셨습니다.`,
      '아래 링크에서 새 비밀번호를 설정하세요. 링크는 1시간 동안 유효합니다. 요청하지 않으셨다면 이 메일을 무시하세요.',
    ],
  },
  en: {
    verifySubject: '[Maru AI] Please verify your e-mail address',
    verify: (name: string) => [
      `Hello ${name}, thank you for signing up.`,
      'Open the link below to verify your e-mail address. The link is valid for 24 hours.',
    ],
    takenSubject: '[Maru AI] This e-mail address already has an account',
    taken: (name: string) => [
      `Hello ${name}, someone tried to sign up again with this e-mail address.`,
      'If it was you, sign in or reset your password from the link below. If not, ignore this mail.',
    ],
    resetSubject: '[Maru AI] Reset your password',
    reset: (name: string) => [
      `Hello ${name}, you asked to reset your password.`,
      'Set a new password from the link below. The link is valid for 1 hour. If you did not ask, ignore this mail.',
    ],
  },
} as const;

export function verifyMail(to: string, name: string, locale: MailLocale, link: string): Mail {
  const t = TEXTS[locale];
  return build(to, t.verifySubject, t.verify(name), link);
}

export function accountExistsMail(to: string, name: string, locale: MailLocale, link: string): Mail {
  const t = TEXTS[locale];
  return build(to, t.takenSubject, t.taken(name), link);
}

export function resetMail(to: string, name: string, locale: MailLocale, link: string): Mail {
  const t = TEXTS[locale];
  return build(to, t.resetSubject, t.reset(name), link);
}

export interface InvitationMailFacts {
  inviterName: string;
  kind: 'project' | 'organization';
  targetName: string;
  role: 'owner' | 'admin' | 'member' | 'worker';
  /** ISO time the link stops working. */
  expiresAt: string;
}

const ROLE_NAMES: Record<MailLocale, Record<InvitationMailFacts['role'], string>> = {
  ko: { owner: '소유자', admin: '관리자', member: '멤버', worker: '작업자' },
  en: { owner: 'Owner', admin: 'Admin', member: 'Member', worker: 'Worker' },
};

const pad2 = (n: number) => String(n).padStart(2, '0');

/** `YYYY-MM-DD HH:MM` with its zone: Korean time (UTC+9, no daylight saving) in Korean, UTC in English. */
function mailTime(iso: string, locale: MailLocale): string {
  const offsetH = locale === 'ko' ? 9 : 0;
  const d = new Date(Date.parse(iso) + offsetH * 3600 * 1000);
  const text = `${d.getUTCFullYear()}-${pad2(d.getUTCMonth() + 1)}-${pad2(d.getUTCDate())} ${pad2(d.getUTCHours())}:${pad2(d.getUTCMinutes())}`;
  return `${text} ${locale === 'ko' ? 'KST' : 'UTC'}`;
}

/** The invitation of an address without an account; `link` is the sign-up page with the invitation's key. */
export function invitationMail(to: string, locale: MailLocale, facts: InvitationMailFacts, link: string): Mail {
  const role = ROLE_NAMES[locale][facts.role];
  const expires = mailTime(facts.expiresAt, locale);
  if (locale === 'ko') {
    const what = `'${facts.targetName}' ${facts.kind === 'project' ? '프로젝트' : '조직'}`;
    return build(
      to,
      `[Maru AI] ${facts.inviterName}님이 ${what}에 초대했습니다`,
      [
        `${facts.inviterName}님이 ${what}에 ${role} 역할로 초대했습니다.`,
        `아래 링크에서 이 이메일 주소로 가입하면 바로 참여됩니다. 링크는 ${expires}까지 유효합니다.`,
        '초대받을 이유가 없다면 이 메일을 무시하세요.',
      ],
      link,
    );
  }
  const what = `the ${facts.kind} '${facts.targetName}'`;
  return build(
    to,
    `[Maru AI] ${facts.inviterName} invited you to ${what}`,
    [
      `${facts.inviterName} invited you to ${what} as ${role}.`,
      `Sign up with this e-mail address from the link below to join at once. The link is valid until ${expires}.`,
      'If you did not expect this invitation, ignore this mail.',
    ],
    link,
  );
}

/** The confirmation that an account was deleted (server/account/withdrawAccount.ts), to the old address. */
export function withdrawalMail(to: string, name: string, locale: MailLocale, at: string, publicUrl: string): Mail {
  const when = mailTime(at, locale);
  const support = pageLink(publicUrl, locale, '/support');
  if (locale === 'ko') {
    return build(
      to,
      '[Maru AI] 회원 탈퇴가 완료되었습니다',
      [
        `${name}님, ${when}에 Maru AI 계정이 삭제되었습니다.`,
        '이름, 이메일 주소, 비밀번호, 소개, 프로필 사진, 알림과 설정은 삭제되었고, 모든 로그인이 종료되었습니다. 함께 쓰던 프로젝트에 올린 이미지와 라벨은 이름 없이 그 프로젝트에 남습니다.',
        '이 이메일 주소로 언제든 다시 가입할 수 있습니다. 직접 탈퇴하지 않았다면 아래 고객지원으로 바로 알려주세요.',
      ],
      support,
    );
  }
  return build(
    to,
    '[Maru AI] Your account has been deleted',
    [
      `Hello ${name}, your Maru AI account was deleted on ${when}.`,
      'Your name, e-mail address, password, introduction, profile picture, alerts and settings were erased, and every sign-in was ended. Images and labels you added to shared projects stay with those projects without your name.',
      'You can sign up again with this e-mail address at any time. If you did not do this, tell our support team at once from the link below.',
    ],
    support,
  );
}
