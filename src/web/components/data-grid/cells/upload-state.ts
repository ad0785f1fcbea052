/**
 * The value list of an upload, file or image cell (spec §3 "Uploaded file value", §4 "Upload
 * cell") as a pure state machine: each item goes uploading → done (path from the response field
 * named by `responseName`) or error (response message, default 未知错误; `success:false` is an
 * error). A change is emitted only when every item is done or when one is removed. Images move
 * left/right; the first cannot move earlier, the last cannot move later, and both warn.
 */

/** Status of one uploaded item. */
export type UploadStatus = 'uploading' | 'done' | 'error';

/** One uploaded file value (spec §3). */
export interface UploadFile {
  /** local id of the item while the cell is edited */
  uid: string;
  name: string;
  type: string;
  size: number;
  status: UploadStatus;
  percent: number;
  path?: string;
  message?: string;
}

/** The cell types backed by this state machine. */
export type UploadCellType = 'upload' | 'file' | 'image';

/** Messages of spec §5 and §8. */
export const UPLOAD_CELL_MSG = {
  unknown: '未知错误',
  failed: (name: string) => `${name} 上传失败`,
  notImage: '请上传图片',
  noFile: '未上传任何文件',
  errorTitle: '上传出错',
  errorDetail: (message: string) => `错误信息：${message}`,
  /** moving the first image earlier (spec §8 未知操作) */
  first: '未知操作',
  /** moving the last image later (spec §8 已到最后~) */
  last: '已到最后~',
} as const;

/** Field of the upload response that holds the stored path (JeecgBoot puts it in `message`). */
export const DEFAULT_RESPONSE_NAME = 'message';

/** What happened to the list. */
export type UploadEvent =
  | { type: 'start'; file: Pick<UploadFile, 'uid' | 'name' | 'type' | 'size'> }
  | { type: 'progress'; uid: string; percent: number }
  | { type: 'response'; uid: string; body: unknown; responseName?: string }
  | { type: 'fail'; uid: string; message?: string }
  | { type: 'remove'; uid: string }
  | { type: 'move'; uid: string; by: -1 | 1 };

/** The new list, whether the cell value changes now, and a warning or error to show. */
export interface UploadStep {
  files: UploadFile[];
  emit: boolean;
  warning?: string;
  /** '{name} 上传失败' */
  error?: string;
  /** the failure's own message (for the image error dialog 错误信息：…) */
  detail?: string;
}

const allDone = (files: readonly UploadFile[]) => files.every((f) => f.status === 'done');

/** Interpret an upload response: the stored path, or the error message. */
export function readResponse(
  body: unknown,
  responseName = DEFAULT_RESPONSE_NAME,
): { path: string } | { message: string } {
  if (!body || typeof body !== 'object') return { message: UPLOAD_CELL_MSG.unknown };
  const res = body as Record<string, unknown>;
  const message = typeof res.message === 'string' && res.message ? res.message : UPLOAD_CELL_MSG.unknown;
  if (res.success === false) return { message };
  const path = res[responseName];
  return typeof path === 'string' && path ? { path } : { message };
}

/** Apply one event to the list of a cell. */
export function uploadStep(files: readonly UploadFile[], event: UploadEvent): UploadStep {
  const at = files.findIndex((f) => f.uid === (event.type === 'start' ? event.file.uid : event.uid));
  const update = (patch: Partial<UploadFile>) => files.map((f, i) => (i === at ? { ...f, ...patch } : f));
  switch (event.type) {
    case 'start':
      return { files: [...files, { ...event.file, status: 'uploading', percent: 0 }], emit: false };
    case 'progress':
      if (at < 0 || files[at]!.status !== 'uploading') return { files: [...files], emit: false };
      return {
        files: update({ percent: Math.min(100, Math.max(0, Math.round(event.percent))) }),
        emit: false,
      };
    case 'response': {
      if (at < 0) return { files: [...files], emit: false };
      const result = readResponse(event.body, event.responseName);
      if ('path' in result) {
        const next = update({ status: 'done', percent: 100, path: result.path, message: undefined });
        return { files: next, emit: allDone(next) };
      }
      return fail(files, at, result.message);
    }
    case 'fail':
      return at < 0 ? { files: [...files], emit: false } : fail(files, at, event.message);
    case 'remove':
      if (at < 0) return { files: [...files], emit: false };
      return { files: files.filter((_, i) => i !== at), emit: true };
    case 'move': {
      if (at < 0) return { files: [...files], emit: false };
      const to = at + event.by;
      if (to < 0) return { files: [...files], emit: false, warning: UPLOAD_CELL_MSG.first };
      if (to >= files.length) return { files: [...files], emit: false, warning: UPLOAD_CELL_MSG.last };
      const next = [...files];
      [next[at], next[to]] = [next[to]!, next[at]!];
      return { files: next, emit: allDone(next) };
    }
  }
}

