import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sysUpload } from '../../db/schema/index.ts';
import { detectType, FILE_TYPES, IMAGE_TYPES } from './file-types.ts';
import { picturesOnly } from '../../../shared/uploads.ts';
import { newId } from '../query/ids.ts';
import type { Result } from '../../../shared/api.ts';
import { BizError, fail } from '../http/result.ts';

export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;
export const UPLOAD_MSG = {
  tooLarge: '文件大小超出10MB限制, 请压缩或降低文件质量! ',
  badBiz: '上传目录bizPath，格式非法！',
  badType: '文件类型不允许，请上传以下类型：' + [...new Set(FILE_TYPES.map((t) => t.ext))].join('、'),
  /** a file that is no picture sent to an area of pictures (an image field's) */
  notImage: '只能上传图片，请上传以下类型：' + IMAGE_TYPES.map((t) => t.ext).join('、'),
  noFile: '未上传任何文件',
  failed: '上传失败！',
  notFound: '文件不存在',
} as const;

/** A file received from a multipart request, before it is stored. */
export interface ReceivedFile {
  filename: string;
  content: Buffer;
  /** the request's plain fields (`biz`) */
  fields: Record<string, string>;
}

/**
 * Read the one file of a multipart request (field `file`). Answers the refusal to send instead
 * when there is no file or it is over the size limit.
 */
export async function receiveFile(
  req: FastifyRequest,
  reply: FastifyReply,
): Promise<ReceivedFile | { refusal: Result<null> }> {
  if (!req.isMultipart()) return { refusal: fail(UPLOAD_MSG.noFile) };
  const file = await req.file();
  if (!file) return { refusal: fail(UPLOAD_MSG.noFile) };
  let content: Buffer;
  try {
    content = await file.toBuffer();
  } catch (e) {
    if ((e as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
      reply.code(200);
      return { refusal: fail(UPLOAD_MSG.tooLarge) };
    }
    throw e;
  }
  const fields: Record<string, string> = {};
  for (const [name, f] of Object.entries(file.fields)) {
    const value = (f as { value?: unknown } | undefined)?.value;
    if (typeof value === 'string') fields[name] = value;
  }
  return { filename: file.filename, content, fields };
}

const day = () => new Date().toISOString().slice(0, 10).replace(/-/g, '');

/**
 * Store an uploaded file under a generated name in `area` (its type checked by content) and
 * record who uploaded it; the stored path is `<area>/<yyyyMMdd>/<id>.<ext>`.
 */
export async function storeUpload(
  app: FastifyInstance,
  area: string,
  file: Pick<ReceivedFile, 'filename' | 'content'>,
  by: string,
): Promise<{ id: string; path: string; mimeType: string }> {
  const type = detectType(file.filename, file.content.subarray(0, 512));
  // an image field's area takes pictures only: by content, whatever the name or the browser said
  if (picturesOnly(area) && !(type && IMAGE_TYPES.includes(type))) throw new BizError(UPLOAD_MSG.notImage);
  if (!type) throw new BizError(UPLOAD_MSG.badType);
  const id = newId();
  const rel = `${area}/${day()}/${id}.${type.ext}`;
  await recordFile(app, {
    id,
    path: rel,
    name: file.filename,
    mimeType: type.mime,
    content: file.content,
    by,
  });
  return { id, path: rel, mimeType: type.mime };
}

/** Write a file the server made or accepted and its sys_upload row (whose uploader may read it). */
export async function recordFile(
  app: FastifyInstance,
  f: { id: string; path: string; name: string; mimeType: string; content: Buffer; by: string },
): Promise<void> {
  await app.storage.put(f.path, f.content);
  await app.db.insert(sysUpload).values({
    id: f.id,
    path: f.path,
    originalName: f.name.slice(0, 255),
    mimeType: f.mimeType,
    size: f.content.length,
    createBy: f.by,
  });
}
