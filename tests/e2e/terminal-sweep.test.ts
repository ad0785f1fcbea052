/**
 * The terminal's help-example sweep in the browser (issue #27): every command of the console page
 * (`page: true`, which the Node sweep leaves out) runs each of its help examples from the terminal
 * panel, in one signed-in page and one terminal session, as a person types them. The commands come
 * from the registry (`terminalSweepPlan`): a new page command is swept without editing this file.
 *
 * Screens, in order: 用户管理 (a list with export, import and 高级查询; a row ticked), the
 * editable-grid demo (a row ticked), several tabs for the tab commands, and last what ends the
 * session. While a line runs, every dialog it opens is declined (as the action sweep does), a file
 * chooser gets a small 用户 workbook, and a question on the terminal's input line is answered `y`.
 * A line fails on an error line in the terminal, a warning or error toast, a page or console error,
 * or the crash screen.
 */
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { CommandRegistry } from '../../commands/core/registry.ts';
import { registerAll } from '../../commands/index.ts';
import type { CommandDefinition } from '../../commands/core/types.ts';
import { recordToasts, toastsSince } from '../support/toasts.ts';
import { login, startBrowserEnv, visitInApp, type BrowserEnv } from '../support/browser.ts';
import { DEMO } from '../support/editable-demo.ts';
import {
  CHARTS_PAGE,
  DEPART_PAGE,
  SWEEP_STAGES,
  terminalSweepPlan,
  type SweepStage,
} from '../support/terminal-sweep.ts';
import { INSERT_THROTTLE_MS, INSERT_TOO_FAST } from '../../src/shared/grid-rules.ts';

const registry = new CommandRegistry();
registerAll(registry);
const PLAN = terminalSweepPlan(registry);

const USERS = '/isystem/user';
const ROLES = '/isystem/role';
/** What a file chooser opened by a command is given: two new users for 用户管理's import. */
async function uploadFile() {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Sheet1');
  for (const row of [
    ['用户账号', '用户姓名'],
    ['sweep_imp1', '巡检一'],
    ['sweep_imp2', '巡检二'],
  ])
    ws.addRow(row);
  return {
    name: '用户.xlsx',
    mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    buffer: Buffer.from(await wb.xlsx.writeBuffer()),
  };
}

let env: BrowserEnv;
let page: Page;
/** page errors and console errors since the line started */
const errors: string[] = [];
/** what each line ended in, printed at the end */
const outcomes: string[] = [];

beforeAll(async () => {
  env = await startBrowserEnv();
  page = await env.newPage();
  page.on('pageerror', (e) => errors.push(`pageerror ${e.stack ?? e.message}`));
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(`console.error ${m.text()} ${m.location().url}`);
  });
  const file = await uploadFile();
  page.on('filechooser', (chooser) => void chooser.setFiles(file));
  // every toast shown, with its role (a warning or an error is an alert)
  await recordToasts(page);
  await login(page, env.url, 'admin', '123456', `/user/login?redirect=${encodeURIComponent(USERS)}`);
  await page.waitForURL(env.url + USERS);
  await content().locator('.ag-row').first().waitFor();
  await page.keyboard.press('Control+Backquote');
  await input().waitFor();
});
afterAll(async () => {
  if (outcomes.length) console.log(`[terminal-sweep] ${outcomes.length} lines:\n  ${outcomes.join('\n  ')}`);
  await page?.context().close();
  await env?.close();
});

const content = () => page.locator('#page-content');
const input = () => page.getByTestId('terminal-input');
const output = () => page.getByTestId('terminal-output');
const dialogs = () => page.locator('[role=dialog]:visible, [role=alertdialog]:visible');
const tab = (name: string) => page.getByRole('tab', { name: new RegExp(name) });
const toasts = async () => (await toastsSince(page)).shown.length;

