import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page, Request } from 'playwright-core';
import { CommandRegistry } from '../../commands/core/registry.ts';
import { describeArgs } from '../../commands/core/schema-info.ts';
import { commandPath } from '../../commands/core/argv.ts';
import type { CommandDefinition, MenuPlacement } from '../../commands/core/types.ts';
import { registerAll } from '../../commands/index.ts';
import { pathOf } from '../../src/shared/contracts.ts';
import { ENDPOINTS } from '../../src/shared/endpoints.ts';
import { screenOf } from '../../src/shared/resources/define.ts';
import { RESOURCES } from '../../src/shared/resources/index.ts';
import { MENUS } from '../../src/server/db/seed/data/menus.ts';
import type { SeedMenu } from '../../src/server/db/seed/data/types.ts';
import { login, startBrowserEnv, visitInApp, type BrowserEnv } from '../support/browser.ts';
import { clickRowAction } from '../support/grid-rows.ts';
import { recordToasts, toastsSince } from '../support/toasts.ts';
import type { TestApp } from '../support/app.ts';
import { postParts } from '../server/import-support.ts';
import { PARTNER_STATUS } from '../../src/shared/resources/partner.ts';
import { STATEMENT_STATUS } from '../../src/shared/money/statement.ts';

/**
 * Every command of every list page, run as a person runs it (issue 27): each toolbar button with
 * no row ticked, one and two (when the command acts on rows), each row command from the 行操作 menu
 * of a seeded row that offers it, and one command per page from the palette with a row ticked. Each
 * run opens its dialog (cancelled, never confirmed) or completes; none ends in 页面加载失败, in
 * `缺少参数`, in a validation message about an argument the surface gives, or in a page or console
 * error. The pages and commands come from the command registry's menus (`<page>.toolbar`,
 * `<page>.row`) and the seeded menu tree: a new command or page is swept without a new test.
 */

const COMMANDS = new CommandRegistry();
registerAll(COMMANDS);

/** Menus that are not one page's (every list's grid commands, the shell's). */
const SHARED_MENU = /^(grid|shell|tab)\./;

/** Menu component → route and name, from the seeded menu tree. */
const MENU_ROUTES = new Map<string, string>();
const MENU_NAMES = new Map<string, string>();
const walkMenus = (menus: SeedMenu[]) =>
  menus.forEach((m) => {
    MENU_ROUTES.set(m.component, m.url);
    MENU_NAMES.set(m.component, m.name);
    walkMenus(m.children ?? []);
  });
walkMenus(MENUS);

/**
 * The screens that are no declared resource's: their page key (menus `<key>.toolbar|row`) → menu
 * component. A declared resource's page key is its name.
 */
const HAND_WRITTEN: Record<string, string> = {
  user: 'system/UserList',
  menu: 'system/PermissionList',
  depart: 'system/DepartList',
  online: 'system/SysUserOnlineList',
  recycle: 'system/UserRecycleBin',
};

interface Action {
  command: CommandDefinition;
  label: string;
  /** acts on the ticked rows (or its row): run with none and one ticked */
  rows: boolean;
  /** takes a list of rows (`ids`): run with two ticked too */
  many: boolean;
}
interface Screen {
  key: string;
  route: string;
  name: string;
  toolbar: Action[];
  row: Action[];
}

const byPlacement = (a: MenuPlacement, b: MenuPlacement) =>
  (a.group ?? '5').localeCompare(b.group ?? '5') || (a.order ?? 0) - (b.order ?? 0);

/** Does the command act on rows: `ids`, `id`, its declared target, or an argument defaulting to the ticked rows. */
const takesRows = (c: CommandDefinition) =>
  describeArgs(c).some(
    (f) => ['ids', 'id'].includes(f.name) || f.name === c.target || /选中/.test(f.description ?? ''),
  );

