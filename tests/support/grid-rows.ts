import type { Page } from 'playwright-core';

/** The grid rows whose `colId` cell reads exactly `text`. */
export const rowWith = (page: Page, colId: string, text: string) =>
  page.locator('.ag-row', { has: page.locator(`[col-id="${colId}"]`, { hasText: new RegExp(`^${text}$`) }) });

/** Click a row action (详情, 编辑, a row command) of the first row whose `colId` reads `text`. */
export const rowAction = async (page: Page, colId: string, text: string, action: string) => {
  const row = rowWith(page, colId, text).first();
  await row.waitFor();
  const id = await row.getAttribute('row-id');
  await page
    .locator(`.ag-row[row-id="${id}"] [col-id="actions"]`)
    .getByRole('button', { name: action })
    .click();
};