/** Close whatever dialogs are open, as a person declines them: Escape, else 取消 / 关闭 / 返回. */
async function closeDialogs() {
  for (let i = 0; i < 6 && (await dialogs().count()); i++) {
    const before = await dialogs().count();
    await page.keyboard.press('Escape');
    let closed = false;
    for (let t = 0; t < 25 && !closed; t++) {
      closed = (await dialogs().count()) < before;
      if (!closed) await page.waitForTimeout(20);
    }
    if (!closed)
      await dialogs()
        .last()
        .getByRole('button', { name: /^(取消|关闭|返回)$/ })
        .first()
        .click();
  }
}

/** Tick the first row of the grid on screen unless one is ticked (row commands act on it). */
async function tickARow() {
  const ticks = content().locator('.ag-row:not(.ag-row-pinned) .ag-selection-checkbox input:visible');
  await ticks.first().waitFor();
  if (!(await ticks.and(page.locator(':checked')).count())) await ticks.first().check();
}

/** Several tabs, the active one in the middle (用户管理, 可编辑表格示例 active, 角色管理). */
async function middleTab() {
  for (const [path, name] of [
    [USERS, '用户管理'],
    [DEMO, '可编辑表格示例'],
    [ROLES, '角色管理'],
  ] as const)
    if (!(await tab(name).count())) await visitInApp(page, env.url, path);
  if (page.url() !== env.url + DEMO) await visitInApp(page, env.url, DEMO);
  await page.getByRole('tab', { name: /可编辑表格示例/, selected: true }).waitFor();
}

/** Get the screen ready for a stage's next command. */
async function ready(stage: SweepStage) {
  if (stage === 'list') {
    if (page.url() !== env.url + USERS) await visitInApp(page, env.url, USERS);
    await tickARow();
  } else if (stage === 'editable') {
    if (page.url() !== env.url + DEMO) await visitInApp(page, env.url, DEMO);
    await tickARow();
  } else if (stage === 'depart') {
    if (page.url() !== env.url + DEPART_PAGE) await visitInApp(page, env.url, DEPART_PAGE);
    await page.getByRole('toolbar', { name: '部门操作' }).waitFor();
  } else if (stage === 'charts') {
    if (page.url() !== env.url + CHARTS_PAGE) await visitInApp(page, env.url, CHARTS_PAGE);
    await page.locator('#page-content').getByTestId('business-stats').locator('canvas').first().waitFor();
  } else if (stage === 'tabs') await middleTab();
}

/**
 * The terminal's text (its hidden mirror of the last 200 lines; none once the console has gone).
 * The console may go between the count and the read (auth.logout on a loaded machine): the read
 * waits a second, not the page's 15, and finds nothing.
 */
const terminalText = async () =>
  (await output().count())
    ? ((await output()
        .textContent({ timeout: 1000 })
        .catch(() => '')) ?? '')
    : '';

/**
 * Type `line` into the terminal and wait for it to end, declining dialogs, giving file choosers a
 * file and answering questions `y`; then check it ended without an error anywhere. Resolves
 * 'too fast' when the editable grid refused the line only for following the previous add or insert
 * within 1500 ms (spec §5): the caller runs it again once that has passed, as a person would.
 */