function screens(): Screen[] {
  const found = new Map<string, Screen>();
  const placements: Array<[string, 'toolbar' | 'row', MenuPlacement, CommandDefinition]> = [];
  for (const c of COMMANDS.all())
    for (const m of c.menus ?? []) {
      const at = /^(.+)\.(toolbar|row)$/.exec(m.menu);
      if (at && !SHARED_MENU.test(m.menu)) placements.push([at[1]!, at[2] as 'toolbar' | 'row', m, c]);
    }
  placements.sort((a, b) => byPlacement(a[2], b[2]));
  for (const [key, surface, m, c] of placements) {
    const resource = RESOURCES.find((r) => r.decl.name === key);
    const component = resource ? screenOf(resource) : HAND_WRITTEN[key];
    const route = component && MENU_ROUTES.get(component);
    if (!route) throw new Error(`menu ${m.menu} (${c.id}) is on no page of the menu tree`);
    const s = found.get(key) ?? { key, route, name: MENU_NAMES.get(component!)!, toolbar: [], row: [] };
    found.set(key, s);
    const many = describeArgs(c).some((f) => f.name === 'ids');
    s[surface].push({ command: c, label: m.label ?? c.title, rows: takesRows(c) || many, many });
  }
  // the declined ones first (a 彻底删除 asks and changes nothing): the others may use up the row
  // in the state that offers them (还原 empties the 回收站)
  for (const s of found.values())
    for (const list of [s.toolbar, s.row])
      list.sort((x, y) => Number(!x.command.dangerous) - Number(!y.command.dangerous));
  return [...found.values()];
}
const SCREENS = screens();
/** `SWEEP_ONLY=<regex of page keys>` sweeps some pages only (while fixing what the sweep found). */
const ONLY = process.env.SWEEP_ONLY ? new RegExp(process.env.SWEEP_ONLY) : undefined;

/**
 * What no run may end in: a crash screen, an argument the surface should have given, a zod message
 * (`field: …`), a widget the page does not have, a script error.
 */
const BROKEN =
  /页面加载失败|缺少参数|参数无效|未知参数|无效选项|界面组件不可用|当前不可用|^[A-Za-z_.]+: |Invalid|expected|undefined|null|TypeError|is not a function|Cannot read/;

interface AuditPost {
  id: string;
  source: string;
  outcome: string;
  error?: string;
}

let env: BrowserEnv;
let page: Page;
/** every command run the page reported to the operation log, in order */
const audits: AuditPost[] = [];
/** page errors and console errors not yet claimed by a case */
const errors: string[] = [];
let downloads = 0;
/** API reads the page sent whose answer has not been read yet (a list is drawn once they are) */
let reading = 0;
/** API reads the page has sent so far */
let sent = 0;
/** called on each audit post and each answered read (what the waits below wake on) */
let wake: Array<() => void> = [];
const woken = () => {
  const w = wake;
  wake = [];
  w.forEach((f) => f());
};
/** Resolves on the page's next audit post or answered read, or after `ms`. */
const nextSignal = (ms: number) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    wake.push(() => {
      clearTimeout(timer);
      resolve();
    });
  });
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
type Row = Record<string, unknown>;
/** the records of the lists the page loaded, latest first */
const lists: Row[][] = [];
/** what each case ended in, printed at the end (a summary of the sweep) */
const outcomes: string[] = [];

/**
 * Rows for the screens a fresh install leaves empty or without a row in some state, so that their
 * row commands have a row to run on: a message template, a frozen user (解冻), a deleted user (回收站)
 * and another account's session (在线用户).
 */
