import { useRef, useState, type DragEvent } from 'react';
import { apiUrl, downloadFile } from '../../../lib/api-client.ts';
import { notify } from '../../../lib/notify.ts';
import { Modal } from '../../modal.tsx';
import { Button } from '../../ui.tsx';
import {
  addFiles,
  fileKey,
  IMPORT_ACCEPT,
  IMPORT_TEXT,
  IMPORT_WIDTH,
  importFields,
  percentOf,
  progressText,
  readImportAnswer,
  type ImportOutcome,
  type ImportPayload,
  type ImportProgress,
} from './import-logic.ts';
import { newProgressKey, postWithProgress, watchImportProgress } from './import-transport.ts';

/** What the dialog is opened with. */
export interface ImportDialogOptions {
  /** the import endpoint, e.g. `/sys/user/importExcel` */
  url: string;
  /** what is imported, e.g. 用户 (shown as 导入用户数据) */
  title?: string;
  payload?: ImportPayload;
}

const sizeText = (n: number) =>
  n >= 1048576 ? `${(n / 1048576).toFixed(1)} MB` : `${Math.ceil(n / 1024)} KB`;

/**
 * 导入EXCEL (width 600): choose or drop several .xls/.xlsx files, 开始上传 (disabled without files),
 * upload progress, then the server's progress; closes on success, stays open with a warning on
 * failure, and turns into 导入成功,但是有错误数据! with the error file link on code 201.
 */
export function ImportDialog({
  options,
  onClose,
}: {
  options: ImportDialogOptions;
  /** called once: the outcome on success (200 or 201), null when dismissed */
  onClose(outcome: ImportOutcome | null): void;
}) {
  const [files, setFiles] = useState<File[]>([]);
  const [busy, setBusy] = useState(false);
  const [upload, setUpload] = useState(0);
  const [server, setServer] = useState<ImportProgress>();
  const [errors, setErrors] = useState<Extract<ImportOutcome, { kind: 'errors' }>>();
  const [dragging, setDragging] = useState(false);
  const input = useRef<HTMLInputElement>(null);

  const add = (list: FileList | null) => {
    const r = addFiles(files, [...(list ?? [])]);
    if (r.rejected) notify('warning', IMPORT_TEXT.wrongType);
    setFiles(r.files);
  };
  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setDragging(false);
    if (!busy) add(e.dataTransfer.files);
  };

  async function start() {
    if (!files.length || busy) return;
    setBusy(true);
    setUpload(0);
    setServer(undefined);
    const key = newProgressKey();
    const stop = await watchImportProgress(key, setServer);
    const form = new FormData();
    for (const [k, v] of importFields(options.payload ?? {}, key)) form.append(k, v);
    for (const f of files) form.append('files[]', f, f.name);
    let outcome: ImportOutcome;
    try {
      outcome = readImportAnswer(await postWithProgress(options.url, form, setUpload));
    } catch (e) {
      outcome = { kind: 'fail', message: (e as Error).message || IMPORT_TEXT.failed };
    } finally {
      stop();
      setBusy(false);
    }
    if (outcome.kind === 'fail') notify('warning', outcome.message);
    else if (outcome.kind === 'ok') {
      notify('success', outcome.message);
      onClose(outcome);
    } else setErrors(outcome);
  }

  if (errors) {
    const { fileUrl, fileName, msg } = errors.info;
    return (
      <Modal
        open
        onOpenChange={(o) => !o && onClose(errors)}
        title={IMPORT_TEXT.errorsTitle}
        width={480}
        footer={
          <Button variant="primary" onClick={() => onClose(errors)}>
            {IMPORT_TEXT.close}
          </Button>
        }
      >
        <div className="space-y-2 text-sm">
          <p>{errors.message}</p>
          {msg && <p className="text-gray-600">{msg}</p>}
          {fileUrl && (
            <a
              href={apiUrl(fileUrl)}
              className="text-[var(--primary)] underline"
              onClick={(e) => {
                e.preventDefault();
                downloadFile(fileUrl, {}, fileName ?? 'errors.txt').catch((err: Error) =>
                  notify('error', err.message || '文件下载失败'),
                );
              }}
            >
              {IMPORT_TEXT.download}
            </a>
          )}
        </div>
      </Modal>
    );
  }

  const percent = server ? percentOf(server.done, server.total) : Math.round(upload * 100);
  return (
    <Modal
      open
      onOpenChange={(o) => !o && !busy && onClose(null)}
      title={IMPORT_TEXT.title}
      width={IMPORT_WIDTH}
      footer={
        <>
          <Button disabled={busy} onClick={() => onClose(null)}>
            {IMPORT_TEXT.close}
          </Button>
          <Button variant="primary" disabled={!files.length || busy} onClick={() => void start()}>
            {busy ? IMPORT_TEXT.uploading : IMPORT_TEXT.upload}
          </Button>
        </>
      }
    >
      <div
        onDragOver={(e) => {
          e.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        className={`rounded border-2 border-dashed p-6 text-center text-sm ${dragging ? 'border-[var(--primary)] bg-blue-50' : 'border-gray-300'}`}
      >
        {options.title && <p className="mb-1 font-medium">导入{options.title}数据</p>}
        <p className="mb-2 text-gray-500">{IMPORT_TEXT.drop}</p>
        <Button disabled={busy} onClick={() => input.current?.click()}>
          {IMPORT_TEXT.choose}
        </Button>
        <input
          ref={input}
          type="file"
          multiple
          accept={IMPORT_ACCEPT}
          aria-label={IMPORT_TEXT.choose}
          className="hidden"
          onChange={(e) => {
            add(e.target.files);
            e.target.value = '';
          }}
        />
      </div>
      {files.length > 0 && (
        <ul aria-label="待导入文件" className="mt-3 divide-y rounded border text-sm">
          {files.map((f) => (
            <li key={fileKey(f)} className="flex items-center justify-between px-3 py-1.5">
              <span className="truncate">{f.name}</span>
              <span className="flex items-center gap-2 text-gray-600">
                {sizeText(f.size)}
                <Button
                  size="sm"
                  variant="link"
                  disabled={busy}
                  aria-label={`${IMPORT_TEXT.remove} ${f.name}`}
                  onClick={() => setFiles(files.filter((x) => x !== f))}
                >
                  {IMPORT_TEXT.remove}
                </Button>
              </span>
            </li>
          ))}
        </ul>
      )}
      {busy && (
        <div className="mt-3 space-y-1 text-xs text-gray-600">
          <div
            role="progressbar"
            aria-label="导入进度"
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={percent}
            className="h-2 overflow-hidden rounded bg-gray-100"
          >
            <div
              className={`h-full bg-[var(--primary)] ${percent === undefined ? 'w-1/3 animate-pulse' : ''}`}
              style={percent === undefined ? undefined : { width: `${percent}%` }}
            />
          </div>
          <p>{server ? progressText(server) : `${IMPORT_TEXT.uploading} ${Math.round(upload * 100)}%`}</p>
        </div>
      )}
    </Modal>
  );
}