async function runLine(def: CommandDefinition, line: string): Promise<'done' | 'too fast'> {
  const name = `${def.id}: ${line}`;
  const started = Date.now();
  const errorLinesBefore = Number(await output().getAttribute('data-errors'));
  const textBefore = await terminalText();
  const toastsFrom = await toasts();
  errors.length = 0;
  const seen: string[] = [];
  await input().fill(line);
  await input().press('Enter');
  const until = Date.now() + 20_000;
  for (;;) {
    // the session ended (logout): the console, its terminal with it, gave way to the login page
    if (!(await output().count()) || !(await input().count())) break;
    const busy = await output()
      .getAttribute('aria-busy', { timeout: 1000 })
      .catch(() => null);
    // the line's echo is written, then the run marks the mirror busy, in the keypress itself
    if ((await terminalText()) !== textBefore && busy === 'false') break;
    if (await dialogs().count()) {
      seen.push(`dialog「${(await dialogs().last().innerText()).replace(/\s+/g, ' ').slice(0, 40)}」`);
      await closeDialogs();
    } else if (
      (await input()
        .getAttribute('aria-label', { timeout: 1000 })
        .catch(() => '终端命令')) !== '终端命令'
    ) {
      seen.push(`question「${await input().getAttribute('aria-label')}」y`);
      await input().fill('y');
      await input().press('Enter');
    }
    if (Date.now() > until) throw new Error(`${name}: still running after 20 s`);
    await page.waitForTimeout(25);
  }
  // a dialog the command opened and left open (修改密码, 详细信息)
  if (await dialogs().count()) {
    seen.push(`dialog「${(await dialogs().last().innerText()).replace(/\s+/g, ' ').slice(0, 40)}」`);
    await closeDialogs();
  }
  const text = await terminalText();
  const printed = text.split('\n').slice(text.split('\n').lastIndexOf(`admin@console $ ${line}`) + 1);
  const { shown, crashed } = await toastsSince(page, toastsFrom);
  const alerts = shown.filter((t) => t.role === 'alert').map((t) => t.text);
  const throttled = alerts.length > 0 && alerts.every((t) => t.includes(INSERT_TOO_FAST));
  outcomes.push(
    `${name}${throttled ? ' (too fast)' : ''} → ${[...seen, printed.join(' ⏎ ').slice(0, 80) || '(nothing printed)'].join(' → ')} (${Date.now() - started} ms)`,
  );
  if (text) {
    const errorLines = Number(await output().getAttribute('data-errors')) - errorLinesBefore;
    expect(errorLines, `${name}: error lines in the terminal: ${printed.join(' | ')}`).toBe(0);
  }
  expect(crashed, `${name}: 页面加载失败`).toBe(false);
  expect(errors, `${name}: page and console errors`).toEqual([]);
  if (throttled) return 'too fast';
  expect(alerts, `${name}: warning or error toasts`).toEqual([]);
  return 'done';
}

/** The rows xterm draws now (its DOM renderer: one element per screen row). */
const screenRows = () =>
  page.locator('.xterm-rows > div').evaluateAll((rows) => rows.map((r) => (r.textContent ?? '').trimEnd()));

/**
 * Issue 28: a live view redraws one screen in place (xterm's alternate screen, no scrollback) with
 * changing figures until q; a 系统监控 page stops reading while the browser tab is hidden. Both on
 * the sweep's page before the sweep, which starts from 用户管理 again.
 */
