import { createElement, Fragment, type ReactNode } from 'react';

/*
 * A notice body (HTML, already sanitised by the server) turned into React elements from an
 * allowlist — the same tags the server keeps (server/routes/noticesHtml.ts). Nothing is ever
 * handed to innerHTML, so a body that slipped past the server (an old row, a bug) still cannot
 * run script or carry styles: tokens live in local storage.
 */

const ALLOWED = new Set([
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
]);
/** Dropped with everything inside; any other unknown tag is unwrapped (its text kept). */
const DROPPED = new Set([
  'script',
  'style',
  'iframe',
  'object',
  'embed',
  'template',
  'noscript',
  'svg',
  'math',
  'head',
  'title',
  'textarea',
  'select',
]);
const SAFE_HREF = /^(?:https?:|mailto:)/i;
const VOID = new Set(['br']);

function convert(node: Node, key: string): ReactNode {
  if (node.nodeType === Node.TEXT_NODE) return node.textContent;
  if (node.nodeType !== Node.ELEMENT_NODE) return null;
  const element = node as Element;
  const tag = element.tagName.toLowerCase();
  if (DROPPED.has(tag)) return null;
  const children = Array.from(element.childNodes, (child, i) => convert(child, `${key}.${i}`));
  if (!ALLOWED.has(tag)) return createElement(Fragment, { key }, ...children);
  if (VOID.has(tag)) return createElement(tag, { key });
  const props: Record<string, string> = { key };
  if (tag === 'a') {
    const href = element.getAttribute('href')?.trim() ?? '';
    if (SAFE_HREF.test(href)) props.href = href;
    props.rel = 'noopener noreferrer';
  }
  return createElement(tag, props, ...children);
}

/** The allowed elements of `html`, as React nodes. */
export function noticeHtmlToReact(html: string): ReactNode[] {
  const doc = new DOMParser().parseFromString(html, 'text/html');
  return Array.from(doc.body.childNodes, (node, i) => convert(node, String(i)));
}
