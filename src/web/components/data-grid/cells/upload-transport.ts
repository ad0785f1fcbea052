/**
 * Network side of upload cells: `POST /sys/common/upload` through XMLHttpRequest (fetch reports no
 * upload progress) with the same headers as every API call, and stored files read back as blobs
 * with the token (GET /sys/common/static/<path> needs it) and shown through object URLs.
 */
import { apiUrl, authHeaders } from '../../../lib/api-client.ts';
import { ENDPOINTS } from '../../../../shared/endpoints.ts';
import { pathOf } from '../../../../shared/contracts.ts';

/** Default upload endpoint (spec §7). */
export const UPLOAD_ACTION = ENDPOINTS.file.upload.path;

/** Where and how one file is sent. */
export interface UploadRequest {
  /** endpoint under the API base (default /sys/common/upload) or an absolute URL */
  action?: string;
  /** extra form fields of the column (spec §3 `data`); `biz` defaults to temp */
  data?: Record<string, string>;
  onProgress?(percent: number): void;
  signal?: AbortSignal;
}

const resolve = (action: string) => (/^https?:\/\//.test(action) ? action : apiUrl(action));

/**
 * Upload one file; resolves with the parsed response body (a Result), rejects with a message
 * on a network or HTTP failure.
 */
export function uploadFile(file: File, req: UploadRequest = {}): Promise<unknown> {
  return new Promise((ok, fail) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', resolve(req.action ?? UPLOAD_ACTION));
    for (const [k, v] of Object.entries(authHeaders())) xhr.setRequestHeader(k, v);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) req.onProgress?.((e.loaded / e.total) * 100);
    };
    xhr.onload = () => {
      let body: unknown;
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        body = null;
      }
      if (xhr.status >= 200 && xhr.status < 300) ok(body);
      else fail(new Error((body as { message?: string } | null)?.message || `上传失败 (${xhr.status})`));
    };
    xhr.onerror = () => fail(new Error('网络超时'));
    xhr.onabort = () => fail(new Error('上传失败'));
    req.signal?.addEventListener('abort', () => xhr.abort());
    const form = new FormData();
    form.append('isup', '1');
    form.append('biz', 'temp');
    for (const [k, v] of Object.entries(req.data ?? {})) form.set(k, v);
    form.append('file', file, file.name);
    xhr.send(form);
  });
}

/** The URL of a stored path (absolute URLs, as minio/alioss return, pass through). */
export const staticUrl = (path: string): string =>
  /^https?:\/\//.test(path) ? path : apiUrl(pathOf(ENDPOINTS.file.static, { '*': path.replace(/^\//, '') }));

const blobUrls = new Map<string, Promise<string>>();

/** An object URL of a stored file, fetched once with the session headers; rejects when unreadable. */
export function blobUrl(path: string): Promise<string> {
  if (/^https?:\/\//.test(path)) return Promise.resolve(path);
  let url = blobUrls.get(path);
  if (!url) {
    url = fetch(staticUrl(path), { headers: authHeaders() }).then(async (res) => {
      if (!res.ok) throw new Error('未知的文件');
      return URL.createObjectURL(await res.blob());
    });
    url.catch(() => blobUrls.delete(path));
    blobUrls.set(path, url);
  }
  return url;
}
