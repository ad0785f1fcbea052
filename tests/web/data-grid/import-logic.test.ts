import { describe, expect, it } from 'vitest';
import {
  addFiles,
  importFields,
  isExcelName,
  percentOf,
  progressText,
  readImportAnswer,
  readProgress,
  socketUrl,
} from '../../../src/web/components/data-grid/import/import-logic.ts';

const file = (name: string, size = 10, lastModified = 1) => ({ name, size, lastModified });

describe('import dialog rules', () => {
  it('takes .xls and .xlsx files only, each once', () => {
    expect(isExcelName('用户.XLSX')).toBe(true);
    expect(isExcelName('old.xls')).toBe(true);
    expect(isExcelName('data.csv')).toBe(false);
    expect(isExcelName('xlsx')).toBe(false);
    const first = addFiles([], [file('a.xlsx'), file('b.csv'), file('c.xls')]);
    expect(first.files.map((f) => f.name)).toEqual(['a.xlsx', 'c.xls']);
    expect(first.rejected).toBe(1);
    const again = addFiles(first.files, [file('a.xlsx'), file('a.xlsx', 11)]);
    expect(again.files.map((f) => [f.name, f.size])).toEqual([
      ['a.xlsx', 10],
      ['c.xls', 10],
      ['a.xlsx', 11],
    ]);
    expect(again.rejected).toBe(0);
  });

  it('sends the progress key and the spec §3 payload before the files', () => {
    expect(importFields({}, 'k1')).toEqual([
      ['progressKey', 'k1'],
      ['isSingleTableImport', 'true'],
      ['foreignKeys', ''],
      ['validateStatus', '0'],
    ]);
    expect(importFields({ isSingleTableImport: false, foreignKeys: 'a', validateStatus: 1 }, 'k')[3]).toEqual(
      ['validateStatus', '1'],
    );
  });

  it('reads 201 as imported-with-errors, other success as a message, anything else as a failure', () => {
    const info = {
      totalCount: 3,
      errorCount: 1,
      successCount: 0,
      msg: 'm',
      fileUrl: '/sys/common/static/x.txt',
      fileName: 'x.txt',
    };
    expect(
      readImportAnswer({ success: true, code: 201, message: '文件导入成功，但有错误。', result: info }),
    ).toEqual({
      kind: 'errors',
      message: '文件导入成功，但有错误。',
      info,
    });
    expect(
      readImportAnswer({ success: true, code: 201, message: '', result: 'logs/a/err.txt' }),
    ).toMatchObject({
      kind: 'errors',
      info: { fileUrl: 'logs/a/err.txt', fileName: 'err.txt' },
    });
    expect(readImportAnswer({ success: true, code: 200, message: '共2行数据全部导入成功！' })).toEqual({
      kind: 'ok',
      message: '共2行数据全部导入成功！',
    });
    expect(readImportAnswer({ success: false, message: '暂不支持' })).toEqual({
      kind: 'fail',
      message: '暂不支持',
    });
    expect(readImportAnswer(undefined)).toEqual({ kind: 'fail', message: '导入失败' });
  });

  it('keeps only progress notices of its own key', () => {
    const msg = { cmd: 'progress', key: 'k', done: 500, total: 1200, title: '正在导入：a.xlsx' };
    expect(readProgress(JSON.stringify(msg), 'k')).toEqual({
      done: 500,
      total: 1200,
      title: '正在导入：a.xlsx',
    });
    expect(readProgress(msg, 'other')).toBeUndefined();
    expect(readProgress(JSON.stringify({ cmd: 'user', msgTxt: 'x' }), 'k')).toBeUndefined();
    expect(readProgress('HeartBeat', 'k')).toBeUndefined();
    expect(readProgress({ ...msg, done: '5' }, 'k')).toBeUndefined();
  });

  it('formats progress with and without a known total', () => {
    expect(percentOf(500, 1200)).toBe(42);
    expect(percentOf(5, 0)).toBeUndefined();
    expect(percentOf(10, 5)).toBe(100);
    expect(progressText({ done: 500, total: 1200, title: '正在导入：a.xlsx' })).toBe(
      '正在导入：a.xlsx 500/1200',
    );
    expect(progressText({ done: 500, total: 0, title: '正在校验：a.xlsx' })).toBe(
      '正在校验：a.xlsx 已处理 500 行',
    );
  });

  it('builds the socket URL from a relative or absolute API base', () => {
    expect(socketUrl('/jeecg-boot', 'websocket/u1', 'http://localhost:8080')).toBe(
      'ws://localhost:8080/jeecg-boot/websocket/u1',
    );
    expect(socketUrl('https://api.example.com/jeecg-boot/', '/websocket/u1', 'http://x')).toBe(
      'wss://api.example.com/jeecg-boot/websocket/u1',
    );
  });
});
