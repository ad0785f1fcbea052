import { describe, expect, it } from 'vitest';
import {
  checkPopupConfig,
  checkSelection,
  mapPopupRows,
  popupInitFailed,
  popupPick,
} from '../../../src/web/components/data-grid/dialogs/popup-config.ts';

describe('popup configuration (spec §5)', () => {
  it('needs a code, source and target fields', () => {
    for (const config of [
      { orgFields: 'username', destFields: 'name' },
      { code: ' ', orgFields: 'username', destFields: 'name' },
      { code: 'user_select', destFields: 'name' },
      { code: 'user_select', orgFields: 'username', destFields: ' , ' },
    ])
      expect(checkPopupConfig(config)).toEqual({ ok: false, message: 'popup参数未正确配置!' });
  });

  it('needs as many target fields as source fields', () => {
    expect(
      checkPopupConfig({ code: 'user_select', orgFields: 'username,realname', destFields: 'name' }),
    ).toEqual({
      ok: false,
      message: 'popup参数未正确配置,原始值和目标值数量不一致!',
    });
  });

  it('splits and trims a valid configuration', () => {
    expect(
      checkPopupConfig({
        code: ' user_select ',
        orgFields: 'username, realname',
        destFields: 'account,name ',
      }),
    ).toEqual({ ok: true, code: 'user_select', org: ['username', 'realname'], dest: ['account', 'name'] });
  });
});

describe('selection check', () => {
  it('warns 请选择一条记录 on nothing, and on several rows in single mode only', () => {
    expect(checkSelection(0, false)).toBe('请选择一条记录');
    expect(checkSelection(0, true)).toBe('请选择一条记录');
    expect(checkSelection(2, false)).toBe('请选择一条记录');
    expect(checkSelection(1, false)).toBeNull();
    expect(checkSelection(3, true)).toBeNull();
  });
});

describe('field mapping', () => {
  const rows = [
    { username: 'caiwu', realname: '王财务', sex: 2 },
    { username: 'yunying', realname: '李运营', sex: null },
  ];

  it('copies source columns to target fields by position', () => {
    expect(mapPopupRows(rows.slice(0, 1), ['username', 'realname'], ['account', 'name'])).toEqual({
      account: 'caiwu',
      name: '王财务',
    });
  });

  it('joins several rows with commas and writes empty text for missing values', () => {
    expect(mapPopupRows(rows, ['realname', 'sex'], ['names', 'sexes'])).toEqual({
      names: '王财务,李运营',
      sexes: '2,',
    });
  });

  it('builds a display table with dictionary text', () => {
    const pick = popupPick(
      [
        { title: '用户账号', dataIndex: 'username' },
        { title: '性别', dataIndex: 'sex', customRender: 'sex' },
      ],
      { sex: [{ value: '2', text: '女' }] },
      rows,
    );
    expect(pick.rows).toEqual(rows);
    expect(pick.table.columns).toEqual([
      { key: 'username', title: '用户账号' },
      { key: 'sex', title: '性别' },
    ]);
    expect(pick.table.rows).toEqual([
      { username: 'caiwu', sex: '女' },
      { username: 'yunying', sex: '' },
    ]);
  });
});

describe('load failure message (spec §8)', () => {
  it('puts the cause after the fixed text', () => {
    expect(popupInitFailed(new Error('实体不存在'))).toBe(
      'Popup初始化失败，请检查你的配置或稍后重试！实体不存在',
    );
    expect(popupInitFailed(undefined)).toBe('Popup初始化失败，请检查你的配置或稍后重试！');
  });
});
