/**
 * Rich text as plain text (list cells, the terminal, sheets, search), without the sanitiser's
 * dependencies: tags dropped, line-ending tags and entities of spaces folded into single spaces.
 */

/** The text of some HTML (list cells, terminal, search): tags dropped, entities of spaces folded. */
export const htmlText = (html: string): string =>
  html
    .replace(/<(br|\/p|\/div|\/li|\/h\d)\s*\/?>/gi, ' ')
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();
