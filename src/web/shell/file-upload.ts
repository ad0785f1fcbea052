import { apiUrl, authHeaders, ApiError, downloadFile } from '../lib/api-client.ts';
import { registerWidget } from './runtime.ts';
import { ENDPOINTS } from '../../shared/endpoints.ts';
import type { EndpointContract } from '../../shared/contracts.ts';

/**
 * Upload one file to `/sys/common/upload` (the stored path comes back in `message`, jeecg-api.md
 * §6.14), or to another upload endpoint that answers it as `result.url` (文件管理's).
 */
export async function uploadFile(
  file: File,
  biz = 'temp',
  endpoint: EndpointContract = ENDPOINTS.file.upload,
): Promise<string> {
  const form = new FormData();
  form.append('file', file);
  form.append('biz', biz);
  const res = await fetch(apiUrl(endpoint.path), { method: 'POST', headers: authHeaders(), body: form });
  const body = (await res.json().catch(() => ({}))) as {
    success?: boolean;
    message?: string;
    result?: { url?: string } | null;
  };
  const stored = body.result?.url ?? body.message;
  if (!res.ok || !body.success || !stored)
    throw new ApiError(`${file.name} 上传失败：${body.message || '未知错误'}`);
  return stored;
}

/** Ask the browser for files (the system file chooser). Resolves [] when the chooser is dismissed. */
export function chooseFiles(accept = '', multiple = true): Promise<File[]> {
  return new Promise((resolve) => {
    const input = Object.assign(document.createElement('input'), { type: 'file', accept, multiple });
    input.addEventListener('change', () => resolve([...(input.files ?? [])]));
    input.addEventListener('cancel', () => resolve([]));
    input.click();
  });
}

/**
 * The `file.upload` widget: choose, upload one by one (to `props.endpoint`, default the general
 * upload), report what was stored.
 */
export function registerFileUploadWidget(): () => void {
  return registerWidget('file.upload', async (props) => {
    const files = await chooseFiles();
    const endpoint = (props?.endpoint as EndpointContract | undefined) ?? ENDPOINTS.file.upload;
    const out: Array<{ name: string; path: string; size: number }> = [];
    for (const f of files)
      out.push({
        name: f.name,
        path: await uploadFile(f, String(props?.biz ?? 'temp'), endpoint),
        size: f.size,
      });
    return out;
  });
}

/** The `file.download` widget: a stored file (`href`, a static path) saved under `name`. */
export function registerFileDownloadWidget(): () => void {
  return registerWidget('file.download', async (props) => {
    await downloadFile(String(props?.href ?? ''), {}, String(props?.name ?? 'download'));
  });
}
