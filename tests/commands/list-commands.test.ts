import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serverHarness } from './server-harness.ts';
import { plainWorkbook, postParts } from '../server/import-support.ts';
import { RESOURCES } from '../../src/shared/resources/index.ts';
import { hasDisplayText, type Resource } from '../../src/shared/resources/define.ts';
import { CommandRegistry } from '../../commands/core/registry.ts';
import { registerAll } from '../../commands/index.ts';
import { describeArgs } from '../../commands/core/schema-info.ts';
import { formatTable } from '../../commands/core/format.ts';

/** Position and log commands, and the grid commands' headless parts, against the real server. */
let h: Awaited<ReturnType<typeof serverHarness>>;
beforeAll(async () => {
  h = await serverHarness();
});
// every endpoint the commands called checks the permission of the command that called it
afterAll(() => expect(h.permissionMismatches()).toEqual([]));
afterAll(async () => h?.close());

const positionByCode = async (code: string) => {
  const r = await h.t.call('GET', '/sys/position/list', { token: h.token, query: { code } });
  return r.body.result.records[0] as Record<string, unknown> | undefined;
};

describe('position commands', () => {
  it('adds, lists, edits and deletes a position from the terminal', async () => {
    const add = await h.terminal('position add tuina_lead 推拿组长 2');
    expect(add.results[0]?.status).toBe('ok');
    const created = await positionByCode('tuina_lead');
    expect(created?.name).toBe('推拿组长');

    const list = await h.terminal('position list --name *推拿*');
    expect(list.out).toMatch(/职务编码\s+职务名称/);
    expect(list.out).toContain('tuina_lead');

    const edit = await h.terminal(`position edit ${String(created!.id)} --name 推拿主管`);
    expect(edit.results[0]?.status).toBe('ok');
    expect((await positionByCode('tuina_lead'))?.name).toBe('推拿主管');

    h.state.answer = true;
    const del = await h.terminal('position list --code tuina_lead | position delete');
    h.state.answer = false;
    expect(del.results.at(-1)?.status).toBe('ok');
    expect(h.state.confirms.at(-1)).toBe('是否删除选中数据?');
    expect(await positionByCode('tuina_lead')).toBeUndefined();
  });

  it('reports the shared validation message of a bad code', async () => {
    const bad = await h.terminal('position add "bad code" 某职务 1');
    expect(bad.results[0]?.status).toBe('error');
    expect(bad.results[0]?.error).toBe('职务编码只允许字母、数字、下划线和中划线');
  });

  it('refuses delete with nothing selected before asking', async () => {
    h.state.confirms.length = 0;
    const { results } = await h.terminal('position delete');
    expect(results[0]?.error).toBe('请选择一条记录！');
    expect(h.state.confirms).toEqual([]);
  });
});

describe('log commands', () => {
  it('lists the login log written by signing in, and clears it after confirmation', async () => {
    const list = await h.terminal('log list --type 1');
    expect(list.results[0]?.status).toBe('ok');
    expect(list.out).toContain('admin');
    h.state.answer = true;
    const clear = await h.terminal('log clear');
    h.state.answer = false;
    expect(clear.results[0]?.status).toBe('ok');
    const after = await h.t.call('GET', '/sys/log/list', { token: h.token, query: { logType: '1' } });
    expect(after.body.result.total).toBe(0);
  });
});

describe('grid commands without a page', () => {
  it('are unavailable where no grid is mounted', async () => {
    const { results } = await h.terminal('export');
    expect(results[0]?.status).toBe('error');
  });

  it('refresh invalidates the current grid query', async () => {
    h.state.keys = { ...h.state.keys, grid: { pageKey: 'position', title: '职务', queryKey: ['positions'] } };
    const { results } = await h.terminal('grid refresh');
    expect(results[0]?.result?.invalidate).toEqual([['positions']]);
  });
});

describe('import <file> on the current grid', () => {
  const positionsGrid = {
    pageKey: 'position',
    title: '职务',
    queryKey: ['positions'],
    importUrl: '/sys/position/importExcel',
  };
  const upload = async (rows: unknown[][]) => {
    const content = await plainWorkbook([['职务编码', '职务名称', '职级'], ...rows]);
    const r = await postParts(h.t, '/sys/common/upload', h.token, [
      { name: 'biz', value: 'temp' },
      { name: 'file', filename: 'positions.xlsx', content },
    ]);
    expect(r.body.success).toBe(true);
    return r.body.message as string;
  };

  it('imports an uploaded file by its path and refreshes the grid', async () => {
    h.state.keys = { ...h.state.keys, grid: positionsGrid };
    const path = await upload([['anmo_01', '按摩师', '员级']]);
    const { results } = await h.terminal(`import ${path}`);
    expect(results[0]?.status).toBe('ok');
    expect(results[0]?.result?.invalidate).toEqual([['positions']]);
    expect((await positionByCode('anmo_01'))?.name).toBe('按摩师');
  });

  it('reports the counts and the error file when rows are rejected, importing nothing of that file', async () => {
    h.state.keys = { ...h.state.keys, grid: positionsGrid };
    const path = await upload([
      ['anmo_02', '按摩师二', '员级'],
      ['bad code', '坏编码', '员级'],
    ]);
    const { results } = await h.terminal(`import ${path}`);
    expect(results[0]?.result?.message).toMatch(/^导入成功,但是有错误数据! .*错误行数：1/);
    expect(await positionByCode('anmo_02')).toBeUndefined();
  });
});

