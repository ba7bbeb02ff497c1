/**
 * The FAQ, shared by the FAQ page and the support search. The texts live in the `support`
 * namespace under `faq.entries.<id>.question|answer` (so both locales carry the same keys, which
 * `locales/parity.test.ts` checks); this module fixes the ids, their order and their category.
 */
export const FAQ_CATEGORIES = ['account', 'dataset', 'training', 'deployment', 'billing', 'market'] as const;
export type FaqCategory = (typeof FAQ_CATEGORIES)[number];

export const FAQ_IDS_BY_CATEGORY = {
  account: ['signUp', 'members', 'password'],
  dataset: ['dataTypes', 'largeImages', 'assistAi', 'export'],
  training: ['minimumData', 'gpuHours', 'stopTraining'],
  deployment: ['edgeVsWeb', 'edgeConnect'],
  billing: ['receipts', 'planChange'],
  market: ['sell', 'purchased'],
} as const satisfies Record<FaqCategory, readonly string[]>;

export type FaqId = (typeof FAQ_IDS_BY_CATEGORY)[FaqCategory][number];

export interface FaqEntry {
  id: FaqId;
  category: FaqCategory;
  question: string;
  answer: string;
}

/** Every FAQ id with its category, in display order. */
export const FAQ_INDEX: ReadonlyArray<{ id: FaqId; category: FaqCategory }> = FAQ_CATEGORIES.flatMap((category) =>
  FAQ_IDS_BY_CATEGORY[category].map((id) => ({ id, category })),
);

export function isFaqCategory(value: string): value is FaqCategory {
  return (FAQ_CATEGORIES as readonly string[]).includes(value);
}

export function isFaqId(value: string): value is FaqId {
  return FAQ_INDEX.some((entry) => entry.id === value);
}

/** The element id of an FAQ entry on the FAQ page (an anchor the search results link to). */
export function faqAnchor(id: FaqId): string {
  return `faq-${id}`;
}

/** The FAQ entries, translated by `t` bound to the `support` namespace. */
export function faqEntries(t: (key: string) => string): FaqEntry[] {
  return FAQ_INDEX.map(({ id, category }) => ({
    id,
    category,
    question: t(`faq.entries.${id}.question`),
    answer: t(`faq.entries.${id}.answer`),
  }));
}