async function addRows() {
  const send = async (method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, body?: object, token = '') => {
    const q = method === 'GET' || method === 'DELETE';
    const r = await env.app.inject({
      method,
      url: `/jeecg-boot${path}`,
      headers: token ? { 'x-access-token': token } : {},
      ...(q ? { query: body as Record<string, string> } : { payload: body }),
    });
    const answer = r.json() as { success: boolean; message?: string; result?: unknown };
    if (!answer.success) throw new Error(`${method} ${path}: ${answer.message}`);
    return answer.result as Record<string, unknown>;
  };
  const signIn = (username: string) =>
    send('POST', pathOf(ENDPOINTS.auth.login), { username, password: '123456' }).then((r) => String(r.token));
  const admin = await signIn('admin');
  await signIn('yunying');
  const users = (await send('GET', pathOf(ENDPOINTS.user.list), { pageSize: '50' }, admin)) as {
    records: Array<{ id: string; username: string }>;
  };
  const id = (name: string) => users.records.find((u) => u.username === name)!.id;
  await send('PUT', pathOf(ENDPOINTS.user.frozenBatch), { ids: id('yuangong'), status: '2' }, admin);
  await send('DELETE', pathOf(ENDPOINTS.user.delete), { id: id('caiwu') }, admin);
  await send(
    'POST',
    '/sys/message/sysMessageTemplate/add',
    { templateCode: 'sweep', templateName: '动作巡检', templateType: '1', templateContent: '您好 ${name}' },
    admin,
  );
  // a row in each state a row command needs that the seeded first page lacks: a rejected and a
  // stopped 商户 (重新提交, 启用), an unshelved 商品 (上架), a draft 通告 (发布), a draft 对账单 (确认),
  // a 文件管理 file (下载, 删除); taken from rows of the first page, leaving one in the old state
  const firstPage = async (path: string) =>
    ((await send('GET', path, {}, admin)) as { records: Row[] }).records;
  const move = async (path: string, field: string, from: string, action: string) => {
    const rows = (await firstPage(`${path}/list`)).filter((r) => String(r[field]) === from);
    if (rows.length < 2) throw new Error(`${path}: fewer than two rows in state ${from}`);
    await send('PUT', `${path}/${action}`, { ids: String(rows[0]!.id), reason: '动作巡检' }, admin);
  };
  // the seeded first page has one 待审核 商户 (审核通过, 驳回): another one is added to be rejected
  const [partner] = await firstPage('/yy/yyPartner/list');
  const { partnerType, contact, area, shareRatio } = partner!;
  await send(
    'POST',
    '/yy/yyPartner/add',
    { name: '动作巡检商户', partnerType, contact, mobile: '13900009999', area, shareRatio },
    admin,
  );
  await move('/yy/yyPartner', 'status', PARTNER_STATUS.pending, 'reject');
  await move('/yy/yyPartner', 'status', PARTNER_STATUS.active, 'disable');
  await move('/yy/yyGoods', 'status', '1', 'unshelve');
  await move('/yy/yyStatement', 'status', STATEMENT_STATUS.confirmed, 'reopen');
  await send(
    'POST',
    '/sys/annountCement/add',
    { titile: '动作巡检', msgContent: '<p>巡检</p>', priority: 'L', msgCategory: '1', msgType: 'ALL' },
    admin,
  );
  const upload = await postParts({ app: env.app } as TestApp, '/sys/oss/file/upload', admin, [
    { name: 'file', filename: 'sweep.txt', content: Buffer.from('动作巡检') },
  ]);
  if (!upload.body.success) throw new Error(`upload: ${upload.body.message}`);
}