function fail(files: readonly UploadFile[], at: number, message?: string): UploadStep {
  const file = files[at]!;
  const next = files.map((f, i) =>
    i === at ? { ...f, status: 'error' as const, message: message || UPLOAD_CELL_MSG.unknown } : f,
  );
  return {
    files: next,
    emit: false,
    error: UPLOAD_CELL_MSG.failed(file.name),
    detail: message || UPLOAD_CELL_MSG.unknown,
  };
}

/** Image cells accept only files whose type contains "image" (spec §5); null when accepted. */
export const checkType = (cellType: UploadCellType, file: { type: string }): string | null =>
  cellType === 'image' && !file.type.includes('image') ? UPLOAD_CELL_MSG.notImage : null;

/** Whether another file may be added under a count limit (0 = unlimited, spec §9). */
export const canAdd = (files: readonly UploadFile[], limit = 0): boolean =>
  limit <= 0 || files.length < limit;

/** Confirming the file popup with nothing uploaded warns (spec §5); null when it may close. */
export const confirmWarning = (files: readonly UploadFile[]): string | null =>
  files.some((f) => f.status === 'done') ? null : UPLOAD_CELL_MSG.noFile;

/** A file name shortened for the cell (spec §9: 5 characters). */
export const ellipsisName = (name: string, length = 5): string =>
  [...name].length > length ? `${[...name].slice(0, length).join('')}…` : name;

const baseName = (path: string) => decodeURIComponent(path.split('/').pop() || path);

let seq = 0;
/** A fresh local id for an item. */
export const newUid = (): string => `up-${Date.now().toString(36)}-${(seq++).toString(36)}`;

/** A stored file as a cell holds it (the editable grid's shape): no local id. */
export type FileValue = Omit<UploadFile, 'uid'>;

function toItem(v: unknown): UploadFile | null {
  if (typeof v === 'string')
    return v
      ? { uid: newUid(), name: baseName(v), type: '', size: 0, status: 'done', percent: 100, path: v }
      : null;
  if (!v || typeof v !== 'object') return null;
  const f = v as Partial<UploadFile>;
  return {
    uid: f.uid ?? newUid(),
    name: f.name ?? baseName(f.path ?? ''),
    type: f.type ?? '',
    size: f.size ?? 0,
    status: f.status ?? (f.path ? 'done' : 'error'),
    percent: f.percent ?? (f.path ? 100 : 0),
    ...(f.path ? { path: f.path } : {}),
    ...(f.message ? { message: f.message } : {}),
  };
}

/**
 * Cell value → items. Accepts comma-joined stored paths (spec §3 read-out form), one file object
 * or a list of them (what the editable grid holds).
 */
export function fromCellValue(value: unknown): UploadFile[] {
  const list = typeof value === 'string' ? value.split(',') : Array.isArray(value) ? value : [value];
  return list.map(toItem).filter((f): f is UploadFile => f !== null);
}

const strip = ({ uid: _uid, ...rest }: UploadFile): FileValue => rest;

/**
 * Items → cell value as the editable grid holds it: null when empty; an upload cell holds one file
 * object; file/image cells hold one file object or, with several, a list (read out as
 * comma-joined paths by the grid).
 */
export function toCellValue(
  cellType: UploadCellType,
  files: readonly UploadFile[],
): FileValue | FileValue[] | null {
  if (files.length === 0) return null;
  if (cellType === 'upload' || files.length === 1) return strip(files[0]!);
  return files.map(strip);
}

/** The stored paths of a cell value, comma-joined (what copy puts on the clipboard). */
export const cellPaths = (value: unknown): string =>
  fromCellValue(value)
    .filter((f) => f.path)
    .map((f) => f.path)
    .join(',');
