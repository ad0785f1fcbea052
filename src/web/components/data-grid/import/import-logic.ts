/**
 * Pure rules of the 导入EXCEL dialog (spec §2, §4, §5, §8): which files it takes, the import
 * payload, how the server's answer is read, and the server's progress notices.
 */

/** Extensions the dialog accepts (spec §5: .xls and .xlsx, several files). */
export const IMPORT_ACCEPT = '.xls,.xlsx';

export const IMPORT_TEXT = {
  title: '导入EXCEL',
  upload: '开始上传',
  uploading: '上传中',
  choose: '选择文件',
  drop: '点击或将 .xls / .xlsx 文件拖到此处',
  remove: '移除',
  wrongType: '只能导入 .xls 或 .xlsx 文件',
  errorsTitle: '导入成功,但是有错误数据!',
  download: '下载错误文件',
  close: '关闭',
  failed: '导入失败',
} as const;

/** Dialog width (spec §9). */
export const IMPORT_WIDTH = 600;

const EXCEL_NAME = /\.(xls|xlsx)$/i;

/** Whether a file name is an Excel workbook the dialog takes (the server checks the content). */
export const isExcelName = (name: string): boolean => EXCEL_NAME.test(name);

/** Identity of a chosen file, so choosing the same file twice lists it once. */
export interface FileLike {
  name: string;
  size: number;
  lastModified: number;
}
export const fileKey = (f: FileLike): string => `${f.name}|${f.size}|${f.lastModified}`;

/** The list after adding `added`: Excel files only, no duplicates; `rejected` counts the others. */
export function addFiles<F extends FileLike>(list: F[], added: F[]): { files: F[]; rejected: number } {
  const keys = new Set(list.map(fileKey));
  const files = [...list];
  let rejected = 0;
  for (const f of added) {
    if (!isExcelName(f.name)) rejected++;
    else if (!keys.has(fileKey(f))) {
      keys.add(fileKey(f));
      files.push(f);
    }
  }
  return { files, rejected };
}

/** The import payload of spec §3 besides the files. */
export interface ImportPayload {
  isSingleTableImport?: boolean;
  foreignKeys?: string;
  /** 0 or 1 */
  validateStatus?: 0 | 1;
}

/** Form fields in the order they are sent: the progress key and payload first, then `files[]`. */
export function importFields(payload: ImportPayload, progressKey: string): Array<[string, string]> {
  return [
    ['progressKey', progressKey],
    ['isSingleTableImport', String(payload.isSingleTableImport ?? true)],
    ['foreignKeys', payload.foreignKeys ?? ''],
    ['validateStatus', String(payload.validateStatus ?? 0)],
  ];
}

/** The 201 result (jeecg-api.md §6.15). */
export interface ImportErrorInfo {
  totalCount?: number;
  errorCount?: number;
  successCount?: number;
  msg?: string;
  fileUrl?: string;
  fileName?: string;
}

/** What the dialog does with the server's answer. */
export type ImportOutcome =
  | { kind: 'ok'; message: string }
  | { kind: 'errors'; message: string; info: ImportErrorInfo }
  | { kind: 'fail'; message: string };

/**
 * Spec §8: code 201 → the 导入成功,但是有错误数据! dialog with the error file; other success → the
 * message; failure → a warning. Older servers put the error file path itself in `result`.
 */
export function readImportAnswer(body: unknown): ImportOutcome {
  const b = (body ?? {}) as { success?: boolean; code?: number; message?: string; result?: unknown };
  const message = typeof b.message === 'string' ? b.message : '';
  if (!b.success) return { kind: 'fail', message: message || IMPORT_TEXT.failed };
  if (b.code === 201) {
    const info: ImportErrorInfo =
      typeof b.result === 'string'
        ? { fileUrl: b.result, fileName: b.result.split('/').pop() }
        : ((b.result ?? {}) as ImportErrorInfo);
    return { kind: 'errors', message, info };
  }
  return { kind: 'ok', message: message || '导入成功' };
}

/** Server progress notice (`cmd: 'progress'` on the notification socket). */
export interface ImportProgress {
  done: number;
  total: number;
  title: string;
}

/** The progress notice in a socket message for this upload's key, or undefined. */
export function readProgress(data: unknown, key: string): ImportProgress | undefined {
  let m: unknown = data;
  if (typeof data === 'string') {
    try {
      m = JSON.parse(data);
    } catch {
      return undefined;
    }
  }
  const p = m as { cmd?: unknown; key?: unknown; done?: unknown; total?: unknown; title?: unknown } | null;
  if (!p || p.cmd !== 'progress' || p.key !== key) return undefined;
  if (typeof p.done !== 'number' || typeof p.total !== 'number') return undefined;
  return { done: p.done, total: p.total, title: typeof p.title === 'string' ? p.title : '' };
}

/** Percentage 0–100 of a known total, or undefined while the total is not known. */
export const percentOf = (done: number, total: number): number | undefined =>
  total > 0 ? Math.min(100, Math.round((done / total) * 100)) : undefined;

/** One line describing server progress: `正在导入：a.xlsx 500/1200` or `正在校验：a.xlsx 已处理 500 行`. */
export const progressText = (p: ImportProgress): string =>
  p.total > 0 ? `${p.title} ${p.done}/${p.total}` : `${p.title} 已处理 ${p.done} 行`;

/** A WebSocket URL for an API path: same origin for a relative base, ws(s) for http(s). */
export function socketUrl(apiBase: string, path: string, origin: string): string {
  const base = new URL(apiBase.replace(/\/$/, '') + '/' + path.replace(/^\//, ''), origin);
  base.protocol = base.protocol === 'https:' ? 'wss:' : 'ws:';
  return base.toString();
}
