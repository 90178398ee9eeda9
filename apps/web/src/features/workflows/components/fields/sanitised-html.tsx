import { createElement, type ReactNode } from 'react';

// html answers are stored as sent (the engine trusts nothing) and shown only through this
// allowlist: the text is parsed into an inert document (nothing in it loads or runs), then rebuilt
// as React elements, so no markup string ever reaches innerHTML. Scripts, styles, frames, forms and
// every event handler, style or id attribute are dropped; links keep http(s) and mailto addresses.
const DROPPED = new Set([
  'script',
  'style',
  'iframe',
  'frame',
  'frameset',
  'object',
  'embed',
  'template',
  'noscript',
  'svg',
  'math',
  'form',
  'input',
  'button',
  'textarea',
  'select',
  'option',
  'link',
  'meta',
  'title',
  'base',
  'head',
  'audio',
  'video',
  'source',
  'canvas',
  'applet',
]);
const KEPT = new Set([
  'p',
  'br',
  'b',
  'strong',
  'i',
  'em',
  'u',
  's',
  'sub',
  'sup',
  'small',
  'mark',
  'code',
  'pre',
  'blockquote',
  'ul',
  'ol',
  'li',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'a',
  'table',
  'thead',
  'tbody',
  'tfoot',
  'tr',
  'th',
  'td',
  'caption',
  'span',
  'div',
  'hr',
  'img',
  'dl',
  'dt',
  'dd',
]);
const VOID = new Set(['br', 'hr', 'img']);
const SAFE_LINK = /^(?:https?:|mailto:)/i;

// Images only from us (issue 12, finding 8): the page policy blocks other hosts anyway (img-src
// 'self'), and a remote image in an answer would tell its host who read it, and when.
function isOwnImage(src: string): boolean {
  if (/^\/(?![/\\])/.test(src)) return true;
  if (!/^https?:\/\//i.test(src)) return false;
  try {
    return new URL(src).origin === window.location.origin;
  } catch {
    return false;
  }
}

function attributesOf(element: Element): Record<string, string> {
  const tag = element.localName;
  const read = (name: string) => element.getAttribute(name)?.trim() ?? '';
  const props: Record<string, string> = {};
  if (tag === 'a' && SAFE_LINK.test(read('href'))) {
    Object.assign(props, { href: read('href'), target: '_blank', rel: 'noopener noreferrer nofollow' });
  }
  if (tag === 'img') {
    if (!isOwnImage(read('src'))) return { alt: read('alt') };
    Object.assign(props, {
      src: read('src'),
      alt: read('alt'),
      referrerPolicy: 'no-referrer',
      loading: 'lazy',
    });
  }
  if ((tag === 'td' || tag === 'th') && /^\d{1,3}$/.test(read('colspan'))) props.colSpan = read('colspan');
  if ((tag === 'td' || tag === 'th') && /^\d{1,3}$/.test(read('rowspan'))) props.rowSpan = read('rowspan');
  if (read('title')) props.title = read('title');
  return props;
}

function toReact(node: Node, key: string): ReactNode {
  if (node.nodeType === Node.TEXT_NODE) return node.textContent;
  if (node.nodeType !== Node.ELEMENT_NODE) return null;
  const element = node as Element;
  const tag = element.localName;
  if (DROPPED.has(tag)) return null;
  const children = [...element.childNodes].map((child, index) => toReact(child, `${key}.${index}`));
  // An unknown element gives way to its content.
  if (!KEPT.has(tag)) return children;
  if (tag === 'img' && !isOwnImage(element.getAttribute('src')?.trim() ?? '')) return null;
  return createElement(tag, { key, ...attributesOf(element) }, VOID.has(tag) ? undefined : children);
}

export function sanitisedHtml(html: string): ReactNode {
  const document = new DOMParser().parseFromString(html, 'text/html');
  return [...document.body.childNodes].map((node, index) => toReact(node, String(index)));
}
