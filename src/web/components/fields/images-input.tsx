/**
 * The form input of `image` and `images` fields: uploads to the field's area with progress,
 * thumbnails, removal and (several pictures) moving left/right with the spec's first/last warnings.
 * The value is the stored paths, comma-joined in order; it changes only when every upload is done
 * or one is removed (the upload cell's state machine, upload-state.ts).
 */
import { useEffect, useRef, useState } from 'react';
import { notify } from '../../lib/notify.ts';
import { Button } from '../ui.tsx';
import {
  UPLOAD_CELL_MSG,
  canAdd,
  checkType,
  fromCellValue,
  newUid,
  uploadStep,
  type UploadEvent,
  type UploadFile,
} from '../data-grid/cells/upload-state.ts';
import { uploadFile } from '../data-grid/cells/upload-transport.ts';
import { UploadThumb } from '../data-grid/cells/upload-thumb.tsx';

const pathsOf = (files: readonly UploadFile[]) =>
  files
    .filter((f) => f.status === 'done' && f.path)
    .map((f) => f.path)
    .join(',');

export function ImagesInput({
  label,
  value,
  onChange,
  area,
  max,
  single = false,
  required = false,
}: {
  label: string;
  value: string;
  onChange(value: string): void;
  /** upload area (`biz`) */
  area: string;
  /** most pictures (single: 1) */
  max: number;
  single?: boolean;
  /** refused without a picture: the file input says so (`required`; no ARIA role takes aria-required here) */
  required?: boolean;
}) {
  const [files, setFiles] = useState<UploadFile[]>(() => fromCellValue(value));
  const filesRef = useRef(files);
  const input = useRef<HTMLInputElement>(null);
  const limit = single ? 1 : max;

  // a value loaded from outside (edit dialog) replaces the list when it differs from ours
  useEffect(() => {
    if (value === pathsOf(filesRef.current)) return;
    filesRef.current = fromCellValue(value);
    setFiles(filesRef.current);
  }, [value]);

  const dispatch = (event: UploadEvent) => {
    const step = uploadStep(filesRef.current, event);
    filesRef.current = step.files;
    setFiles(step.files);
    if (step.warning) notify('warning', step.warning);
    if (step.error)
      notify('error', UPLOAD_CELL_MSG.errorDetail(step.detail ?? ''), UPLOAD_CELL_MSG.errorTitle);
    if (step.emit) onChange(pathsOf(step.files));
  };

  const pick = (list: FileList | null) => {
    for (const file of Array.from(list ?? [])) {
      const refused = checkType('image', file);
      if (refused) {
        notify('warning', refused);
        continue;
      }
      if (single) filesRef.current.forEach((f) => dispatch({ type: 'remove', uid: f.uid }));
      if (!canAdd(filesRef.current, limit)) {
        notify('warning', `${label}最多${limit}张`);
        break;
      }
      const uid = newUid();
      dispatch({ type: 'start', file: { uid, name: file.name, type: file.type, size: file.size } });
      uploadFile(file, {
        data: { biz: area },
        onProgress: (percent) => dispatch({ type: 'progress', uid, percent }),
      }).then(
        (body) => dispatch({ type: 'response', uid, body }),
        (e: Error) => dispatch({ type: 'fail', uid, message: e.message }),
      );
    }
    if (input.current) input.current.value = '';
  };

  return (
    <div role="group" aria-label={label} className="space-y-2">
      <ul className="flex flex-wrap gap-2" aria-label={`${label}列表`}>
        {files.map((f, i) => (
          <li
            key={f.uid}
            data-status={f.status}
            data-path={f.path}
            className="flex flex-col items-center gap-1 rounded border p-1"
          >
            {f.path ? (
              <UploadThumb path={f.path} name={`${label}${i + 1}`} size={64} />
            ) : (
              <span className="flex h-16 w-16 items-center justify-center text-xs text-gray-500">
                {f.status === 'error' ? '上传失败' : `${f.percent}%`}
              </span>
            )}
            <span className="flex gap-1">
              {!single && (
                <>
                  <Button
                    size="sm"
                    aria-label={`左移第${i + 1}张`}
                    onClick={() => dispatch({ type: 'move', uid: f.uid, by: -1 })}
                  >
                    ←
                  </Button>
                  <Button
                    size="sm"
                    aria-label={`右移第${i + 1}张`}
                    onClick={() => dispatch({ type: 'move', uid: f.uid, by: 1 })}
                  >
                    →
                  </Button>
                </>
              )}
              <Button
                size="sm"
                variant="danger"
                aria-label={`删除第${i + 1}张`}
                onClick={() => dispatch({ type: 'remove', uid: f.uid })}
              >
                ×
              </Button>
            </span>
          </li>
        ))}
      </ul>
      <input
        ref={input}
        type="file"
        aria-label={`选择${label}`}
        className="sr-only"
        tabIndex={-1}
        multiple={!single}
        accept="image/*"
        required={required && files.length === 0}
        onChange={(e) => pick(e.target.files)}
      />
      <Button onClick={() => input.current?.click()} disabled={!single && !canAdd(files, limit)}>
        {`上传${label}`}
      </Button>
    </div>
  );
}
