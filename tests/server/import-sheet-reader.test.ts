import { describe, expect, it } from 'vitest';
import {
  cellText,
  IMPORT_MSG,
  readSheetRows,
  sniffWorkbook,
  workbookProblem,
  type ImportColumn,
} from '../../src/server/lib/excel/xlsx-sheet-reader.ts';
import ExcelJS from 'exceljs';
import { exportLayout, plainWorkbook } from './import-support.ts';

const COLUMNS: ImportColumn[] = [
  { key: 'username', title: '用户账号', required: true },
  { key: 'birthday', title: '生日', type: 'date' },
  { key: 'phone', title: '手机号码', aliases: ['手机号'] },
];

async function read(rows: unknown[][]) {
  const out = [];
  for await (const batch of readSheetRows(await plainWorkbook(rows), COLUMNS, 2)) out.push(batch);
  return out;
}

describe('xlsx sheet reader', () => {
  it('reads cell texts of every exceljs value shape', () => {
    expect(cellText('  a  ')).toBe('a');
    expect(cellText('   ')).toBeUndefined();
    expect(cellText(13900000001)).toBe('13900000001');
    expect(cellText({ richText: [{ text: '富' }, { text: '文本' }] })).toBe('富文本');
    expect(cellText({ formula: 'A1', result: 7 })).toBe('7');
    expect(cellText({ text: 'link', hyperlink: 'http://x' })).toBe('link');
    expect(cellText({ error: '#N/A' })).toBeUndefined();
    expect(cellText(new Date(Date.UTC(2020, 0, 5)))).toBe('2020-01-05');
  });

  it('finds the header below title rows, by titles, aliases and required marks, and batches the rows', async () => {
    const batches = await read([
      ['用户列表数据'],
      ['导出人:管理员'],
      ['*用户账号', '手机号', '生日', '备注'],
      ['u1', 13900000001, 43835, 'x'],
      [],
      ['u2', '', '2020/1/5'],
      ['u3'],
    ]);
    expect(batches).toEqual([
      [
        { row: 4, values: { username: 'u1', phone: '13900000001', birthday: '2020-01-05' } },
        { row: 6, values: { username: 'u2', birthday: '2020-01-05' } },
      ],
      [{ row: 7, values: { username: 'u3' } }],
    ]);
  });

  it('counts date serials from 1904 in a workbook that says so (Excel for Mac), from 1900 otherwise', async () => {
    const book = async (date1904: boolean) => {
      const wb = new ExcelJS.Workbook();
      wb.properties.date1904 = date1904;
      const ws = wb.addWorksheet('用户');
      ws.addRow(['用户账号', '生日']);
      // 35064 days after 1904-01-01 is 2000-01-01; after 1899-12-30 it is 1995-12-31
      ws.addRow(['serial', 35064]);
      // a date cell exceljs itself writes as a serial of the workbook's system
      ws.addRow(['dated', new Date(Date.UTC(2001, 1, 3))]);
      return Buffer.from(await wb.xlsx.writeBuffer());
    };
    const birthdays = async (content: Buffer) => {
      const out: Record<string, string | undefined> = {};
      for await (const batch of readSheetRows(content, COLUMNS, 10))
        for (const r of batch) out[r.values.username!] = r.values.birthday;
      return out;
    };
    await expect(birthdays(await book(true))).resolves.toEqual({ serial: '2000-01-01', dated: '2001-02-03' });
    await expect(birthdays(await book(false))).resolves.toEqual({
      serial: '1995-12-31',
      dated: '2001-02-03',
    });
  });

  it('refuses sheets without a header or without a required column', async () => {
    await expect(read([['x'], ['y']])).rejects.toThrow(IMPORT_MSG.noHeader);
    await expect(read([['手机号'], ['1']])).rejects.toThrow(IMPORT_MSG.missingColumn(['用户账号']));
  });

  it('tells OOXML, BIFF and other content apart and refuses archives that claim to be huge', async () => {
    const xlsx = await plainWorkbook([['a']]);
    expect(sniffWorkbook(xlsx)).toBe('xlsx');
    expect(sniffWorkbook(Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0]))).toBe('biff');
    expect(sniffWorkbook(Buffer.from('hello'))).toBe('other');
    await expect(workbookProblem(xlsx)).resolves.toBeUndefined();

    // the worksheet's central directory record claims 300 MiB
    const bomb = Buffer.from(xlsx);
    const directory = bomb.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]));
    const entry = bomb.indexOf('xl/worksheets/sheet1.xml', directory) - 46;
    expect(bomb.readUInt32LE(entry)).toBe(0x02014b50);
    bomb.writeUInt32LE(300 * 1024 * 1024, entry + 24);
    await expect(workbookProblem(bomb)).resolves.toBe(IMPORT_MSG.tooBig);
    await expect(workbookProblem(xlsx.subarray(0, 200))).resolves.toBe(IMPORT_MSG.unreadable);
  });

  it('reads only the first worksheet', async () => {
    const wb = new ExcelJS.Workbook();
    wb.addWorksheet('一').addRows([['用户账号'], ['first']]);
    wb.addWorksheet('二').addRows([['用户账号'], ['second']]);
    const rows = [];
    for await (const b of readSheetRows(Buffer.from(await wb.xlsx.writeBuffer()), COLUMNS, 10))
      rows.push(...b);
    expect(rows).toEqual([{ row: 2, values: { username: 'first' } }]);
  });

  it('keeps Chinese text intact across inflate chunk boundaries (inline strings of our export)', async () => {
    const names = Array.from({ length: 3000 }, (_, i) => `导入用户名字测试${i}号`);
    const file = await exportLayout(
      [{ key: 'username', title: '用户账号' }],
      names.map((username) => ({ username })),
    );
    const read: string[] = [];
    for await (const b of readSheetRows(file, COLUMNS, 500)) read.push(...b.map((r) => r.values.username!));
    expect(read).toEqual(names);
  });
});
