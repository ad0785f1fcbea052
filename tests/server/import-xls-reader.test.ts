import { describe, expect, it } from 'vitest';
import { USER_IMPORT_COLUMNS } from '../../src/server/routes/sys/user/import.ts';
import {
  BIFF,
  recordAt,
  workbookStream,
  xlsProblem,
  xlsSheetRows,
} from '../../src/server/lib/excel/xls-sheet-rows.ts';
import {
  IMPORT_MSG,
  sniffWorkbook,
  workbookProblem,
  type ImportColumn,
} from '../../src/server/lib/excel/xlsx-sheet-reader.ts';
import { cfbLayout, fixture, readAll, recordOffset } from './xls-support.ts';

const COLUMNS: ImportColumn[] = [
  ...USER_IMPORT_COLUMNS,
  { key: 'remark', title: '备注' },
  { key: 'amount', title: '数值' },
];

describe('xls (BIFF8) reader on LibreOffice files', () => {
  it('reads the raw cell values of the first worksheet: strings, RK and NUMBER numbers, formulas, booleans', () => {
    const { date1904, rows } = xlsSheetRows(fixture('users-import.xls'), 1 << 20);
    expect(date1904).toBe(false);
    const raw = [...rows].map((r) => [r.row, ...r.values.slice(1)]);
    expect(raw).toEqual([
      [1, '用户列表数据'],
      [2, '导出人:管理员'],
      [3, '用户账号', '用户姓名', '性别', '生日', '手机号码', '邮箱', '工号', '座机', '备注', '数值'],
      // 1990-01-02 and 1985-12-31 are date serials; the formulas' cached results
      [
        4,
        'xls_u1',
        '张三',
        '男',
        32875,
        13900000101,
        'xls_u1@example.com',
        1001,
        '010-12345678',
        'xls_u1-备注',
        3.14,
      ],
      [5, 'xls_u2', '李四', '女', 31412, '13900000102', undefined, 'W002', undefined, 1002, -42],
      [
        7,
        'xls_u3',
        '欧阳·王五',
        undefined,
        '2001/2/3',
        undefined,
        undefined,
        undefined,
        undefined,
        true,
        123456789.123,
      ],
    ]);
  });

  it('feeds the same header and row pipeline as .xlsx: title rows skipped, dates converted, empty rows dropped', async () => {
    const rows = await readAll(fixture('users-import.xls'), COLUMNS, 2);
    expect(rows).toEqual([
      {
        row: 4,
        values: {
          username: 'xls_u1',
          realname: '张三',
          sex: '男',
          birthday: '1990-01-02',
          phone: '13900000101',
          email: 'xls_u1@example.com',
          workNo: '1001',
          telephone: '010-12345678',
          remark: 'xls_u1-备注',
          amount: '3.14',
        },
      },
      {
        row: 5,
        values: {
          username: 'xls_u2',
          realname: '李四',
          sex: '女',
          birthday: '1985-12-31',
          phone: '13900000102',
          workNo: 'W002',
          remark: '1002',
          amount: '-42',
        },
      },
      {
        row: 7,
        values: {
          username: 'xls_u3',
          realname: '欧阳·王五',
          birthday: '2001-02-03',
          remark: 'true',
          amount: '123456789.123',
        },
      },
    ]);
  });

  it('reads a shared strings table spanning CONTINUE records (3,000 Chinese strings, rich text)', async () => {
    const content = fixture('shared-strings.xls');
    const stream = workbookStream(content, 1 << 20);
    const at = recordOffset(stream, BIFF.SST);
    let continues = 0;
    for (
      let r = recordAt(stream, at);
      recordAt(stream, r.next).type === BIFF.CONTINUE;
      r = recordAt(stream, r.next)
    )
      continues++;
    expect(continues).toBeGreaterThan(10);

    const rows = await readAll(content, COLUMNS, 500);
    expect(rows).toHaveLength(3001);
    rows.slice(0, 3000).forEach((r, i) =>
      expect(r).toEqual({
        row: i + 2,
        values: { username: `ss_user_${i}`, realname: `共享字符串测试第${i}号用户` },
      }),
    );
    expect(rows[3000]).toEqual({ row: 3002, values: { username: 'ss_rich', realname: '富文本单元格' } });
  });

  it('converts dates of a workbook in the 1904 date system (a stream small enough for the mini stream)', async () => {
    const content = fixture('date1904.xls');
    expect(cfbLayout(content).workbookSize).toBeLessThan(4096);
    expect(xlsSheetRows(content, 1 << 20).date1904).toBe(true);
    const rows = await readAll(content, [
      { key: 'username', title: '用户账号' },
      { key: 'birthday', title: '生日', type: 'date' },
    ]);
    expect(rows).toEqual([{ row: 2, values: { username: 'd1904', birthday: '2000-01-01' } }]);
  });

  it('reads positions with their dictionary texts as they are (the import translates them)', async () => {
    const rows = await readAll(fixture('positions-import.xls'), [
      { key: 'code', title: '职务编码', required: true },
      { key: 'name', title: '职务名称' },
      { key: 'postRank', title: '职级', dict: 'position_rank' },
    ]);
    expect(rows).toEqual([
      { row: 3, values: { code: 'xls_p1', name: '高级护理师', postRank: '中级' } },
      { row: 4, values: { code: 'xls_p2', name: '足疗按摩师', postRank: '5' } },
    ]);
  });

  it('refuses a password-protected workbook and one older than BIFF8 with their own messages', async () => {
    const encrypted = fixture('encrypted.xls');
    expect(sniffWorkbook(encrypted)).toBe('biff');
    await expect(readAll(encrypted, COLUMNS)).rejects.toThrow(IMPORT_MSG.encrypted);

    // the same bytes with the BOF version of Excel 95 (BIFF7)
    const old = Buffer.from(fixture('shared-strings.xls'));
    const layout = cfbLayout(old);
    const bof = layout.offsetOf(layout.workbookStart);
    expect(old.readUInt16LE(bof)).toBe(BIFF.BOF);
    old.writeUInt16LE(0x0500, bof + 4);
    await expect(readAll(old, COLUMNS)).rejects.toThrow(IMPORT_MSG.oldExcel);
  });

  it('keeps a cap on the size of the workbook stream', async () => {
    const content = fixture('shared-strings.xls');
    await expect(workbookProblem(content)).resolves.toBeUndefined();
    expect(xlsProblem(content, 100_000)).toBe('tooBig');
    expect(() => xlsSheetRows(content, 100_000)).toThrow(expect.objectContaining({ reason: 'tooBig' }));
    expect(xlsProblem(fixture('users-import.xls'), 100_000)).toBeUndefined();
  });
});
