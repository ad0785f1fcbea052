import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serverHarness } from './server-harness.ts';

/** Dictionary commands through the real executor against the real server. */
let h: Awaited<ReturnType<typeof serverHarness>>;
beforeAll(async () => {
  h = await serverHarness();
});
// every endpoint the commands called checks the permission of the command that called it
afterAll(() => expect(h.permissionMismatches()).toEqual([]));
afterAll(async () => h?.close());

const dictByCode = async (dictCode: string) => {
  const r = await h.t.call('GET', '/sys/dict/list', { token: h.token, query: { dictCode } });
  return r.body.result.records[0] as Record<string, unknown> | undefined;
};
const itemsOf = async (dictId: string) => {
  const r = await h.t.call('GET', '/sys/dictItem/list', { token: h.token, query: { dictId } });
  return (r.body.result.records as Array<Record<string, unknown>>).map((i) => `${i.itemValue}=${i.itemText}`);
};

describe('dict commands', () => {
  it('adds, edits, lists the items of and deletes a dictionary from the terminal', async () => {
    const add = await h.terminal('dict add service_level 服务等级');
    expect(add.results[0]?.status).toBe('ok');
    const dict = await dictByCode('service_level');
    expect(dict?.dictName).toBe('服务等级');

    const edit = await h.terminal('dict edit service_level --description 技师服务等级');
    expect(edit.results[0]?.status).toBe('ok');
    expect((await dictByCode('service_level'))?.description).toBe('技师服务等级');

    const rows = JSON.stringify([
      { itemText: '初级', itemValue: 'junior' },
      { itemText: '高级', itemValue: 'senior' },
    ]);
    const save = await h.terminal(`dict saveItems service_level '${rows}'`);
    expect(save.results[0]?.status).toBe('ok');
    expect(await itemsOf(String(dict!.id))).toEqual(['junior=初级', 'senior=高级']);

    const items = await h.terminal('dict items service_level');
    expect(items.out).toMatch(/名称\s+数据值/);
    expect(items.out).toContain('服务等级（service_level）共 2 项');
    expect(items.out).toContain('senior');

    h.state.answer = true;
    const del = await h.terminal('dict list --dictCode service_level | dict delete');
    h.state.answer = false;
    expect(del.results.at(-1)?.status).toBe('ok');
    expect(h.state.confirms.at(-1)).toBe('是否删除选中数据?');
    expect(await dictByCode('service_level')).toBeUndefined();
  });

  it('refuses items that break the grid rules, naming the row, and saves nothing', async () => {
    const dict = await dictByCode('priority');
    const before = await itemsOf(String(dict!.id));
    const rows = JSON.stringify([
      { itemText: '紧急', itemValue: 'U' },
      { itemText: '', itemValue: 'V' },
    ]);
    const bad = await h.terminal(`dict saveItems priority '${rows}'`);
    expect(bad.results[0]?.status).toBe('error');
    expect(bad.results[0]?.error).toBe('第2行：请输入名称');
    const notJson = await h.terminal(`dict saveItems priority '{not json'`);
    expect(notJson.results[0]?.error).toContain('行数据必须是 JSON 数组');
    expect(await itemsOf(String(dict!.id))).toEqual(before);
  });

  it('says which dictionary is unknown', async () => {
    const { results } = await h.terminal('dict items no_such_dict');
    expect(results[0]?.error).toBe('未找到对应字典');
  });

  it('names a dictionary exactly: search-input modes (!v, *v*, a,b) never pick another one', async () => {
    const priority = await dictByCode('priority');
    const before = await itemsOf(String(priority!.id));
    const rows = JSON.stringify([{ itemText: '误写', itemValue: 'oops' }]);
    for (const ref of ['!sex', '*rior*', 'sex,priority']) {
      const save = await h.terminal(`dict saveItems '${ref}' '${rows}'`);
      expect(save.results[0]?.error).toBe('未找到对应字典');
    }
    // (dict items takes a target list: 'a,b' shows a)
    for (const ref of ['!sex', '*rior*']) {
      const items = await h.terminal(`dict items '${ref}'`);
      expect(items.results[0]?.error).toBe('未找到对应字典');
    }
    expect(await itemsOf(String(priority!.id))).toEqual(before);
  });
});

describe('dict saveItems in operator terms', () => {
  it('名称=数据值: renames the item holding the value (its other fields kept), adds the others', async () => {
    const dict = await dictByCode('priority');
    const before = await itemsOf(String(dict!.id));
    const dry = await h.terminal('dict saveItems priority 非常紧急=H,加急=U --dry-run');
    expect(dry.results[0]?.status).toBe('ok');
    expect(dry.out).toContain(
      '演练：优先级 将新增 1 项、更新 1 项、删除 0 项（已由服务端按保存规则检查，未保存）',
    );
    expect(await itemsOf(String(dict!.id))).toEqual(before);
    // the server's own check runs on a dry run: a value twice
    const twice = await h.terminal('dict saveItems priority 甲=Q,乙=Q --dry-run');
    expect(twice.results[0]?.status).toBe('error');
    expect(twice.out).toContain('数据值不能重复');
    const r = await h.terminal('dict saveItems priority 非常紧急=H,加急=U');
    expect(r.results[0]?.status).toBe('ok');
    expect((await itemsOf(String(dict!.id))).sort()).toEqual(
      before
        .map((i) => (i === 'H=高' ? 'H=非常紧急' : i))
        .concat('U=加急')
        .sort(),
    );
  });

  it('--delete-ids takes an item by value or name; an unknown one or a word without = is refused', async () => {
    const dict = await dictByCode('priority');
    const r = await h.terminal('dict saveItems priority 加急=U --delete-ids 低');
    expect(r.results[0]?.status).toBe('ok');
    expect(await itemsOf(String(dict!.id))).not.toContain('L=低');
    const unknown = await h.terminal('dict saveItems priority 加急=U --delete-ids 不存在');
    expect(unknown.results[0]?.error).toBe('未找到字典项「不存在」');
    const bare = await h.terminal('dict saveItems priority 紧急');
    expect(bare.results[0]?.error).toContain('行数据必须是 JSON 数组，或 名称=数据值');
  });
});
