import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page, Request } from 'playwright-core';
import { login, startBrowserEnv, visitInApp, type BrowserEnv } from '../support/browser.ts';
import { axeSerious, COLOUR_RULES, type AxeFinding } from '../support/axe.ts';
import { THEME_COLORS } from '../../src/web/shell/settings.ts';
import type { MenuNode } from '../../src/shared/menu.ts';
import { ENDPOINTS } from '../../src/shared/endpoints.ts';
import { WORKPLACE_PENDING, type WorkplaceSection } from '../../src/shared/stats/workplace.ts';
import { TECHNICIAN_ON_DUTY, type OnDutyTechnician } from '../../src/shared/resources/technician.ts';
import { HOMEPAGE_STATISTICS, type HomeStatistics } from '../../src/shared/stats/home.ts';
import { formatMetric } from '../../src/shared/stats/metrics.ts';

/**
 * axe-core (WCAG 2.2 A/AA) on every page of the admin's menu, the dialogs and menus of the frame,
 * and the user's pages in the dark menu style and all eight theme colours: nothing serious or
 * critical anywhere.
 */
let env: BrowserEnv;
let page: Page;
/** the menu's pages: path and the title its tab shows */
let pages: Array<{ path: string; title: string }> = [];
/** requests of `page` not yet finished, and how many it has sent (settle() waits for them) */
let inFlight = 0;
let sent = 0;
/** the requests not yet finished (named when settle() gives up) */
const pending = new Set<Request>();
/** the admin's token (server-side reads to compare a page's figures with) */
let token = '';
beforeAll(async () => {
  env = await startBrowserEnv();
  page = await env.newPage();
  page.on('request', (r) => {
    // the operation log's entry of a command run is fire-and-forget, not the page's data (a run
    // that downloads a file leaves its request unreported by the browser)
    if (r.url().includes(ENDPOINTS.audit.command.path)) return;
    inFlight++;
    sent++;
    pending.add(r);
  });
  const done = (r: Request) => {
    if (pending.delete(r)) inFlight--;
  };
  page.on('requestfinished', done);
  page.on('requestfailed', done);
  await login(page, env.url, 'admin');
  await page.getByRole('tab', { name: /首页/ }).waitFor();
  token = await page.evaluate(() => {
    const key = Object.keys(localStorage).find((k) => /token/i.test(k))!;
    return (JSON.parse(localStorage.getItem(key)!) as { value: string }).value;
  });
  const res = await env.app.inject({
    url: '/jeecg-boot/sys/permission/getUserPermissionByToken',
    headers: { 'x-access-token': token },
  });
  const walk = (nodes: MenuNode[]): Array<{ path: string; title: string }> =>
    nodes.flatMap((n) =>
      n.hidden
        ? []
        : n.children?.length
          ? walk(n.children)
          : n.meta.internalOrExternal
            ? []
            : [{ path: n.path, title: n.meta.title ?? n.name }],
    );
  pages = walk((res.json() as { result: { menu: MenuNode[] } }).result.menu);
});
afterAll(async () => env?.close());

/** 账户设置's pages: path and tab title (the menu rows' names). */
const ACCOUNT_SETTINGS = [
  ['/account/settings/base', '基本设置'],
  ['/account/settings/security', '安全设置'],
  ['/account/settings/binding', '账户绑定'],
  ['/account/settings/custom', '个性化'],
  ['/account/settings/notification', '新消息通知'],
] as const;

/** The side menu's background in each menu style (sidebar.tsx). */
const DARK_MENU = 'rgb(0, 21, 41)';
const LIGHT_MENU = 'rgb(255, 255, 255)';

const report = (where: string, found: AxeFinding[]) =>
  found.map((f) => `${where}: ${f.rule} (${f.impact}) at ${f.targets.join(', ')}\n  ${f.summary}`);

async function settle() {
  // the page's own content (lazy chunk) has rendered and its first data arrived
  await page.locator('#page-content > *').first().waitFor();
  await page
    .getByText('加载中…')
    .first()
    .waitFor({ state: 'detached', timeout: 15_000 })
    .catch(() => undefined);
  // every request the page sent (data, chunks, fonts, images) has finished and none followed for
  // 100 ms, then the page has drawn two frames since
  const until = Date.now() + 15_000;
  for (let before = -1; inFlight > 0 || sent !== before;) {
    if (Date.now() > until)
      throw new Error(
        `${page.url()}: requests still unfinished after 15 s: ${[...pending].map((r) => r.url().slice(0, 100)).join(', ')}`,
      );
    before = inFlight > 0 ? -1 : sent;
    await new Promise((r) => setTimeout(r, inFlight > 0 ? 25 : 100));
  }
  await page.evaluate(
    () => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(() => r(undefined)))),
  );
}

