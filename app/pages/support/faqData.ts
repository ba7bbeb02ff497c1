import { FAQ_CATEGORIES, type FaqCategory } from '../../../contract/apiSupport';

/**
 * The FAQ page's categories, in display order; the entries themselves come from the API
 * (GET faq?locale), whose ids the page's #faq-<id> anchors use.
 */
export { FAQ_CATEGORIES, type FaqCategory };

/** The element id of an FAQ entry on the FAQ page (an anchor the search results link to). */
export function faqAnchor(id: string): string {
  return `faq-${id}`;
}

/** The entry id named by an address hash (#faq-<id>), or null. */
export function faqIdFromHash(hash: string): string | null {
  if (!hash.startsWith('#faq-')) return null;
  const id = hash.slice('#faq-'.length);
  return /^[\w-]{1,64}$/.test(id) ? id : null;
}