beforeAll(async () => {
  env = await startBrowserEnv();
  await addRows();
  page = await env.newPage();
  const auditPath = `/jeecg-boot${pathOf(ENDPOINTS.audit.command)}`;
  page.on('request', (r) => {
    if (r.method() === 'POST' && new URL(r.url()).pathname === auditPath) {
      audits.push(JSON.parse(r.postData() ?? '{}') as AuditPost);
      woken();
    }
  });
  page.on('pageerror', (e) => errors.push(`pageerror ${e.stack ?? e.message}`));
  page.on('console', (m) => {
    if (m.type() !== 'error') return;
    errors.push(`console.error ${m.text()} ${m.location().url}`);
  });
  page.on('download', () => downloads++);
  const api = (r: Request) => r.method() === 'GET' && r.url().includes('/jeecg-boot/');
  const answered = () => {
    reading--;
    woken();
  };
  page.on('request', (r) => {
    if (!api(r)) return;
    reading++;
    sent++;
  });
  page.on('requestfailed', (r) => void (api(r) && answered()));
  // the rows of every list the page loaded (a row's data, for the commands its menu offers)
  page.on('response', (r) => {
    if (!api(r.request())) return;
    if (!(r.headers()['content-type'] ?? '').includes('json')) return void answered();
    r.json()
      .then(
        (b: { result?: { records?: unknown } }) => {
          if (Array.isArray(b?.result?.records)) lists.unshift(b.result.records as Row[]);
          lists.length = Math.min(lists.length, 30);
        },
        () => undefined,
      )
      .finally(answered);
  });
  // every toast shown, in order (a case reads those of its own run)
  await recordToasts(page);
  const first = SCREENS[0]!.route;
  await login(page, env.url, 'admin', '123456', `/user/login?redirect=${encodeURIComponent(first)}`);
  await page.waitForURL(`${env.url}${first}`);
});
afterAll(async () => {
  if (outcomes.length) console.log(`[action-sweep] ${outcomes.length} runs:\n  ${outcomes.join('\n  ')}`);
  await env?.close();
});

const content = () => page.locator('#page-content');
/** The rows of the page's list: AG Grid's (one element per pinned part: counted by index) or a table's. */
const rowCount = () =>
  content().evaluate((c) => {
    const indexes = new Set(
      [...c.querySelectorAll('.ag-row[row-index]')].map((r) => r.getAttribute('row-index')),
    );
    return indexes.size || c.querySelectorAll('table tbody tr:has(td button)').length;
  });
/** A cell of the `index`th grid row that holds no control (a click only focuses it), or its table row. */
const gridCell = (index: number) =>
  content()
    .locator(
      `.ag-row[row-index="${index}"] .ag-cell:not([col-id=actions]):not(:has(input)):not(:has(button))`,
    )
    .first();
const tableRow = (index: number) => content().locator('table tbody tr:has(td button)').nth(index);
const ticks = () =>
  content().locator('.ag-row .ag-selection-checkbox input, table tbody tr input[type=checkbox]');
const dialogs = () => page.locator('[role=dialog]:visible, [role=alertdialog]:visible');

/** Open the screen inside the app and wait for its list. */
const opened = new Set<string>();
async function open(s: Screen) {
  // still there (a command may have navigated away: 查看订单)
  if (opened.has(s.key) && page.url() === env.url + s.route) return;
  opened.add(s.key);
  if (page.url() !== env.url + s.route) await visitInApp(page, env.url, s.route);
  await page.getByRole('tab', { name: s.name, selected: true }).first().waitFor();
  await settled();
}

/**
 * Wait until every API read the page sent is answered and read, and the list shows rows or says it
 * has none: the grid shows its empty overlay until its first list arrives, so the overlay alone
 * does not tell an empty list from one still loading.
 */
async function settled() {
  const drawn = content().locator(
    '.ag-row, table tbody tr, .ag-overlay-no-rows-center, :text("没有查询到任何数据")',
  );
  await drawn.first().waitFor();
  // quiet: no read unanswered, and none sent for 50 ms (a read may follow another's answer)
  const until = Date.now() + 15_000;
  for (;;) {
    if (Date.now() > until) throw new Error(`${page.url()}: API reads still unanswered after 15 s`);
    if (reading > 0) {
      await nextSignal(until - Date.now());
      continue;
    }
    const before = sent;
    await sleep(50);
    if (reading === 0 && sent === before) break;
  }
  await drawn.first().waitFor();
}

