import { describe, expect, it } from 'vitest';
import { DICT } from '../../src/shared/resources/dict.ts';
import { listConfig, formFields } from '../../src/web/resources/resource-config.ts';
import { resourceCommands } from '../../commands/resources/generate.ts';

/** 数据字典 on the resource layer: what its declaration gives each surface. */
describe('dictionary resource', () => {
  it("serves list, add, edit, delete, and the original client's 导出 and 导入", () => {
    expect(Object.keys(DICT.endpoints).sort()).toEqual([
      'add',
      'delete',
      'deleteBatch',
      'edit',
      'exportXls',
      'importExcel',
      'list',
      'queryById',
    ]);
  });

  it('checks the value type against its options with the dictionary messages', () => {
    const bad = DICT.addSchema.safeParse({ dictName: 'x', dictCode: 'a b', type: 2 });
    expect(bad.error?.issues.map((i) => i.message)).toEqual([
      '字典编码只允许字母、数字、下划线和中划线',
      '字典类型取值无效',
    ]);
    expect(DICT.addSchema.parse({ dictName: ' x ', dictCode: 'ok_1', type: '1' })).toMatchObject({
      dictName: 'x',
      type: 1,
      description: null,
    });
  });

  it('keeps the page of the hand-written screen: title, columns, value type as text, search, super query', () => {
    const config = listConfig(DICT);
    expect(config.title).toBe('数据字典');
    expect(config.actionsWidth).toBe(200);
    expect(config.columns.map((c) => c.field)).toEqual([
      'dictName',
      'dictCode',
      'description',
      'type',
      'createTime',
    ]);
    const type = config.columns.find((c) => c.field === 'type')!;
    expect([type.render?.({ id: '1', type: 0 }), type.render?.({ id: '2', type: 1 })]).toEqual([
      '字符串',
      '数字',
    ]);
    expect(config.search?.map((s) => s.key)).toEqual(['dictName', 'dictCode']);
    expect(config.superQuery?.map((f) => f.field)).toEqual([
      'dictName',
      'dictCode',
      'description',
      'createTime',
    ]);
    expect(formFields(DICT).map((f) => f.key)).toEqual(['dictName', 'dictCode', 'description', 'type']);
  });

  it('generates the dict commands with the code first in dict add', () => {
    const commands = new Map(resourceCommands(DICT).map((c) => [c.id, c]));
    expect([...commands.keys()]).toEqual(['dict.list', 'dict.add', 'dict.edit', 'dict.delete']);
    expect(commands.get('dict.add')).toMatchObject({
      title: '新增字典',
      positional: ['dictCode', 'dictName'],
    });
    expect(commands.get('dict.list')?.aliases).toEqual(['dictionaries', 'list dictionaries']);
  });
});
