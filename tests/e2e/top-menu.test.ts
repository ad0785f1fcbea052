import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { login, startBrowserEnv, type BrowserEnv } from '../support/browser.ts';
import { axeSerious } from '../support/axe.ts';

/** The top-menu layout (issue #15): one bar line, dropdowns by hover and keyboard, never clipped. */
let env: BrowserEnv;
beforeAll(async () => {
  env = await startBrowserEnv();
});
afterAll(async () => env?.close());

describe('top-menu layout', () => {
  it('keeps the bar on one line; dropdowns open by hover and keyboard and reach second-level pages', async () => {
    const page = await env.newPage();
    await page.setViewportSize({ width: 1400, height: 800 });
    await page.goto(`${env.url}/user/login`);
    await page.evaluate(() =>
      localStorage.setItem('console.settings', JSON.stringify({ layout: 'topmenu' })),
    );
    await login(page, env.url, 'admin', '123456', '/user/login');
    const bar = page.getByRole('navigation', { name: '顶部菜单' });
    await bar.waitFor();
    // one line: every root entry as high as one line and none of them squashed below its text
    const heights = await bar.locator(':scope > * > a, :scope > * > button, :scope > a').evaluateAll((els) =>
      els.map((el) => ({
        h: el.getBoundingClientRect().height,
        fits: el.scrollWidth <= el.clientWidth + 1,
      })),
    );
    expect(heights.length).toBeGreaterThan(5);
    for (const h of heights) {
      expect(h.h).toBeLessThanOrEqual(40);
      expect(h.fits).toBe(true);
    }

    const root = bar.getByRole('button', { name: /系统管理/ });
    await root.scrollIntoViewIfNeeded();
    await root.hover();
    const dropdown = page.getByRole('menu', { name: '系统管理' });
    const item = dropdown.getByRole('menuitem', { name: '部门管理' });
    await item.waitFor();
    // never clipped: the item is the topmost element at its own centre
    const box = (await item.boundingBox())!;
    expect(
      await page.evaluate(
        ([x, y]) => document.elementFromPoint(x!, y!)?.closest('[role=menuitem]')?.textContent,
        [box.x + box.width / 2, box.y + box.height / 2],
      ),
    ).toContain('部门管理');
    expect(await axeSerious(page)).toEqual([]);
    await page.mouse.move(5, 700);
    await dropdown.waitFor({ state: 'detached' });

    // by keyboard: ↓ opens it with focus on the first item, arrows move, Enter opens the page
    await root.focus();
    await page.keyboard.press('ArrowDown');
    await dropdown.waitFor();
    await expect.poll(() => page.evaluate(() => !!document.activeElement?.closest('[role=menu]'))).toBe(true);
    await page.keyboard.press('Escape');
    await dropdown.waitFor({ state: 'detached' });
    await expect(page.evaluate(() => document.activeElement?.textContent)).resolves.toContain('系统管理');
    await page.keyboard.press('Enter');
    await dropdown.waitFor();
    for (let i = 0; i < 12; i++) {
      if ((await page.evaluate(() => document.activeElement?.textContent)) === '用户管理') break;
      await page.keyboard.press('ArrowDown');
    }
    await page.keyboard.press('Enter');
    await page.waitForURL(`${env.url}/isystem/user`);
    await page.getByRole('tab', { name: /用户管理/ }).waitFor();
    await page.context().close();
  });
});