/**
 * Open `path` inside the running app, as its menu links do (the router follows the history), and
 * wait for its tab and its content: the whole app is not loaded again for each page.
 */
async function visit(path: string, title: string) {
  await visitInApp(page, env.url, path);
  await page.getByRole('tab', { name: title, selected: true }).first().waitFor();
  await settle();
}

/** Set the theme in `other`, a second tab of the same console: this page follows it at once. */
async function setTheme(other: Page, theme: 'light' | 'dark', color: string) {
  await other.evaluate(
    ([t, c]) => {
      const s = JSON.parse(localStorage.getItem('console.settings') ?? '{}') as Record<string, unknown>;
      localStorage.setItem('console.settings', JSON.stringify({ ...s, theme: t, color: c }));
    },
    [theme, color],
  );
}

/**
 * 分析页 (issue 26): the KPI cards with their definitions, each chart drawn with a table for
 * screen readers and exported as PNG, and another period picked (axe runs on the page as drawn).
 */
async function checkAnalysis(): Promise<boolean> {
  const frame = page.locator('#page-content').getByTestId('business-stats');
  await frame.getByRole('heading', { name: /今日经营/ }).waitFor();
  const card = frame.getByTestId('kpi-gmv');
  expect(await card.locator('dt').getAttribute('title')).toMatch(/扣除车费、退款/);
  expect(await frame.locator('[data-testid^="kpi-"]').count()).toBe(7);
  const trend = frame.getByRole('table', { name: '订单与GMV趋势（数据表）' });
  expect(await trend.getByRole('row').count()).toBe(31);
  await frame.locator('canvas').first().waitFor();
  const exportButton = frame.getByRole('button', { name: /^导出PNG\s*：区县订单$/ });
  await exportButton.waitFor();
  const [download] = await Promise.all([page.waitForEvent('download'), exportButton.click()]);
  expect(download.suggestedFilename()).toBe('区县订单.png');
  await frame.getByLabel('开始日期').fill('2026-01-01');
  await frame.getByLabel('结束日期').fill('2026-01-07');
  await frame.getByRole('button', { name: '查询' }).click();
  await frame.getByRole('heading', { name: '2026-01-01 至 2026-01-07' }).waitFor();
  expect(await trend.getByRole('row').count()).toBe(8);
  return true;
}

/**
 * 工作台 (issue 26): one section per kind of waiting work the admin may act on, each count the
 * server's, each row with its action button and the list's link.
 */
async function checkWorkplace(): Promise<boolean> {
  const res = await env.app.inject({
    url: `/jeecg-boot${WORKPLACE_PENDING.path}`,
    headers: { 'x-access-token': token },
  });
  const sections = (res.json() as { result: WorkplaceSection[] }).result;
  expect(sections.length).toBeGreaterThan(0);
  const frame = page.locator('#page-content');
  for (const s of sections) {
    const section = frame.getByRole('region', { name: new RegExp(`^${s.title}`) });
    await section.waitFor();
    expect(await section.locator('[data-count]').textContent()).toBe(String(s.count));
    expect(await section.getByRole('button', { name: new RegExp(`^${s.actionTitle} `) }).count()).toBe(
      s.items.length,
    );
    expect(await section.getByRole('link', { name: /查看全部/ }).count()).toBe(1);
  }
  await frame.getByRole('region', { name: '最近执行' }).waitFor();
  return true;
}

/**
 * 监控页 (issue 26): the live board's latest orders, the counts per state, the technicians on duty
 * as points with their table, and the exception alerts' live region.
 */
async function checkMonitor(): Promise<boolean> {
  const frame = page.locator('#page-content').getByTestId('monitor-board');
  await frame.getByTestId('order-board').locator('tbody tr').first().waitFor();
  const res = await env.app.inject({
    url: `/jeecg-boot${TECHNICIAN_ON_DUTY.path}`,
    headers: { 'x-access-token': token },
  });
  const onDuty = (res.json() as { result: OnDutyTechnician[] }).result;
  expect(onDuty.length).toBeGreaterThan(0);
  const map = frame.getByTestId('technician-map');
  expect(await map.locator('circle').count()).toBe(onDuty.filter((t) => t.lng !== null).length);
  expect(await map.getAttribute('aria-label')).toContain(`在岗技师 ${onDuty.length} 人`);
  await frame.getByRole('log', { name: '新异常订单提醒' }).waitFor({ state: 'attached' });
  return true;
}

