/**
 * Decompression bombs and oversized files (security issue #13, finding 5): every cap of
 * import-limits.ts refuses its file with a message, nothing of it is imported, and the readers stop
 * early, as their byte counters show (no timing: this machine is shared).
 */
import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sysUser } from '../../src/server/db/schema/index.ts';
import { openCompoundFile } from '../../src/server/lib/excel/cfb-container.ts';
import {
  ImportBudget,
  ImportLimitError,
  MAX_SHARED_STRINGS,
} from '../../src/server/lib/excel/import-limits.ts';
import { BIFF, xlsSheetRows } from '../../src/server/lib/excel/xls-sheet-rows.ts';
import {
  IMPORT_MSG,
  readSheetRows,
  type ImportColumn,
} from '../../src/server/lib/excel/xlsx-sheet-reader.ts';
import { cappedChunks } from '../../src/server/lib/excel/xlsx-zip.ts';
import { createTestApp, BASE, type TestApp } from '../support/app.ts';
import { handMadeXlsx, postParts, SHEET_HEAD, sheetRow, zipPart } from './import-support.ts';
import { fixture, recordInFile } from './xls-support.ts';

const MiB = 1024 * 1024;
/** Slack for the chunk a reader has in hand when it stops (zlib hands out 16 KiB). */
const CHUNK = 64 * 1024;
const COLUMNS: ImportColumn[] = [
  { key: 'username', title: '用户账号', required: true },
  { key: 'realname', title: '用户姓名' },
];

/** About 1 MiB of rows whose only cell is a blank: read as rows, yet no data row for the import. */
const BLANK_ROWS = `<row><c t="inlineStr"><is><t> </t></is></c></row>`.repeat(20_000);
const HEADER = sheetRow(1, ['用户账号', '用户姓名']);

/** A sheet of `mib` MiB of blank rows under a header, its directory stating `declaredSize`. */
function bomb(mib: number, declaredSize?: number): Buffer {
  const times = Math.ceil((mib * MiB) / BLANK_ROWS.length);
  const sheet = zipPart(
    'xl/worksheets/sheet1.xml',
    SHEET_HEAD + HEADER,
    BLANK_ROWS,
    times,
    '</sheetData></worksheet>',
  );
  return handMadeXlsx({ ...sheet, declaredSize });
}

/** Read a workbook through the import pipeline under `budget`; the message it is refused with. */
async function refusal(content: Buffer, budget: ImportBudget): Promise<string> {
  try {
    for await (const _ of readSheetRows(content, COLUMNS, 100, budget)) void _;
  } catch (e) {
    return (e as Error).message;
  }
  return 'not refused';
}

describe('xlsx zip bombs (reader)', () => {
  it('refuses a sheet that honestly declares 300 MiB before inflating any of it', async () => {
    const content = bomb(300);
    expect(content.length).toBeLessThan(MiB);
    const budget = new ImportBudget();
    expect(await refusal(content, budget)).toBe(IMPORT_MSG.tooBig);
    // only the workbook part and its relationships (a few hundred bytes) were inflated
    expect(budget.consumed).toBeLessThan(CHUNK);
    expect(budget.reserved).toBeLessThan(CHUNK);
  });

  it('stops a sheet whose directory lies (states 1 MiB, inflates to 300 MiB) one chunk past the lie', async () => {
    const content = bomb(300, MiB);
    const budget = new ImportBudget();
    expect(await refusal(content, budget)).toBe(IMPORT_MSG.unreadable);
    expect(budget.consumed).toBeGreaterThan(MiB);
    expect(budget.consumed).toBeLessThanOrEqual(MiB + CHUNK);
  });

  it('counts the inflated bytes of a stream and cuts it one chunk past the cap, whatever was declared', async () => {
    let produced = 0;
    const endless = Readable.from(
      (function* () {
        for (;;) {
          produced += 16 * 1024;
          yield Buffer.alloc(16 * 1024, 0x20);
        }
      })(),
    );
    const budget = new ImportBudget();
    const read = async () => {
      for await (const _ of cappedChunks(endless, 100 * 1024, budget)) void _;
    };
    await expect(read()).rejects.toEqual(new ImportLimitError('tooBig'));
    expect(budget.consumed).toBeGreaterThan(100 * 1024);
    expect(budget.consumed).toBeLessThanOrEqual(100 * 1024 + 16 * 1024);
    expect(endless.destroyed).toBe(true);
    expect(produced).toBeLessThan(100 * 1024 + CHUNK);
  });

  it('refuses a file once the request budget cannot hold what it declares, before inflating it', async () => {
    const budget = new ImportBudget(5 * MiB);
    const sheet = () =>
      handMadeXlsx(
        zipPart('xl/worksheets/sheet1.xml', SHEET_HEAD + HEADER, BLANK_ROWS, 3, '</sheetData></worksheet>'),
      );
    // about 3 MiB of blank rows: no data, but read to the end
    expect(await refusal(sheet(), budget)).toBe('not refused');
    const spent = budget.consumed;
    expect(spent).toBeGreaterThan(3 * BLANK_ROWS.length);
    expect(await refusal(sheet(), budget)).toBe(IMPORT_MSG.requestTooBig);
    expect(budget.consumed - spent).toBeLessThan(CHUNK);
  });
});