describe('editable-grid row commands and 查看详情 without a page', () => {
  const ROW_COMMANDS = ['grid.addRow', 'grid.insertRow', 'grid.deleteRows', 'grid.moveUp', 'grid.moveDown'];

  it('are unavailable (and not visible) while no editable grid is on screen', async () => {
    const keys = { username: 'admin' };
    for (const id of ROW_COMMANDS) {
      await expect(h.executor.run(id, {}, { source: 'palette', keys })).rejects.toThrow('当前不可用');
      expect(h.executor.visible(keys).map((c) => c.id)).not.toContain(id);
    }
  });

  it('with an editable grid they need the page’s widget, which the terminal does not have', async () => {
    const keys = { username: 'admin', editableGrid: true };
    for (const id of ROW_COMMANDS) {
      expect(h.executor.visible(keys).map((c) => c.id)).toContain(id);
      await expect(h.executor.run(id, {}, { source: 'terminal', keys })).rejects.toThrow(
        '该命令需要在页面中运行',
      );
    }
  });

  it('carry the shortcuts Alt+N, Alt+I, Alt+ArrowUp and Alt+ArrowDown; delete has none', () => {
    const binding = (id: string) => h.executor.registry.get(id)?.keybinding;
    expect(ROW_COMMANDS.map(binding)).toEqual(['Alt+N', 'Alt+I', undefined, 'Alt+ArrowUp', 'Alt+ArrowDown']);
  });

  it('查看详情 refuses with nothing selected, and otherwise needs the page', async () => {
    const grid = { pageKey: 'position', title: '职务', queryKey: ['positions'] };
    await expect(
      h.executor.run('grid.detail', {}, { source: 'palette', keys: { username: 'admin' } }),
    ).rejects.toThrow('当前不可用');
    await expect(
      h.executor.run(
        'grid.detail',
        {},
        { source: 'palette', keys: { username: 'admin', grid, selection: [] } },
      ),
    ).rejects.toThrow('请选择一条记录！');
    await expect(
      h.executor.run(
        'grid.detail',
        {},
        { source: 'terminal', keys: { username: 'admin', grid, selection: ['p1'] } },
      ),
    ).rejects.toThrow('该命令需要在页面中运行');
  });
});

/**
 * Every declared resource's `<name> list` (issue 27): an enum column prints its options' text, not
 * the stored code, and a filter on a field with choices takes a choice's text as its value and
 * refuses a value that is none of them (it used to return 0 rows silently).
 */
const h0 = new CommandRegistry();
registerAll(h0);

describe('every resource list in the terminal', () => {
  const listed = (RESOURCES as readonly Resource[]).filter((r) => h0.has(`${r.decl.name}.list`));
  const optionFields = (r: Resource) => r.surfaces.terminal.filter((f) => f.options && !hasDisplayText(f));

  it('prints every enum column of every list by its text', async () => {
    let checked = 0;
    for (const r of listed) {
      const result = await h.executor.run(`${r.decl.name}.list`, { pageSize: 50 }, { source: 'terminal' });
      const table = result.table!;
      for (const f of optionFields(r)) {
        const col = table.columns.find((c) => c.key === f.key)!;
        const values = [...new Set(table.rows.map((row) => row[f.key]).filter((v) => v != null && v !== ''))];
        if (!values.length) continue;
        const lines = formatTable({
          columns: [col],
          rows: table.rows.filter((row) => values.includes(row[f.key])),
        });
        const texts = f.options!.map((o) => o.text);
        for (const cell of lines.slice(2)) expect(texts, `${r.decl.name}.${f.key}`).toContain(cell.trim());
        checked += 1;
      }
    }
    // technicians' 工作状态, banners' 位置 跳转类型 状态, goods' 分类 状态, partners' 类型 状态 …
    expect(checked).toBeGreaterThanOrEqual(8);
    const tech = await h.terminal('technician list --page-size 5 --work-status 休息');
    expect(tech.out).toMatch(/休息/);
  });

  it('takes the text of an enum or dictionary choice as a filter and refuses an unknown one', async () => {
    let checked = 0;
    const total = async (r: Resource, flag: string, value: string) => {
      const result = await h.executor.run(
        `${r.decl.name}.list`,
        { pageSize: 1, [flag]: value },
        { source: 'terminal' },
      );
      return result.message;
    };
    for (const r of listed) {
      const def = h.registry.get(`${r.decl.name}.list`)!;
      const flags = new Set(describeArgs(def).map((a) => a.name));
      for (const f of r.decl.fields.filter((x) => x.options && flags.has(x.key))) {
        const [option] = f.options!;
        expect(await total(r, f.key, option!.text), `${r.decl.name} --${f.key}`).toBe(
          await total(r, f.key, option!.value),
        );
        await expect(total(r, f.key, '不存在的选项')).rejects.toThrow(`${f.title}取值无效：不存在的选项`);
        checked += 1;
      }
    }
    expect(checked).toBeGreaterThanOrEqual(8);
    // a dictionary field: 等级 by its item's text
    const gold = await h.terminal('technician list --level 金牌 --page-size 50 --json');
    const rows = JSON.parse(gold.out) as Array<Record<string, unknown>>;
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((row) => row.level_dictText === '金牌')).toBe(true);
    const none = await h.terminal('technician list --work-status 休息中');
    expect(none.results[0]?.status).toBe('error');
    expect(none.out).toContain('工作状态取值无效：休息中（可选：在线、服务中、休息、停用）');
  });
});
