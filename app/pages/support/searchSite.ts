/**
 * The support search: pure functions over already translated texts, so the page decides the
 * language and this module only matches. A keyword is split into terms on white space; an item
 * matches when every term occurs in it, compared case-insensitively in the page's locale.
 */

/** A page of the site that the search can find by its title. */
export interface SearchablePage {
  /** Locale-free path (or the guide site's address when `external`). */
  href: string;
  title: string;
  /** The menu the page belongs to, shown as context under the title. */
  section?: string;
  external?: boolean;
}

/** An FAQ entry as the search sees it. */
export interface SearchableFaq {
  id: string;
  category: string;
  question: string;
  answer: string;
}

export interface SiteSearchResult {
  /** The normalised keyword that was searched ('' when there was nothing to search). */
  keyword: string;
  faq: SearchableFaq[];
  pages: SearchablePage[];
  total: number;
}

/** One piece of a highlighted text. */
export interface TextChunk {
  text: string;
  match: boolean;
}

/** The `keyword` parameter of a query string (with or without its leading `?`), trimmed. */
export function keywordFromSearch(search: string): string {
  return normalizeKeyword(new URLSearchParams(search).get('keyword') ?? '');
}

/** Trims the keyword and folds runs of white space into one space. */
export function normalizeKeyword(keyword: string): string {
  return keyword.trim().replace(/\s+/g, ' ');
}

/** The distinct search terms of a keyword, in the locale's lower case. */
export function searchTerms(keyword: string, locale?: string): string[] {
  const normalized = normalizeKeyword(keyword);
  if (!normalized) return [];
  return [...new Set(normalized.toLocaleLowerCase(locale).split(' '))];
}

function containsAll(texts: readonly string[], terms: readonly string[], locale?: string): boolean {
  const haystack = texts.join('\n').toLocaleLowerCase(locale);
  return terms.every((term) => haystack.includes(term));
}

/** 0 when the text alone holds every term, else 1 (for sorting). */
function rank(text: string, terms: readonly string[], locale?: string): number {
  return containsAll([text], terms, locale) ? 0 : 1;
}

/**
 * Searches the FAQ (question and answer) and the page titles. FAQ entries whose question holds
 * every term come before those that match only through their answer; otherwise the given order
 * is kept.
 */
export function searchSite(
  keyword: string,
  sources: { faq: readonly SearchableFaq[]; pages: readonly SearchablePage[] },
  locale?: string,
): SiteSearchResult {
  const normalized = normalizeKeyword(keyword);
  const terms = searchTerms(normalized, locale);
  if (terms.length === 0) return { keyword: '', faq: [], pages: [], total: 0 };
  const faq = sources.faq
    .map((entry, index) => ({ entry, index }))
    .filter(({ entry }) => containsAll([entry.question, entry.answer], terms, locale))
    .sort((a, b) => rank(a.entry.question, terms, locale) - rank(b.entry.question, terms, locale) || a.index - b.index)
    .map(({ entry }) => entry);
  const pages = sources.pages.filter((page) => containsAll([page.title], terms, locale));
  return { keyword: normalized, faq, pages, total: faq.length + pages.length };
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Splits a text into plain and matching chunks for every occurrence of any term. */
export function highlightChunks(text: string, keyword: string): TextChunk[] {
  const terms = searchTerms(keyword).sort((a, b) => b.length - a.length);
  if (terms.length === 0 || !text) return text ? [{ text, match: false }] : [];
  const pattern = new RegExp(`(${terms.map(escapeRegExp).join('|')})`, 'giu');
  const chunks: TextChunk[] = [];
  let last = 0;
  for (const found of text.matchAll(pattern)) {
    const start = found.index;
    if (start > last) chunks.push({ text: text.slice(last, start), match: false });
    chunks.push({ text: found[0], match: true });
    last = start + found[0].length;
  }
  if (last < text.length) chunks.push({ text: text.slice(last), match: false });
  return chunks;
}

/**
 * The searchable pages from navigation menus plus extra pages, translated by `translate`.
 * A page reachable from several places is listed once (its first occurrence wins).
 */
export function collectSitePages(
  menus: ReadonlyArray<{ key: string; links: ReadonlyArray<{ key: string; href: string; external?: boolean }> }>,
  extra: ReadonlyArray<{ key: string; href: string; sectionKey?: string }>,
  translate: (key: string) => string,
): SearchablePage[] {
  const pages = new Map<string, SearchablePage>();
  const add = (page: SearchablePage) => {
    if (!pages.has(page.href)) pages.set(page.href, page);
  };
  for (const menu of menus) {
    const section = translate(menu.key);
    for (const link of menu.links) {
      const title = translate(link.key);
      add({
        href: link.href,
        title,
        ...(title !== section ? { section } : {}),
        ...(link.external ? { external: true } : {}),
      });
    }
  }
  for (const page of extra) {
    add({
      href: page.href,
      title: translate(page.key),
      ...(page.sectionKey ? { section: translate(page.sectionKey) } : {}),
    });
  }
  return [...pages.values()];
}