describe('xls size caps', () => {
  it('refuses a shared strings table declaring more strings than the cap, before reading one', async () => {
    const content = Buffer.from(fixture('shared-strings.xls'));
    // the record's header and counts are unique in the file: patch its unique-string count
    const pos = recordInFile(content, BIFF.SST, 12);
    expect(pos).toBeGreaterThan(0);
    content.writeUInt32LE(MAX_SHARED_STRINGS + 1, pos + 8);
    expect(await refusal(content, new ImportBudget())).toBe(IMPORT_MSG.tooBig);
  });

  it('refuses a worksheet with more cell records than the cap, and a file with too many sectors', () => {
    const content = fixture('users-import.xls');
    const rows = xlsSheetRows(content, 1 << 20, { maxCells: 12 }).rows;
    expect(() => [...rows]).toThrow(expect.objectContaining({ reason: 'tooBig' }));
    expect([...xlsSheetRows(content, 1 << 20, { maxCells: 1000 }).rows].length).toBeGreaterThan(0);
    expect(() => openCompoundFile(content, 1 << 20, 4)).toThrow(
      expect.objectContaining({ reason: 'tooBig' }),
    );
  });

  it('reserves the workbook stream from the request budget before reading it', async () => {
    const content = fixture('users-import.xls');
    const budget = new ImportBudget(1000);
    expect(await refusal(content, budget)).toBe(IMPORT_MSG.requestTooBig);
    expect(budget.consumed).toBe(0);
  });
});

describe('POST /sys/user/importExcel with bombs', () => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.login('admin');
  });
  afterAll(async () => t?.close());
  const usersNamed = (names: string[]) =>
    t.database.db.select().from(sysUser).where(inArray(sysUser.username, names));

  it('refuses an honest and a lying bomb, each with its message, and imports nothing', async () => {
    const before = await t.database.db.$count(sysUser);
    const r = await postParts(t, '/sys/user/importExcel', admin, [
      { name: 'file', filename: 'honest.xlsx', content: bomb(300) },
      { name: 'file', filename: 'lying.xlsx', content: bomb(300, MiB) },
    ]);
    expect(r.body).toMatchObject({
      success: false,
      message: `honest.xlsx：${IMPORT_MSG.tooBig}；lying.xlsx：${IMPORT_MSG.unreadable}`,
    });
    expect(await t.database.db.$count(sysUser)).toBe(before);
  });

  it('imports files until their declared sizes pass the request budget, then refuses the file that would', async () => {
    // a user row, then 60 MiB of padding after </sheetData> (declared honestly, never inflated)
    const file = (name: string) =>
      handMadeXlsx(
        zipPart(
          'xl/worksheets/sheet1.xml',
          SHEET_HEAD + HEADER + sheetRow(2, [name, '预算']) + '</sheetData>',
          ' '.repeat(MiB),
          60,
          '</worksheet>',
        ),
      );
    const names = ['budget_1', 'budget_2', 'budget_3', 'budget_4', 'budget_5'];
    const r = await postParts(
      t,
      '/sys/user/importExcel',
      admin,
      names.map((n) => ({ name: 'file', filename: `${n}.xlsx`, content: file(n) })),
    );
    expect(r.body).toMatchObject({ success: true, code: 201, result: { successCount: 4 } });
    const log = await t.app.inject({
      method: 'GET',
      url: `${BASE}${r.body.result.fileUrl}`,
      headers: { 'x-access-token': admin },
    });
    expect(log.body).toContain(`文件 budget_5.xlsx：${IMPORT_MSG.requestTooBig}`);
    expect((await usersNamed(names)).map((u) => u.username).sort()).toEqual(names.slice(0, 4));
  });
});

describe('the readers use maintained libraries through their public entry points', () => {
  it("has no import of another package's internals (exceljs/lib/…) and no createRequire around them", () => {
    const root = path.resolve(import.meta.dirname, '../../src');
    const offending = (fs.readdirSync(root, { recursive: true }) as string[])
      .filter((f) => /\.tsx?$/.test(f))
      .filter((f) => {
        const text = fs.readFileSync(path.join(root, f), 'utf8');
        return (
          /(?:from|require\(|import\()\s*'[^.'/][^']*\/lib\//.test(text) || text.includes('createRequire')
        );
      });
    expect(offending).toEqual([]);
  });
});
