import { describe, expect, it } from 'vitest';
import {
  canAdd,
  cellPaths,
  checkType,
  confirmWarning,
  ellipsisName,
  fromCellValue,
  readResponse,
  toCellValue,
  UPLOAD_CELL_MSG,
  uploadStep,
  type UploadFile,
} from '../../../src/web/components/data-grid/cells/upload-state.ts';

const start = (files: UploadFile[], uid: string, name = `${uid}.png`) =>
  uploadStep(files, { type: 'start', file: { uid, name, type: 'image/png', size: 10 } }).files;

const done = (uid: string, path: string): UploadFile => ({
  uid,
  name: path,
  type: 'image/png',
  size: 1,
  status: 'done',
  percent: 100,
  path,
});

describe('upload cell state', () => {
  it('goes uploading → done with the path from responseName, emitting once all are done', () => {
    let files = start([], 'a');
    files = start(files, 'b');
    expect(files.map((f) => [f.status, f.percent])).toEqual([
      ['uploading', 0],
      ['uploading', 0],
    ]);
    const p = uploadStep(files, { type: 'progress', uid: 'a', percent: 42.4 });
    expect(p.files[0]!.percent).toBe(42);
    expect(p.emit).toBe(false);
    const first = uploadStep(p.files, {
      type: 'response',
      uid: 'a',
      body: { success: true, message: 'temp/20240101/a.png', code: 0 },
    });
    expect(first.files[0]).toMatchObject({ status: 'done', percent: 100, path: 'temp/20240101/a.png' });
    expect(first.emit).toBe(false);
    const second = uploadStep(first.files, {
      type: 'response',
      uid: 'b',
      body: { success: true, url: 'https://oss/b.png' },
      responseName: 'url',
    });
    expect(second.files[1]!.path).toBe('https://oss/b.png');
    expect(second.emit).toBe(true);
    expect(cellPaths(toCellValue('image', second.files))).toBe('temp/20240101/a.png,https://oss/b.png');
  });

  it('treats success:false as an error with the server message, and reports {name} 上传失败', () => {
    const step = uploadStep(start([], 'a', '合同.pdf'), {
      type: 'response',
      uid: 'a',
      body: { success: false, message: '文件类型不允许' },
    });
    expect(step.files[0]).toMatchObject({ status: 'error', message: '文件类型不允许' });
    expect(step.error).toBe('合同.pdf 上传失败');
    expect(step.detail).toBe('文件类型不允许');
    expect(step.emit).toBe(false);
  });

  it('defaults the error message to 未知错误', () => {
    expect(readResponse({ success: false })).toEqual({ message: '未知错误' });
    expect(readResponse('oops')).toEqual({ message: '未知错误' });
    expect(readResponse({ success: true, message: '' })).toEqual({ message: '未知错误' });
    const failed = uploadStep(start([], 'a'), { type: 'fail', uid: 'a' });
    expect(failed.files[0]!.message).toBe(UPLOAD_CELL_MSG.unknown);
  });

  it('emits on remove even while another upload is running', () => {
    const files = [done('a', 'p/a.png'), ...start([], 'b')];
    const step = uploadStep(files, { type: 'remove', uid: 'a' });
    expect(step.emit).toBe(true);
    expect(step.files.map((f) => f.uid)).toEqual(['b']);
  });

  it('moves images left and right and warns at the first and the last', () => {
    const files = [done('a', 'a.png'), done('b', 'b.png'), done('c', 'c.png')];
    const right = uploadStep(files, { type: 'move', uid: 'a', by: 1 });
    expect(right.files.map((f) => f.uid)).toEqual(['b', 'a', 'c']);
    expect(right.emit).toBe(true);
    const left = uploadStep(files, { type: 'move', uid: 'c', by: -1 });
    expect(left.files.map((f) => f.uid)).toEqual(['a', 'c', 'b']);
    const first = uploadStep(files, { type: 'move', uid: 'a', by: -1 });
    expect(first).toMatchObject({ emit: false, warning: '未知操作' });
    expect(first.files.map((f) => f.uid)).toEqual(['a', 'b', 'c']);
    expect(uploadStep(files, { type: 'move', uid: 'c', by: 1 })).toMatchObject({
      emit: false,
      warning: '已到最后~',
    });
  });

  it('accepts only images in image cells, and honours the count limit', () => {
    expect(checkType('image', { type: 'application/pdf' })).toBe('请上传图片');
    expect(checkType('image', { type: 'image/jpeg' })).toBeNull();
    expect(checkType('file', { type: 'application/pdf' })).toBeNull();
    expect(canAdd([done('a', 'a')], 1)).toBe(false);
    expect(canAdd([done('a', 'a')], 0)).toBe(true);
  });

  it('warns 未上传任何文件 when the file popup is confirmed with nothing uploaded', () => {
    expect(confirmWarning([])).toBe('未上传任何文件');
    expect(confirmWarning(start([], 'a'))).toBe('未上传任何文件');
    expect(confirmWarning([done('a', 'a')])).toBeNull();
  });

  it('shortens file names to 5 characters in the cell', () => {
    expect(ellipsisName('服务合同扫描件.pdf')).toBe('服务合同扫…');
    expect(ellipsisName('a.png')).toBe('a.png');
  });

  it('reads stored paths or file objects and writes what the editable grid holds', () => {
    const files = fromCellValue('temp/x/a.pdf,temp/y/b%20c.txt');
    expect(files.map((f) => [f.name, f.status, f.path])).toEqual([
      ['a.pdf', 'done', 'temp/x/a.pdf'],
      ['b c.txt', 'done', 'temp/y/b%20c.txt'],
    ]);
    const many = toCellValue('file', files);
    expect(many).toEqual([
      { name: 'a.pdf', type: '', size: 0, status: 'done', percent: 100, path: 'temp/x/a.pdf' },
      { name: 'b c.txt', type: '', size: 0, status: 'done', percent: 100, path: 'temp/y/b%20c.txt' },
    ]);
    expect(cellPaths(many)).toBe('temp/x/a.pdf,temp/y/b%20c.txt');
    expect(fromCellValue(many).map((f) => f.path)).toEqual(['temp/x/a.pdf', 'temp/y/b%20c.txt']);
    expect(fromCellValue('')).toEqual([]);
    expect(fromCellValue(null)).toEqual([]);
    expect(toCellValue('image', [])).toBeNull();
    const obj = { name: 'a.png', type: 'image/png', size: 3, status: 'done', percent: 100, path: 'p/a.png' };
    expect(toCellValue('upload', fromCellValue(obj))).toEqual(obj);
    expect(toCellValue('image', fromCellValue(obj))).toEqual(obj);
  });
});