/** Close whatever dialogs are open, as a person declines them: Escape, else 取消 / 关闭 / 返回. */
async function closeDialogs() {
  for (let i = 0; i < 6 && (await dialogs().count()); i++) {
    const before = await dialogs().count();
    await page.keyboard.press('Escape');
    // closed: fewer dialogs show (within half a second, else its button declines it)
    const closed = await dialogs()
      .nth(before - 1)
      .waitFor({ state: 'hidden', timeout: 500 })
      .then(
        () => true,
        () => false,
      );
    if (!closed)
      await dialogs()
        .last()
        .getByRole('button', { name: /^(取消|关闭|返回)$/ })
        .first()
        .click();
  }
}

/**
 * Resolves when a dialog shows (in the page: on the DOM changes that may show one) or after `ms`;
 * the caller then looks again as before.
 */
const dialogShown = (ms: number) =>
  page
    .evaluate(
      (ms) =>
        new Promise<void>((resolve) => {
          // (a layout is measured only while some dialog is in the page)
          const shows = () =>
            [...document.querySelectorAll('[role=dialog], [role=alertdialog]')].some((d) => {
              const box = d.getBoundingClientRect();
              return box.width > 0 && box.height > 0 && getComputedStyle(d).visibility === 'visible';
            });
          const done = () => {
            observer.disconnect();
            clearTimeout(timer);
            resolve();
          };
          const observer = new MutationObserver(() => void (shows() && done()));
          const timer = setTimeout(done, ms);
          if (shows()) return done();
          // a dialog shows by being added, or by the attributes that hide one; else the next wait sees it
          observer.observe(document, {
            subtree: true,
            childList: true,
            attributeFilter: ['open', 'hidden', 'role'],
          });
        }),
      ms,
    )
    .catch(() => undefined);

/**
 * Run one case: `trigger` starts the command, then every dialog it opens is declined until the
 * command reports how it ended. Returns what happened, for the summary.
 */
async function runCase(name: string, c: CommandDefinition, trigger: () => Promise<void>): Promise<string> {
  const from = audits.length;
  const toastsFrom = (await toastsSince(page)).shown.length;
  const started = Date.now();
  const downloadsBefore = downloads;
  errors.length = 0;
  await trigger();
  const seen: string[] = [];
  let until = Date.now() + 15_000;
  let ended: AuditPost | undefined;
  for (;;) {
    ended = audits.slice(from).find((a) => a.id === c.id);
    if (ended) break;
    if (await dialogs().count()) {
      const text = (await dialogs().last().innerText()).replace(/\s+/g, ' ').slice(0, 60);
      seen.push(`dialog「${text}」`);
      expect(text, `${name}: its dialog`).not.toMatch(BROKEN);
      await closeDialogs();
      // declined before it ran (the palette's argument step): it reports nothing; a declined
      // command reports at once
      until = Math.min(until, Date.now() + 600);
      continue;
    }
    if (Date.now() > until) {
      if (seen.length) break;
      throw new Error(`${name}: neither a dialog nor an end within 15 s`);
    }
    // wake on what ends this wait: the command's report, or a dialog showing
    const ms = Math.max(1, Math.min(250, until - Date.now()));
    await Promise.race([nextSignal(ms), dialogShown(ms)]);
  }
  // a form the command opened (its own widget) shows after the command ended
  if (await dialogs().count()) {
    seen.push(`dialog「${(await dialogs().last().innerText()).replace(/\s+/g, ' ').slice(0, 60)}」`);
    await closeDialogs();
  }
  const { shown, crashed } = await toastsSince(page, toastsFrom);
  expect(crashed, `${name}: 页面加载失败`).toBe(false);
  expect(ended?.error ?? '', `${name}: ended in`).not.toMatch(BROKEN);
  for (const t of shown) expect(t.text, `${name}: a toast`).not.toMatch(BROKEN);
  expect(errors, `${name}: page and console errors`).toEqual([]);
  const end = ended
    ? `${ended.outcome}${ended.error ? `「${ended.error}」` : ''}${downloads > downloadsBefore ? ' download' : ''}`
    : 'closed before it ran';
  const summary = `${name}: ${[...seen, end].join(' → ')} (${Date.now() - started} ms)`;
  outcomes.push(summary);
  return summary;
}