describe('axe over the product', () => {
  it('finds nothing serious on the login page', async () => {
    const anon = await env.newPage();
    await anon.goto(`${env.url}/user/login`);
    await anon.getByRole('slider', { name: '滑动验证' }).waitFor();
    const found = report('/user/login', await axeSerious(anon));
    await anon.context().close();
    expect(found).toEqual([]);
  });

  it('finds nothing serious on any page of the menu', async () => {
    expect(pages.length).toBeGreaterThan(20);
    const found: string[] = [];
    const monitors: string[] = [];
    let analysed = false;
    let workplace = false;
    let monitored = false;
    for (const { path, title } of pages) {
      await visit(path, title);
      found.push(...report(path, await axeSerious(page)));
      // 系统监控's pages (issue 28): their figures, with a text alternative of every chart
      if (path.startsWith('/monitor/') && path !== '/monitor/terminal') {
        const frame = page.locator('#page-content').getByTestId('monitor-page');
        await frame.getByRole('heading', { name: title }).waitFor();
        expect(await frame.getByRole('alert').count(), path).toBe(0);
        expect(await frame.locator('dl, table').count(), path).toBeGreaterThan(0);
        for (const chart of await frame.getByTestId('monitor-chart').all())
          expect(await chart.getAttribute('aria-label'), path).toMatch(/最近 \d+ 次读取）：\S/);
        monitors.push(title);
      }
      if (path === '/dashboard/analysis') analysed = await checkAnalysis();
      if (path === '/dashboard/workplace') workplace = await checkWorkplace();
      if (path === '/dashboard/monitor') monitored = await checkMonitor();
    }
    // 账户设置's pages are hidden menu rows (the user menu opens them)
    for (const [path, title] of ACCOUNT_SETTINGS) {
      await visit(path, title);
      found.push(...report(path, await axeSerious(page)));
    }
    expect(found).toEqual([]);
    expect(analysed).toBe(true);
    expect(workplace).toBe(true);
    expect(monitored).toBe(true);
    expect(monitors.sort()).toEqual(
      ['HTTP服务信息', '请求追踪', '运行时信息', '数据库监控', '服务器信息', '磁盘监控'].sort(),
    );
  }, 600_000);

  it('finds nothing serious in the frame’s dialogs and menus', async () => {
    // inside the running app, as the walk moves (a page load here cost more than the checks)
    await visit('/isystem/user', '用户管理');
    const found: string[] = [];
    const check = async (where: string) => found.push(...report(where, await axeSerious(page)));

    await page.getByRole('button', { name: /管理员|admin/ }).click();
    await page.getByRole('menu', { name: '用户菜单' }).waitFor();
    await check('user menu');
    await page.keyboard.press('Escape');

    await page.getByRole('tab', { name: /用户管理/ }).click({ button: 'right' });
    await page.getByRole('menu', { name: '页签操作' }).waitFor();
    await check('tab menu');
    await page.keyboard.press('Escape');

    for (const [item, dialog] of [
      ['系统设置', '系统设置'],
      ['修改密码', '修改密码'],
      ['快捷键', '快捷键'],
    ] as const) {
      await page.getByRole('button', { name: /管理员|admin/ }).click();
      await page.getByRole('menuitem', { name: item }).click();
      await page.getByRole('dialog', { name: dialog }).waitFor();
      await check(dialog);
      await page.keyboard.press('Escape');
      await page.getByRole('dialog').waitFor({ state: 'detached' });
    }

    await page.keyboard.press('Control+k');
    await page.getByPlaceholder(/搜索菜单和命令/).waitFor();
    await check('palette');
    await page.keyboard.press('Escape');
    expect(found).toEqual([]);
  });

  it('finds nothing serious in light and dark menus with each of the eight colours', async () => {
    const found: string[] = [];
    // the first look is loaded with its settings; the others are set in a second tab and followed
    const other = await page.context().newPage();
    await other.goto(`${env.url}/jeecg-boot/`);
    // the page checked is the one in front (a background tab paints only now and then)
    await page.bringToFront();
    let loaded = false;
    let looks = 0;
    for (const { color, name } of THEME_COLORS) {
      for (const theme of ['light', 'dark'] as const) {
        await setTheme(other, theme, color);
        if (!loaded) {
          await page.goto(`${env.url}/isystem/user`);
          await settle();
          loaded = true;
        }
        // the colour is painted: the accent is the derived shade, not the raw brand colour
        await expect
          .poll(() =>
            page.evaluate(() =>
              getComputedStyle(document.documentElement).getPropertyValue('--primary-brand').trim(),
            ),
          )
          .toBe(color.toLowerCase());
        const menu = page.getByRole('navigation', { name: '侧边菜单' });
        await expect
          .poll(() => menu.evaluate((n) => getComputedStyle(n).backgroundColor))
          .toBe(theme === 'dark' ? DARK_MENU : LIGHT_MENU);
        // every rule once; after that only a colour changed, which only the colour rules can see
        found.push(
          ...report(
            `${name} ${theme}`,
            await axeSerious(page, undefined, looks++ ? COLOUR_RULES : undefined),
          ),
        );
        // a hovered primary button keeps its text readable (it used to fade to 4.2:1)
        const query = page.getByRole('button', { name: '查询', exact: true }).first();
        await query.hover();
        await query.evaluate((b) => b.setAttribute('data-axe-hovered', ''));
        found.push(
          ...report(
            `${name} ${theme} hovered 查询`,
            await axeSerious(page, '[data-axe-hovered]', COLOUR_RULES),
          ),
        );
        await query.evaluate((b) => b.removeAttribute('data-axe-hovered'));
        await page.mouse.move(0, 0);
      }
    }
    await other.close();
    expect(found).toEqual([]);
  }, 300_000);
  it('shows 运营专员 and 财务出纳 their own figures on the three dashboards, with nothing serious', async () => {
    const found: string[] = [];
    for (const user of ['yunying', 'caiwu']) {
      const own = await env.newPage();
      await login(
        own,
        env.url,
        user,
        '123456',
        `/user/login?redirect=${encodeURIComponent('/dashboard/analysis')}`,
      );
      const tokenOf = await own.evaluate(() => {
        const key = Object.keys(localStorage).find((k) => /token/i.test(k))!;
        return (JSON.parse(localStorage.getItem(key)!) as { value: string }).value;
      });
      const read = async <T>(path: string) =>
        (
          (
            await env.app.inject({ url: `/jeecg-boot${path}`, headers: { 'x-access-token': tokenOf } })
          ).json() as { result: T }
        ).result;
      const content = own.locator('#page-content');

      // 分析页: every KPI card shows the figure the server computes for this account
      const stats = await read<HomeStatistics>(HOMEPAGE_STATISTICS.path);
      expect(stats.kpis.length, user).toBe(7);
      const frame = content.getByTestId('business-stats');
      await frame.getByRole('heading', { name: /今日经营/ }).waitFor();
      for (const k of stats.kpis)
        expect(
          await frame.getByTestId(`kpi-${k.key}`).locator('dd').first().textContent(),
          `${user} ${k.key}`,
        ).toBe(formatMetric(k.key, k.value));
      found.push(...report(`${user} /dashboard/analysis`, await axeSerious(own)));

      // 工作台: the sections and counts the server answers this account, nothing more
      const sections = await read<WorkplaceSection[]>(WORKPLACE_PENDING.path);
      await visitInApp(own, env.url, '/dashboard/workplace');
      await content.getByRole('region', { name: '最近执行' }).waitFor();
      await expect
        .poll(() => content.locator('[data-count]').count(), { message: user })
        .toBe(sections.length);
      for (const sec of sections) {
        const region = content.getByRole('region', { name: new RegExp(`^${sec.title}`) });
        expect(await region.locator('[data-count]').textContent(), `${user} ${sec.title}`).toBe(
          String(sec.count),
        );
      }
      found.push(...report(`${user} /dashboard/workplace`, await axeSerious(own)));

      // 监控页: the live board draws for this account
      await visitInApp(own, env.url, '/dashboard/monitor');
      await content.getByTestId('monitor-board').getByTestId('order-board').waitFor();
      found.push(...report(`${user} /dashboard/monitor`, await axeSerious(own)));
      await own.context().close();
    }
    expect(found).toEqual([]);
  });
});
