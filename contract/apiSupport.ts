import { z } from 'zod';
import { requiredString, V } from './validation';

/*
 * Organizations (spec section 6) and support content: notices, FAQ, search.
 * Paths are relative to the API base. Request schemas are strict.
 */

/** owner > admin (project admin) > member. */
export const ORG_ROLES = ['owner', 'admin', 'member'] as const;
export type OrgRole = (typeof ORG_ROLES)[number];

export const ORG_NAME_MAX = 40;
export const orgNameSchema = requiredString().max(ORG_NAME_MAX, { error: V.max40 });

/** GET orgs → the caller's organizations with their role. POST orgs `{ name }` → 201 org (caller is owner). */
export const organizationSchema = z.object({
  id: z.string(),
  name: z.string(),
  role: z.enum(ORG_ROLES),
  memberCount: z.number(),
  /** Live (not deleted) projects in the organization; the organization is deleted only at 0. */
  projectCount: z.number(),
  createdAt: z.string(),
});
export const organizationListSchema = z.array(organizationSchema);
export const organizationCreateSchema = z.object({ name: orgNameSchema }).strict();
/**
 * GET orgs/:orgId (any member) → org. PATCH orgs/:orgId (owner, admin) → org.
 * DELETE orgs/:orgId (owner) → 204, only when the caller is its last member and it has no live
 *   projects; otherwise 409 organization_not_empty.
 * POST orgs/:orgId/transfer `{ userId }` (owner) → org: the member becomes owner and the caller
 *   admin, at once; 404 for someone who is not a member, 400 for the caller themself.
 */
export const organizationUpdateSchema = organizationCreateSchema;
export const organizationTransferSchema = z.object({ userId: z.string().min(1).max(64) }).strict();

/**
 * GET orgs/:orgId/members (any member) → members.
 * POST orgs/:orgId/members `{ email, role }` (owner; admin may add members only) → 201 member;
 *   an address with an account is added at once (an alert of type 'invite' is sent to them); any
 *   other address gets an invitation (202, contract/apiInvitations.ts).
 * PATCH orgs/:orgId/members/:userId `{ role }` (owner) → member.
 * DELETE orgs/:orgId/members/:userId (owner, admin for members, anyone for themself = leave) → 204;
 *   the last owner cannot leave or be demoted (409 organization_last_owner).
 */
export const memberSchema = z.object({
  userId: z.string(),
  name: z.string(),
  email: z.string(),
  avatar: z.string().nullable(),
  role: z.enum(ORG_ROLES),
  joinedAt: z.string(),
});
export const memberListSchema = z.array(memberSchema);
export const memberAddSchema = z.object({ email: z.email({ error: V.email }), role: z.enum(ORG_ROLES) }).strict();
export const memberUpdateSchema = z.object({ role: z.enum(ORG_ROLES) }).strict();

export const NOTICE_TITLE_MAX = 100;
export const NOTICE_BODY_MAX = 50_000;
export const PAGE_SIZE_MAX = 100;

/**
 * GET notices?page=1&size=10&keyword= → page of notice summaries (newest first, pinned first).
 * GET notices/:id → notice. POST notices (platform admin: scope 'admin') → 201 notice.
 * PATCH notices/:id, DELETE notices/:id (platform admin). `body` is HTML, sanitised by the server.
 */
export const NOTICE_CATEGORIES = ['general', 'update', 'maintenance', 'event'] as const;
export const noticeSummarySchema = z.object({
  id: z.string(),
  title: z.string(),
  category: z.enum(NOTICE_CATEGORIES),
  pinned: z.boolean(),
  author: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export const noticeSchema = noticeSummarySchema.extend({ body: z.string() });
export const noticePageSchema = z.object({
  items: z.array(noticeSummarySchema),
  total: z.number(),
  page: z.number(),
  size: z.number(),
});
export const noticeWriteSchema = z
  .object({
    title: requiredString().max(NOTICE_TITLE_MAX, { error: V.max100 }),
    category: z.enum(NOTICE_CATEGORIES).default('general'),
    body: requiredString().max(NOTICE_BODY_MAX),
    pinned: z.boolean().default(false),
  })
  .strict();
export const noticeUpdateSchema = z
  .object({
    title: requiredString().max(NOTICE_TITLE_MAX, { error: V.max100 }),
    category: z.enum(NOTICE_CATEGORIES),
    body: requiredString().max(NOTICE_BODY_MAX),
    pinned: z.boolean(),
  })
  .partial()
  .strict();
export const pageQuerySchema = z
  .object({
    page: z.coerce.number().int().min(1).default(1),
    size: z.coerce.number().int().min(1).max(PAGE_SIZE_MAX).default(10),
    keyword: z.string().max(100).optional(),
  })
  .strict();

/**
 * GET faq?locale=ko → FAQ entries of that language, by category and order.
 * POST faq → 201 entry, PATCH faq/:id → entry, DELETE faq/:id → 204 (platform admin).
 */
/** The FAQ page's categories (app/pages/support/faqData.ts shows them in this order). */
export const FAQ_CATEGORIES = ['account', 'dataset', 'training', 'deployment', 'billing', 'market'] as const;
export const faqSchema = z.object({
  id: z.string(),
  locale: z.enum(['ko', 'en']),
  category: z.enum(FAQ_CATEGORIES),
  question: z.string(),
  answer: z.string(),
  position: z.number(),
});
export const faqListSchema = z.array(faqSchema);
export const faqWriteSchema = z
  .object({
    locale: z.enum(['ko', 'en']),
    category: z.enum(FAQ_CATEGORIES),
    question: requiredString().max(200),
    answer: requiredString().max(5000),
    position: z.number().int().min(0).default(0),
  })
  .strict();
export const faqUpdateSchema = z
  .object({
    locale: z.enum(['ko', 'en']),
    category: z.enum(FAQ_CATEGORIES),
    question: requiredString().max(200),
    answer: requiredString().max(5000),
    position: z.number().int().min(0),
  })
  .partial()
  .strict();
export const faqQuerySchema = z.object({ locale: z.enum(['ko', 'en']).default('ko') }).strict();

/**
 * GET search?keyword=&locale= → notices (title or body text; at most SEARCH_LIMIT, newest first,
 * each with an excerpt around the first hit) and FAQ entries of that locale (question or answer).
 * Case-insensitive; `%` and `_` are matched literally.
 */
export const SEARCH_LIMIT = 20;
export const searchQuerySchema = z
  .object({ keyword: z.string().trim().min(1).max(100), locale: z.enum(['ko', 'en']).default('ko') })
  .strict();
export const searchResultSchema = z.object({
  notices: z.array(noticeSummarySchema.extend({ excerpt: z.string() })),
  faq: z.array(faqSchema),
});

export type Organization = z.infer<typeof organizationSchema>;
export type Member = z.infer<typeof memberSchema>;
export type NoticeSummary = z.infer<typeof noticeSummarySchema>;
export type Notice = z.infer<typeof noticeSchema>;
export type NoticeCategory = (typeof NOTICE_CATEGORIES)[number];
export type FaqCategory = (typeof FAQ_CATEGORIES)[number];
export type FaqEntry = z.infer<typeof faqSchema>;