async function untickAll() {
  const ticked = ticks().and(page.locator(':checked'));
  while (await ticked.count()) await ticked.first().uncheck();
}

/** The ids of the grid's rows, in row order. */
const domRowIds = () =>
  content().evaluate((c) => {
    const byIndex = new Map<number, string>();
    for (const r of c.querySelectorAll('.ag-row[row-index][row-id]'))
      byIndex.set(Number(r.getAttribute('row-index')), r.getAttribute('row-id')!);
    return [...byIndex].sort((a, b) => a[0] - b[0]).map(([, id]) => id);
  });

/**
 * The row offering each row command (by its `when`, as the row menu decides), found in the rows the
 * grid shows (the records of the list response it drew); a hand-written table offers its buttons.
 */
async function offeringRows(s: Screen): Promise<Map<string, number>> {
  const found = new Map<string, number>();
  await settled();
  const ids = await domRowIds();
  if (!ids.length) {
    // the first row offering each (rows are read until every row command has one)
    const count = await rowCount();
    for (let i = 0; i < count && found.size < s.row.length; i++) {
      const labels = await tableRow(i).getByRole('button').allTextContents();
      for (const a of s.row)
        if (!found.has(a.command.id) && labels.some((l) => l.startsWith(a.label))) found.set(a.command.id, i);
    }
    return found;
  }
  // the list answered is read (settled): a grid drawn from no list of records is a tree table
  const records = lists.find((l) => l.length === ids.length && l.every((r, i) => String(r.id) === ids[i]));
  // a tree table loads its levels otherwise: its rows' menus say what they offer
  if (!records) {
    // the first of the first ten rows offering each (menus are opened until every one has one)
    for (let i = 0; i < Math.min(ids.length, 10) && found.size < s.row.length; i++) {
      const labels = await menuLabels(i);
      for (const a of s.row)
        if (!found.has(a.command.id) && labels.includes(a.label)) found.set(a.command.id, i);
    }
    return found;
  }
  const keys = { route: s.route, selection: [], grid: { pageKey: s.key, title: s.name, queryKey: [] } };
  for (const a of s.row) {
    const offers = (row: Row) => {
      try {
        return !a.command.when || a.command.when({ ...keys, row });
      } catch {
        return false;
      }
    };
    const index = records.findIndex(offers);
    if (index >= 0) found.set(a.command.id, index);
  }
  return found;
}

/** The labels of the 行操作 menu of the grid's `index`th row (Shift+F10 on a cell). */
async function menuLabels(index: number): Promise<string[]> {
  await gridCell(index).click();
  await page.keyboard.press('Shift+F10');
  const menu = page.getByRole('menu', { name: '行操作' });
  await menu.waitFor();
  const labels = await menu.getByRole('menuitem').allTextContents();
  await page.keyboard.press('Escape');
  await menu.waitFor({ state: 'detached' });
  return labels;
}

async function runFromRow(index: number, label: string) {
  // a table row's buttons name their row too (强制退出 yunying)
  if (!(await gridCell(index).count())) return clickRowAction(tableRow(index), label);
  await gridCell(index).click();
  await page.keyboard.press('Shift+F10');
  const item = page.getByRole('menu', { name: '行操作' }).getByRole('menuitem', { name: label, exact: true });
  await item.click({ timeout: 3_000 });
}

