/**
 * Where keyboard focus goes in a page: after a navigation to its first search field or its grid
 * (so a keyboard user starts where the work is, not on <body>), and to its grid on Alt+G.
 */

/** The element wrapping the current page (inside the layout, below header and tabs). */
export const PAGE_CONTENT_ID = 'page-content';

const visible = (el: HTMLElement) => el.offsetParent !== null || el.getClientRects().length > 0;

const FIELD =
  'input:not([type=hidden]):not([type=checkbox]):not([type=radio]):not([disabled]):not([readonly]), select:not([disabled]), textarea:not([disabled])';

/** The first grid cell (or the grid itself) of the page. */
export function gridTarget(root: ParentNode): HTMLElement | null {
  const grid = root.querySelector<HTMLElement>('[role=grid], [role=treegrid]');
  if (!grid) return null;
  return grid.querySelector<HTMLElement>('[role=gridcell]') ?? grid;
}

/** The page's explicit focus target, its first field, or its grid. */
export function pageTarget(root: ParentNode): HTMLElement | null {
  const explicit = root.querySelector<HTMLElement>('[data-page-focus]');
  if (explicit) return explicit;
  const field = [...root.querySelectorAll<HTMLElement>(FIELD)].find(visible);
  return field ?? gridTarget(root);
}

const pageRoot = () => document.getElementById(PAGE_CONTENT_ID);

/** Focus an element; a cell or container that is not focusable yet gets tabindex=-1. */
function focus(el: HTMLElement) {
  if (el.tabIndex < 0 && !el.hasAttribute('tabindex')) el.setAttribute('tabindex', '-1');
  el.focus();
}

/**
 * After a navigation: wait (up to `timeoutMs`) for the page to render a target and focus it, unless
 * the user has meanwhile put focus somewhere themselves. Returns a cancel function.
 */
export function focusPageWhenReady(timeoutMs = 5000): () => void {
  const root = pageRoot();
  if (!root) return () => undefined;
  // a navigation moves focus into the page unless the user is already in it, in a dialog, a menu
  // or the terminal, or typing in a field of the frame
  const idle = () => {
    const a = document.activeElement as HTMLElement | null;
    if (!a || a === document.body || a === root) return true;
    if (root.contains(a) || a.closest('[role=dialog],[role=menu],[data-terminal]')) return false;
    return !a.matches('input, textarea, select, [contenteditable=true]');
  };
  let done = false;
  const attempt = () => {
    if (done) return;
    const t = pageTarget(root);
    if (!t) return;
    done = true;
    stop();
    if (idle()) focus(t);
  };
  const observer = new MutationObserver(attempt);
  observer.observe(root, { childList: true, subtree: true });
  const timer = setTimeout(() => {
    done = true;
    stop();
    if (idle()) focus(root);
  }, timeoutMs);
  const stop = () => {
    observer.disconnect();
    clearTimeout(timer);
  };
  queueMicrotask(attempt);
  return () => {
    done = true;
    stop();
  };
}

/** Alt+G: focus the page's grid (its first cell). Throws when the page has none. */
export function focusGrid() {
  const root = pageRoot();
  const t = root && gridTarget(root);
  if (!t) throw new Error('当前页面没有表格');
  focus(t);
}

/** The skip link's target: the page's first field or grid, else the page itself. */
export function focusMain() {
  const root = pageRoot();
  if (!root) return;
  focus(pageTarget(root) ?? root);
}

/** Where the focus was when a dialog opened: the element, and its grid row and column if a cell. */
export interface FocusMark {
  el: HTMLElement | null;
  rowId?: string;
  colId?: string;
}

/** Note where the focus is now (before a dialog takes it). */
export function markFocus(): FocusMark {
  const a = document.activeElement as HTMLElement | null;
  const el = a && a !== document.body ? a : null;
  const rowId = el?.closest('[row-id]')?.getAttribute('row-id') ?? undefined;
  const colId = el?.closest('[col-id]')?.getAttribute('col-id') ?? undefined;
  return { el, ...(rowId ? { rowId } : {}), ...(colId ? { colId } : {}) };
}

const usable = (el: HTMLElement | null | undefined): el is HTMLElement =>
  !!el && el.isConnected && visible(el) && !el.matches(':disabled') && !el.closest('[inert]');

/**
 * Give the focus back after a dialog closed: to where it was; to the same grid cell when the grid
 * drew its row again (a save reloads the list; a row menu's item is gone); else to the page's grid
 * or first field, else the page itself. Never left on <body>.
 */
export function restoreFocus(mark: FocusMark): void {
  if (usable(mark.el)) {
    mark.el.focus();
    if (document.activeElement === mark.el) return;
  }
  const root = pageRoot();
  if (!root) return;
  if (mark.rowId) {
    const row = `[row-id="${CSS.escape(mark.rowId)}"]`;
    const cell =
      (mark.colId && root.querySelector<HTMLElement>(`${row} [col-id="${CSS.escape(mark.colId)}"]`)) ||
      root.querySelector<HTMLElement>(`${row} [role=gridcell]`);
    if (cell) return focus(cell);
  }
  focus(gridTarget(root) ?? pageTarget(root) ?? root);
}
