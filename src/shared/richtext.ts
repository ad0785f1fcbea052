/**
 * Rich text (spec §9 "rich editor"): HTML kept to an allow-list of tags and attributes, no scripts,
 * no event handlers, no `javascript:` links, no inline styles. The server sanitises on write (the
 * resource field rule runs this) and the client again on render, with the same function.
 */
import xss, { FilterXSS, type IWhiteList } from 'xss';

// xss is CommonJS and Node's ESM loader finds no named export getDefaultWhiteList in it (the
// server would not start): take it from the module object
const { getDefaultWhiteList } = xss as unknown as { getDefaultWhiteList(): IWhiteList };

const TAGS = [
  'p', 'br', 'hr', 'span', 'div', 'b', 'strong', 'i', 'em', 'u', 's', 'del', 'sub', 'sup',
  'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'blockquote', 'pre', 'code', 'ul', 'ol', 'li',
  'table', 'thead', 'tbody', 'tr', 'th', 'td', 'a', 'img',
]; // prettier-ignore

const defaults = getDefaultWhiteList();
const allowList: IWhiteList = Object.fromEntries(
  TAGS.map((tag) => {
    if (tag === 'a') return [tag, ['href', 'title', 'target']];
    if (tag === 'img') return [tag, ['src', 'alt', 'title', 'width', 'height']];
    if (tag === 'td' || tag === 'th') return [tag, ['colspan', 'rowspan', 'align']];
    return [tag, (defaults[tag as keyof IWhiteList] ?? []).filter((a) => a !== 'style')];
  }),
);

/** Links and images: http(s), mailto, tel, stored upload paths; nothing else. */
const SAFE_URL = /^(https?:\/\/|mailto:|tel:|\/|[A-Za-z0-9_-]+\/)/i;

const filter = new FilterXSS({
  whiteList: allowList,
  stripIgnoreTag: true,
  stripIgnoreTagBody: ['script', 'style', 'iframe', 'object', 'embed', 'noscript', 'template'],
  css: false,
  onTagAttr(tag, name, value) {
    if ((name === 'href' || name === 'src') && !SAFE_URL.test(value.trim())) return '';
    if (tag === 'a' && name === 'target') return value === '_blank' ? 'target="_blank" rel="noopener"' : '';
    return undefined;
  },
});

/** Text made safe to put into HTML: `& < > " '` as entities. */
export const escapeHtml = (s: string): string =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** The HTML with everything outside the allow-list removed. */
export const sanitizeHtml = (html: string): string => filter.process(html);

// the text of some HTML lives apart from the sanitiser (no xss in bundles that only show text)
export { htmlText } from './html-text.ts';
