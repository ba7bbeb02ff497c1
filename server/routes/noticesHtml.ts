import sanitizeHtml from 'sanitize-html';

/*
 * Notice bodies are HTML written by platform admins and shown to everyone, so they are cleaned
 * on the way in (stored XSS is the threat: tokens live in local storage). Only a small set of
 * text tags survives; no style, no script, no event handlers, links only to http(s) and mailto.
 */
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'strong',
    'em',
    'u',
    's',
    'a',
    'ul',
    'ol',
    'li',
    'h2',
    'h3',
    'h4',
    'blockquote',
    'code',
    'pre',
  ],
  // `rel` comes from the transform below, never from the input (the transform overwrites it).
  allowedAttributes: { a: ['href', 'rel'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  // Links open elsewhere without handing the opener over.
  transformTags: { a: sanitizeHtml.simpleTransform('a', { rel: 'noopener noreferrer' }) },
};

export function sanitizeNoticeHtml(html: string): string {
  return sanitizeHtml(html, OPTIONS).trim();
}

const BLOCK_BOUNDARY = /<\/?(?:p|br|li|ul|ol|h2|h3|h4|blockquote|pre)\b[^>]*>/gi;
const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

function decodeEntities(text: string): string {
  return text.replace(/&(#x[\da-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name[0] === '#') {
      const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return ENTITIES[name.toLowerCase()] ?? whole;
  });
}

/** The plain text of sanitised HTML: block boundaries become spaces, entities are decoded. */
export function noticeHtmlToText(html: string): string {
  const spaced = html.replace(BLOCK_BOUNDARY, ' ');
  const stripped = sanitizeHtml(spaced, { allowedTags: [], allowedAttributes: {} });
  return decodeEntities(stripped).replace(/\s+/g, ' ').trim();
}
