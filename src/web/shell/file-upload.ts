import { apiUrl, authHeaders, ApiError } from '../lib/api-client.ts';
import { registerWidget } from './runtime.ts';
import { ENDPOINTS } from '../../shared/endpoints.ts';

/** Upload one file to `/sys/common/upload`; the stored path comes back in `message` (jeecg-api.md §6.14). */
export async function uploadFile(file: File, biz = 'temp'): Promise<string> {
  const form = new FormData();
  form.append('file', file);
  form.append('biz', biz);
  const res = await fetch(apiUrl(ENDPOINTS.file.upload.path), {
    method: 'POST',
    headers: authHeaders(),
    body: form,
  });
  const body = (await res.json().catch(() => ({}))) as { success?: boolean; message?: string };
  if (!res.ok || !body.success || !body.message)
    throw new ApiError(`${file.name} 上传失败：${body.message || '未知错误'}`);
  return body.message;
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

/** The `file.upload` widget: choose, upload one by one, report what was stored. */
export function registerFileUploadWidget(): () => void {
  return registerWidget('file.upload', async (props) => {
    const files = await chooseFiles();
    const out: Array<{ name: string; path: string; size: number }> = [];
    for (const f of files)
      out.push({ name: f.name, path: await uploadFile(f, String(props?.biz ?? 'temp')), size: f.size });
    return out;
  });
}
