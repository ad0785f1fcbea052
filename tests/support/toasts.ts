import type { Page } from 'playwright-core';

/** A toast as the page showed it: `alert` for a warning or an error, else `status`. */
export interface Toast {
  role: string | null;
  text: string;
}

type Recorded = { __toasts: Toast[] };

/**
 * Record every toast `page` shows, in order, from before its first script runs (the toasts' live
 * region announces each one as a child): read them with `toastsSince`.
 */
export async function recordToasts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const shown: Toast[] = [];
    (window as unknown as Recorded).__toasts = shown;
    new MutationObserver((changes) => {
      for (const c of changes)
        for (const n of c.addedNodes)
          if (n instanceof HTMLElement && n.parentElement?.matches('[aria-live=polite]'))
            shown.push({ role: n.getAttribute('role'), text: n.innerText });
    }).observe(document, { subtree: true, childList: true });
  });
}

/** The toasts shown since the `from`th, and whether the crash screen shows: one round trip. */
export function toastsSince(page: Page, from = 0): Promise<{ shown: Toast[]; crashed: boolean }> {
  return page.evaluate(
    (n) => ({
      shown: (window as unknown as Recorded).__toasts.slice(n),
      crashed: document.body.innerText.includes('页面加载失败'),
    }),
    from,
  );
}