describe('live views and 系统监控', () => {
  it('monitor top redraws one screen in place with changing figures, and q gives the shell back', async () => {
    errors.length = 0;
    await input().fill('monitor top');
    await input().press('Enter');
    await expect.poll(terminalText).toMatch(/^monitor top 实时监控/);
    await expect.poll(() => input().getAttribute('placeholder')).toBe('按 q 退出实时视图');
    const first = await screenRows();
    expect(first[0]).toMatch(/^monitor top 实时监控/);
    const httpRow = (rows: string[]) => rows.find((r) => r.startsWith('HTTP')) ?? '';
    // the monitor's own reads are requests: the HTTP figures move from one frame to the next
    await expect.poll(async () => httpRow(await screenRows())).not.toBe(httpRow(first));
    const later = await screenRows();
    // the same screen, redrawn: as many rows, the title still on the first, one title in the mirror
    expect(later.length).toBe(first.length);
    expect(later[0]).toMatch(/^monitor top 实时监控/);
    expect((await terminalText()).match(/monitor top 实时监控/g)).toHaveLength(1);
    expect(later.filter((r) => r.startsWith('CPU'))).toHaveLength(1);
    // nothing scrolled: the viewport has no scrollback to scroll to
    const scroll = await page
      .locator('.xterm-viewport')
      .evaluate((v) => ({ height: v.scrollHeight, view: v.clientHeight }));
    expect(scroll.height).toBeLessThanOrEqual(scroll.view + 1);
    // every line fits the 80-column screen of the panel without wrapping
    for (const r of later) expect(r.length, r).toBeLessThanOrEqual(80);
    await input().press('q');
    await expect.poll(() => input().getAttribute('placeholder')).toBe('');
    await expect.poll(terminalText).toContain('admin@console $ monitor top');
    expect(await terminalText()).not.toContain('实时监控');
    expect((await screenRows()).some((r) => r.startsWith('monitor top 实时监控'))).toBe(false);
    expect(Number(await output().getAttribute('data-errors'))).toBe(0);
    // chosen in the palette, a live view runs in the terminal panel (not as toasts)
    // (Ctrl+K on the terminal's line is readline's kill: the palette is opened from the page)
    await input().evaluate((el) => el.blur());
    await page.keyboard.press('Control+k');
    await page.keyboard.type('数据库实时监控');
    await page.locator('[cmdk-item]').filter({ hasText: '数据库实时监控' }).first().click();
    await expect.poll(terminalText).toMatch(/^monitor db 数据库监控/);
    expect((await screenRows())[0]).toMatch(/^monitor db 数据库监控/);
    await input().press('q');
    await expect.poll(terminalText).toContain('admin@console $ monitor db');
    expect(await terminalText()).not.toContain('数据库监控');
    expect(Number(await output().getAttribute('data-errors'))).toBe(0);
    expect(errors).toEqual([]);
  });

  it('a monitor page shows its figures and stops reading while the tab is hidden', async () => {
    errors.length = 0;
    let reads = 0;
    const count = (r: { url(): string }) => void (r.url().includes('/sys/monitor/server') && reads++);
    page.on('request', count);
    await visitInApp(page, env.url, '/monitor/SystemInfo');
    const frame = content().getByTestId('monitor-page');
    await frame.getByRole('heading', { name: '服务器信息' }).waitFor();
    await expect.poll(() => frame.getByText('系统 CPU 使用率').count()).toBe(1);
    await expect.poll(() => frame.getByTestId('monitor-refresh').textContent()).toBe('每 2 秒自动刷新');
    await expect.poll(() => reads).toBeGreaterThanOrEqual(2);
    const visibility = (state: 'hidden' | 'visible') =>
      page.evaluate((s) => {
        Object.defineProperty(document, 'visibilityState', { value: s, configurable: true });
        document.dispatchEvent(new Event('visibilitychange'));
      }, state);
    await visibility('hidden');
    await expect
      .poll(() => frame.getByTestId('monitor-refresh').textContent())
      .toBe('页面不可见，自动刷新已暂停');
    const hiddenAt = reads;
    await page.waitForTimeout(3000);
    expect(reads).toBe(hiddenAt);
    await visibility('visible');
    await expect.poll(() => frame.getByTestId('monitor-refresh').textContent()).toBe('每 2 秒自动刷新');
    await expect.poll(() => reads).toBeGreaterThan(hiddenAt);
    page.off('request', count);
    expect(errors).toEqual([]);
  });
});

describe('terminal sweep', () => {
  it('every page command’s help examples run in the terminal without an error', async () => {
    expect(PLAN.unplanned).toEqual([]);
    for (const stage of SWEEP_STAGES)
      for (const run of PLAN.runs.filter((r) => r.stage === stage)) {
        expect(run.lines.length, `${run.def.id}: no example`).toBeGreaterThan(0);
        for (const line of run.lines) {
          await ready(stage);
          if ((await runLine(run.def, line)) === 'done') continue;
          await page.waitForTimeout(INSERT_THROTTLE_MS);
          await ready(stage);
          expect(await runLine(run.def, line), `${run.def.id}: refused as too fast twice`).toBe('done');
        }
      }
    // the session ended: the login page
    await page.waitForURL(/\/user\/login/);
    // every stage had its commands
    expect(new Set(PLAN.runs.map((r) => r.stage))).toEqual(new Set(SWEEP_STAGES));
  });
});
