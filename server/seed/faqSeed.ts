import { z } from 'zod';
import { FAQ_CATEGORIES } from '../../contract/apiSupport';
import en from './faq.en.json';
import ko from './faq.ko.json';

/*
 * The FAQ a fresh server starts with, in both languages (the texts the FAQ page shipped with
 * before it read the API). Entry ids are `<locale>-<key>`, so the page's #faq-<id> anchors and
 * the search results' links stay readable.
 */

const seedEntrySchema = z.object({
  key: z.string().regex(/^[A-Za-z]+$/),
  category: z.enum(FAQ_CATEGORIES),
  position: z.number().int().min(0),
  question: z.string().min(1),
  answer: z.string().min(1),
});

export interface FaqSeedRow {
  id: string;
  locale: 'ko' | 'en';
  category: string;
  question: string;
  answer: string;
  position: number;
}

/** Both languages' entries, checked (a broken seed file fails the migration, not a page). */
export function faqSeedRows(): FaqSeedRow[] {
  const sets = { ko, en } as const;
  return (['ko', 'en'] as const).flatMap((locale) =>
    z
      .array(seedEntrySchema)
      .parse(sets[locale])
      .map((e) => ({
        id: `${locale}-${e.key}`,
        locale,
        category: e.category,
        question: e.question,
        answer: e.answer,
        position: e.position,
      })),
  );
}
