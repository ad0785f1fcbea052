/**
 * Upload, file and image cells of the editable grid (spec §3–5, §9): the renderer shows the value
 * (file names shortened to 5 characters, image thumbnails read with the token); the editor is a
 * popup panel (width 520) that uploads with progress, removes, moves images and confirms.
 */
import { useRef, useState } from 'react';
import type { CustomCellEditorProps, CustomCellRendererProps } from 'ag-grid-react';
import { Button } from '../../ui.tsx';
import { notify } from '../../../lib/notify.ts';
import { downloadFile } from '../../../lib/api-client.ts';
import {
  canAdd,
  checkType,
  confirmWarning,
  ellipsisName,
  fromCellValue,
  newUid,
  toCellValue,
  UPLOAD_CELL_MSG,
  uploadStep,
  type UploadCellType,
  type UploadEvent,
  type UploadFile,
} from './upload-state.ts';
import { uploadFile } from './upload-transport.ts';
import { UploadThumb } from './upload-thumb.tsx';
import { ENDPOINTS } from '../../../../shared/endpoints.ts';
import { pathOf } from '../../../../shared/contracts.ts';

/** Column settings an upload cell reads (spec §3 editable grid column fields). */
export interface UploadCellParams {
  cellType: UploadCellType;
  /** response field holding the stored path (default message) */
  responseName?: string;
  /** upload endpoint (default /sys/common/upload) */
  action?: string;
  /** extra form fields sent with each file */
  data?: Record<string, string>;
  /** most files a cell holds (0 = unlimited; upload cells hold one) */
  uploadnum?: number;
  /** show a download link for stored files (default true) */
  allowDownload?: boolean;
  /** stored files may be removed (default true; failed uploads can always be removed) */
  allowRemove?: boolean;
  /** text of the upload button (default 上传文件 / 上传图片) */
  btnText?: string;
}

/** Width of the file popup (spec §9). */
export const FILE_POPUP_WIDTH = 520;

function FileName({ file, allowDownload }: { file: UploadFile; allowDownload?: boolean }) {
  const label = ellipsisName(file.name);
  if (file.status === 'uploading') return <span title={file.name}>{`${label} ${file.percent}%`}</span>;
  if (file.status === 'error')
    return (
      <span className="text-red-600" title={file.message}>
        {label}
      </span>
    );
  if (allowDownload === false || !file.path) return <span title={file.name}>{label}</span>;
  const path = file.path;
  return (
    <button
      type="button"
      title={file.name}
      className="text-[var(--primary)] hover:underline"
      onMouseDown={(e) => e.stopPropagation()}
      onClick={(e) => {
        e.stopPropagation();
        void downloadFile(pathOf(ENDPOINTS.file.static, { '*': path }), {}, file.name).catch(() => undefined);
      }}
    >
      {label}
    </button>
  );
}

/** Cell renderer for upload, file and image columns. */
export function UploadCellRenderer(props: CustomCellRendererProps & Partial<UploadCellParams>) {
  const cellType = props.cellType ?? 'file';
  const files = fromCellValue(props.value);
  if (files.length === 0)
    return <span className="text-gray-600">{cellType === 'image' ? '无图片' : '无文件'}</span>;
  const first = files[0]!;
  const more =
    files.length > 1 ? <span className="ml-1 text-xs text-gray-500">+{files.length - 1}</span> : null;
  if (cellType === 'image' && first.path)
    return (
      <span className="inline-flex items-center" data-testid="upload-cell">
        <UploadThumb path={first.path} name={first.name} />
        {more}
      </span>
    );
  return (
    <span className="inline-flex items-center" data-testid="upload-cell">
      <FileName file={first} allowDownload={props.allowDownload} />
      {more}
    </span>
  );
}