describe.each(SCREENS.filter((s) => !ONLY || ONLY.test(s.key)).map((s) => [s.name, s] as const))(
  '%s',
  (_name, s) => {
    beforeAll(async () => open(s), 60_000);

    it('runs every row command from the menu of a row offering it', async () => {
      if (!s.row.length) return;
      await open(s);
      const offeredBy = await offeringRows(s);
      // a page with status tabs (上门订单) shows the rows of the other states under the other tabs
      const tabs = content().getByRole('tablist').first().getByRole('tab', { selected: false });
      const tabCount = (await content().getByRole('tablist').count()) ? await tabs.count() : 0;
      for (const a of s.row) {
        const name = `${a.command.id} (row ${a.label})`;
        let index = offeredBy.get(a.command.id);
        for (let t = 0; index === undefined && t < tabCount; t++) {
          const before = await domRowIds();
          await tabs.nth(t).click();
          await expect.poll(domRowIds).not.toEqual(before);
          index = (await offeringRows(s)).get(a.command.id);
        }
        // the file's setup gives every row command a row in its state (addRows)
        expect(index, `${name}: offered by no row of the first page`).toBeDefined();
        await open(s);
        const summary = await runCase(name, a.command, () => runFromRow(index!, a.label));
        if (a.command.id.endsWith('.download')) expect(summary, `${name}: a download`).toMatch(/ download /);
      }
    });

    it('runs every toolbar command with no row, one and (taking a list) two rows ticked', async () => {
      await open(s);
      const toolbar = content().locator('[role=toolbar]').first();
      const buttonOf = (a: Action) =>
        toolbar.locator('button', {
          hasText: new RegExp(`^${a.label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`),
        });
      for (const a of s.toolbar)
        expect(await buttonOf(a).count(), `${s.name}: toolbar button ${a.label}`).toBe(1);
      // by the number of rows ticked, so the rows are ticked once for all the commands taking them
      for (const ticked of [0, 1, 2]) {
        // a command taking no row runs once; one taking one row (`id`) is not run with two
        for (const a of s.toolbar.filter((x) => [true, x.rows, x.many][ticked])) {
          await open(s);
          // the list the last command refetched is drawn before rows are ticked (a refetch clears
          // the ticks: 还原 left 批量彻底删除 disabled under the click)
          await settled();
          // a command may have changed the rows (还原 empties the 回收站) or their ticks
          if ((await ticks().and(page.locator(':checked')).count()) !== ticked) {
            await untickAll();
            if (ticked > (await ticks().count())) continue;
            // a row may leave while it is ticked (the list refetched after the last command)
            for (let i = 0; i < ticked; i++)
              await ticks()
                .nth(i)
                .check({ timeout: 2_000 })
                .catch(() => undefined);
            if ((await ticks().and(page.locator(':checked')).count()) !== ticked) continue;
          }
          const name = `${a.command.id} (toolbar ${a.label}, ${ticked} ticked)`;
          const button = buttonOf(a);
          if (await button.isDisabled()) {
            outcomes.push(`${name}: disabled`);
            expect(ticked, `${name}: disabled`).toBe(0);
            continue;
          }
          await runCase(name, a.command, () => button.click());
        }
      }
      await untickAll();
    });

    const sample = s.row.find((a) => a.rows) ?? s.toolbar.find((a) => a.rows);
    if (sample)
      it(`runs ${sample.command.title} from the palette with a row ticked`, async () => {
        await open(s);
        if (!(await ticks().count())) return void outcomes.push(`${sample.command.id} (palette): no row`);
        await untickAll();
        await ticks().first().check();
        await runCase(`${sample.command.id} (palette)`, sample.command, async () => {
          await page.keyboard.press('Control+K');
          const palette = page.getByRole('dialog', { name: '命令面板' });
          await palette.getByRole('combobox').fill(sample.command.title);
          const item = palette.locator('[cmdk-item]', { hasText: commandPath(sample.command.id) });
          await item.first().waitFor();
          for (let i = 0; i < 20 && (await item.first().getAttribute('data-selected')) !== 'true'; i++)
            await page.keyboard.press('ArrowDown');
          await page.keyboard.press('Enter');
        });
        await untickAll();
      });
  },
);

it('finds every page of the menus on the menu tree', () => {
  expect(SCREENS.length).toBeGreaterThan(30);
});
