import { describe, expect, it } from 'vitest';
import {
  collectSitePages,
  highlightChunks,
  keywordFromSearch,
  normalizeKeyword,
  searchSite,
  searchTerms,
  type SearchableFaq,
  type SearchablePage,
} from './searchSite';

const faq: SearchableFaq[] = [
  {
    id: 'gpuHours',
    category: 'training',
    question: 'How are GPU training hours counted?',
    answer: 'By the minute, on the training server.',
  },
  {
    id: 'assistAi',
    category: 'dataset',
    question: 'How does assist AI labeling work?',
    answer: 'Assist AI draws boxes; you check them.',
  },
  {
    id: 'largeImages',
    category: 'dataset',
    question: '아주 큰 이미지도 라벨링할 수 있나요?',
    answer: 'WebGL로 그려서 확대가 부드럽습니다.',
  },
  {
    id: 'export',
    category: 'dataset',
    question: 'Can I download a dataset?',
    answer: 'Yes, with labels as XML. Labeling data stays yours.',
  },
];

const pages: SearchablePage[] = [
  { href: '/info/label', title: 'Data labeling', section: 'Introduction' },
  { href: '/pricing', title: 'Pricing' },
  { href: '/docs', title: 'Guide site', section: 'Customer support', external: true },
];

describe('keywordFromSearch', () => {
  it('reads and trims the keyword parameter, with or without "?"', () => {
    expect(keywordFromSearch('?keyword=%20GPU%20%20hours ')).toBe('GPU hours');
    expect(keywordFromSearch('keyword=%EB%9D%BC%EB%B2%A8')).toBe('라벨');
    expect(keywordFromSearch('?other=1')).toBe('');
    expect(keywordFromSearch('')).toBe('');
  });
});

describe('normalizeKeyword and searchTerms', () => {
  it('folds white space and lowercases distinct terms', () => {
    expect(normalizeKeyword('  a \t b\n ')).toBe('a b');
    expect(searchTerms('GPU gpu Hours')).toEqual(['gpu', 'hours']);
    expect(searchTerms('   ')).toEqual([]);
  });
  it('lowercases in the given locale', () => {
    expect(searchTerms('İSTANBUL', 'tr')).toEqual(['istanbul']);
  });
});

describe('searchSite', () => {
  it('finds nothing for an empty keyword', () => {
    expect(searchSite('  ', { faq, pages })).toEqual({ keyword: '', faq: [], pages: [], total: 0 });
  });

  it('matches questions and answers case-insensitively', () => {
    const result = searchSite('gpu', { faq, pages }, 'en');
    expect(result.faq.map((e) => e.id)).toEqual(['gpuHours']);
    expect(searchSite('xml', { faq, pages }, 'en').faq.map((e) => e.id)).toEqual(['export']);
  });

  it('requires every term to match', () => {
    expect(searchSite('assist boxes', { faq, pages }, 'en').faq.map((e) => e.id)).toEqual(['assistAi']);
    expect(searchSite('assist xml', { faq, pages }, 'en').total).toBe(0);
  });

  it('ranks question matches before answer-only matches', () => {
    const result = searchSite('labeling', { faq, pages }, 'en');
    expect(result.faq.map((e) => e.id)).toEqual(['assistAi', 'export']);
  });

  it('searches Korean text', () => {
    const result = searchSite('라벨링', { faq, pages }, 'ko');
    expect(result.faq.map((e) => e.id)).toEqual(['largeImages']);
  });

  it('finds pages by title only and counts everything', () => {
    const result = searchSite('LABELING', { faq, pages }, 'en');
    expect(result.pages.map((p) => p.href)).toEqual(['/info/label']);
    expect(result.total).toBe(result.faq.length + 1);
    expect(searchSite('introduction', { faq, pages }, 'en').pages).toEqual([]);
    expect(searchSite(' pricing ', { faq, pages }, 'en').keyword).toBe('pricing');
  });

  it('treats regular-expression characters literally', () => {
    expect(searchSite('(', { faq, pages }).total).toBe(0);
    expect(searchSite('.*', { faq, pages }).total).toBe(0);
  });
});

describe('highlightChunks', () => {
  it('marks every occurrence of every term, keeping the original case', () => {
    expect(highlightChunks('Assist AI draws; assist points', 'ASSIST')).toEqual([
      { text: 'Assist', match: true },
      { text: ' AI draws; ', match: false },
      { text: 'assist', match: true },
      { text: ' points', match: false },
    ]);
  });
  it('prefers the longer of overlapping terms and keeps the text whole', () => {
    const chunks = highlightChunks('labeling studio', 'label labeling');
    expect(chunks).toEqual([
      { text: 'labeling', match: true },
      { text: ' studio', match: false },
    ]);
    expect(chunks.map((c) => c.text).join('')).toBe('labeling studio');
  });
  it('returns the text unmarked without a keyword, and nothing for no text', () => {
    expect(highlightChunks('GPU (hours)', '')).toEqual([{ text: 'GPU (hours)', match: false }]);
    expect(highlightChunks('GPU (hours)', '(')).toEqual([
      { text: 'GPU ', match: false },
      { text: '(', match: true },
      { text: 'hours)', match: false },
    ]);
    expect(highlightChunks('', 'x')).toEqual([]);
  });
});

describe('collectSitePages', () => {
  const names: Record<string, string> = {
    'nav.introduction': 'Introduction',
    'nav.info.label': 'Data labeling',
    'nav.pricing': 'Pricing',
    'nav.support': 'Customer support',
    'nav.supportLinks.guide': 'Guide site',
    'docs.title': 'Customer support guide',
  };
  const translate = (key: string) => names[key] ?? key;

  it('flattens menus, keeps external links and drops duplicates', () => {
    const result = collectSitePages(
      [
        { key: 'nav.introduction', links: [{ key: 'nav.info.label', href: '/info/label' }] },
        { key: 'nav.pricing', links: [{ key: 'nav.pricing', href: '/pricing' }] },
        { key: 'nav.support', links: [{ key: 'nav.supportLinks.guide', href: '/docs', external: true }] },
      ],
      [
        { key: 'nav.pricing', href: '/pricing' },
        { key: 'docs.title', href: '/support/docs', sectionKey: 'nav.support' },
      ],
      translate,
    );
    expect(result).toEqual([
      { href: '/info/label', title: 'Data labeling', section: 'Introduction' },
      { href: '/pricing', title: 'Pricing' },
      { href: '/docs', title: 'Guide site', section: 'Customer support', external: true },
      { href: '/support/docs', title: 'Customer support guide', section: 'Customer support' },
    ]);
  });
});