/** Popup cell editor: upload (with progress), remove, move images, 确定 / 取消. */
export function UploadCellEditor(props: CustomCellEditorProps & Partial<UploadCellParams>) {
  const cellType = props.cellType ?? 'file';
  const limit = cellType === 'upload' ? 1 : (props.uploadnum ?? 0);
  const [files, setFiles] = useState(() => fromCellValue(props.value));
  const filesRef = useRef(files);
  const input = useRef<HTMLInputElement>(null);

  const dispatch = (event: UploadEvent) => {
    const step = uploadStep(filesRef.current, event);
    filesRef.current = step.files;
    setFiles(step.files);
    if (step.warning) notify('warning', step.warning);
    if (step.error) {
      if (cellType === 'image')
        notify('error', UPLOAD_CELL_MSG.errorDetail(step.detail ?? ''), UPLOAD_CELL_MSG.errorTitle);
      else notify('error', step.error);
    }
    if (step.emit) props.onValueChange(toCellValue(cellType, step.files));
  };

  const pick = (list: FileList | null) => {
    for (const file of Array.from(list ?? [])) {
      const refused = checkType(cellType, file);
      if (refused) {
        notify('warning', refused);
        continue;
      }
      if (cellType === 'upload') filesRef.current.forEach((f) => dispatch({ type: 'remove', uid: f.uid }));
      if (!canAdd(filesRef.current, limit)) break;
      const uid = newUid();
      dispatch({ type: 'start', file: { uid, name: file.name, type: file.type, size: file.size } });
      uploadFile(file, {
        action: props.action,
        data: props.data,
        onProgress: (percent) => dispatch({ type: 'progress', uid, percent }),
      }).then(
        (body) => dispatch({ type: 'response', uid, body, responseName: props.responseName }),
        (e: Error) => dispatch({ type: 'fail', uid, message: e.message }),
      );
    }
    if (input.current) input.current.value = '';
  };

  const confirm = () => {
    const warning = cellType === 'file' ? confirmWarning(filesRef.current) : null;
    if (warning) return notify('warning', warning);
    props.stopEditing();
  };

  const title = { upload: '上传文件', file: '文件', image: '图片' }[cellType];
  return (
    <div
      role="dialog"
      aria-label={title}
      className="rounded border bg-white p-3 shadow-lg"
      style={{ width: FILE_POPUP_WIDTH }}
      onKeyDown={(e) => {
        if (e.key !== 'Escape') e.stopPropagation();
      }}
    >
      <div className="mb-2 text-sm font-semibold">{title}</div>
      <ul className="mb-3 space-y-1 text-sm" aria-label="已上传">
        {files.length === 0 && <li className="text-gray-600">{UPLOAD_CELL_MSG.noFile}</li>}
        {files.map((f) => (
          <li key={f.uid} className="flex items-center gap-2" data-status={f.status}>
            {cellType === 'image' && f.path ? <UploadThumb path={f.path} name={f.name} size={40} /> : null}
            <span
              className={`flex-1 truncate ${f.status === 'error' ? 'text-red-600' : ''}`}
              title={f.message ?? f.name}
            >
              {f.name}
              {f.status === 'uploading' ? ` ${f.percent}%` : ''}
              {f.status === 'error' ? ` ${f.message ?? ''}` : ''}
            </span>
            {cellType === 'image' && (
              <>
                <Button
                  size="sm"
                  aria-label={`左移 ${f.name}`}
                  onClick={() => dispatch({ type: 'move', uid: f.uid, by: -1 })}
                >
                  ←
                </Button>
                <Button
                  size="sm"
                  aria-label={`右移 ${f.name}`}
                  onClick={() => dispatch({ type: 'move', uid: f.uid, by: 1 })}
                >
                  →
                </Button>
              </>
            )}
            {(props.allowRemove !== false || f.status !== 'done') && (
              <Button
                size="sm"
                variant="danger"
                aria-label={`删除 ${f.name}`}
                onClick={() => dispatch({ type: 'remove', uid: f.uid })}
              >
                删除
              </Button>
            )}
          </li>
        ))}
      </ul>
      <div className="flex items-center gap-2">
        <input
          ref={input}
          type="file"
          aria-label="选择文件"
          className="hidden"
          multiple={limit !== 1}
          accept={cellType === 'image' ? 'image/*' : undefined}
          onChange={(e) => pick(e.target.files)}
        />
        <Button
          onClick={() => input.current?.click()}
          disabled={!canAdd(files, limit) && cellType !== 'upload'}
        >
          {props.btnText ?? (cellType === 'image' ? '上传图片' : '上传文件')}
        </Button>
        <span className="flex-1" />
        <Button onClick={() => props.stopEditing(true)}>取消</Button>
        <Button variant="primary" onClick={confirm}>
          确定
        </Button>
      </div>
    </div>
  );
}
