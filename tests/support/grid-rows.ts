import type { Locator, Page } from 'playwright-core';

/** The grid rows whose `colId` cell reads exactly `text`. */
export const rowWith = (page: Page, colId: string, text: string) =>
  page.locator('.ag-row', { has: page.locator(`[col-id="${colId}"]`, { hasText: new RegExp(`^${text}$`) }) });

/** The 操作 cell of the grid row `id` (`within`: the part of the page holding the grid). */
export const actionsCell = (page: Page, id: string, within = '') =>
  page.locator(`${within} .ag-row[row-id="${id}"] [col-id="actions"]`.trim());

/**
 * Run the row action `name` from an 操作 cell as a user would: its button when it shows as one,
 * else the item of that name under 更多 (the cell shows the first actions only). The row's actions
 * follow its state, so this waits (up to `timeout`) for one of the two to offer it.
 */
export async function clickRowAction(
  cell: Locator,
  name: string,
  opts: { exact?: boolean; timeout?: number } = {},
) {
  const { exact = false, timeout = 15_000 } = opts;
  const page = cell.page();
  const until = Date.now() + timeout;
  for (;;) {
    const button = cell.getByRole('button', { name, exact });
    if (await button.count()) return button.first().click();
    const more = cell.getByRole('button', { name: '更多', exact: true });
    if (await more.count()) {
      await more.click();
      const menu = page.getByRole('menu', { name: '更多操作' });
      const item = menu.getByRole('menuitem', { name, exact });
      await menu.waitFor();
      if (await item.count()) return item.first().click();
      await page.keyboard.press('Escape');
      await menu.waitFor({ state: 'detached' });
    }
    // on a narrow screen the grid draws only the columns in view: scroll to the 操作 column
    if (!(await cell.count()))
      await page.evaluate(() =>
        document
          .querySelectorAll('.ag-body-horizontal-scroll-viewport')
          .forEach((v) => v.scrollTo({ left: v.scrollWidth })),
      );
    if (Date.now() > until) throw new Error(`row action ${name} is neither a button nor under 更多`);
    await page.waitForTimeout(100);
  }
}

/** Click a row action (详情, 编辑, a row command) of the first row whose `colId` reads `text`. */
export const rowAction = async (page: Page, colId: string, text: string, action: string) => {
  const row = rowWith(page, colId, text).first();
  await row.waitFor();
  const id = await row.getAttribute('row-id');
  await clickRowAction(actionsCell(page, id!), action);
};
