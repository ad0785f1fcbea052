import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import multipart from '@fastify/multipart';
import { eq } from 'drizzle-orm';
import { CODE } from '../../../../shared/api.ts';
import { UPLOAD_AREA_READERS, uploadReaders } from '../../../../shared/uploads.ts';
import { sysUpload } from '../../../db/schema/index.ts';
import { newId } from '../../../lib/ids.ts';
import { detectType, FILE_TYPES } from '../../../lib/file-types.ts';
import { bare, fail } from '../../../lib/result.ts';
import { caller } from '../../../plugins/auth.ts';
import { ENDPOINTS } from '../../../../shared/endpoints.ts';
import { route } from '../../../lib/route.ts';

export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;
export const UPLOAD_MSG = {
  tooLarge: '文件大小超出10MB限制, 请压缩或降低文件质量! ',
  badBiz: '上传目录bizPath，格式非法！',
  badType: '文件类型不允许，请上传以下类型：' + [...new Set(FILE_TYPES.map((t) => t.ext))].join('、'),
  noFile: '未上传任何文件',
  failed: '上传失败！',
  notFound: '文件不存在',
} as const;

const BIZ_RE = /^[a-zA-Z0-9_-]{1,40}(\/[a-zA-Z0-9_-]{1,40}){0,3}$/;
const day = () => new Date().toISOString().slice(0, 10).replace(/-/g, '');

/** RFC 5987 Content-Disposition with the original (possibly Chinese) file name. */
const disposition = (kind: 'inline' | 'attachment', name: string) =>
  `${kind}; filename="${name.replace(/[^\x20-\x7e]|["\\]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(name)}`;

/**
 * POST /sys/common/upload stores a file outside the web root under a generated name, its type
 * checked by content; GET /sys/common/static/<path> serves a recorded file with safe headers to
 * its uploader, to the owner of the account whose avatar it is, and to holders of the permission
 * of the screen that shows its upload area (UPLOAD_AREA_READERS); to anyone else it does not exist. The stored path travels in `message`, as JeecgBoot clients expect.
 */
export default async function uploadRoutes(app: FastifyInstance) {
  await app.register(multipart, { limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 10 } });
  const root = path.resolve(app.config.uploadDir);

  route(app, ENDPOINTS.file.upload, async (req, reply) => {
    if (!req.isMultipart()) return fail(UPLOAD_MSG.noFile);
    const file = await req.file();
    if (!file) return fail(UPLOAD_MSG.noFile);
    let content: Buffer;
    try {
      content = await file.toBuffer();
    } catch (e) {
      if ((e as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
        return reply.code(200).send(fail(UPLOAD_MSG.tooLarge));
      throw e;
    }
    const bizField = file.fields.biz as { value?: unknown } | undefined;
    const biz = typeof bizField?.value === 'string' && bizField.value ? bizField.value : 'temp';
    if (!BIZ_RE.test(biz)) return fail(UPLOAD_MSG.badBiz);
    const type = detectType(file.filename, content.subarray(0, 512));
    if (!type) return fail(UPLOAD_MSG.badType);
    const id = newId();
    const rel = `${biz}/${day()}/${id}.${type.ext}`;
    const abs = path.join(root, rel);
    await fs.promises.mkdir(path.dirname(abs), { recursive: true });
    await fs.promises.writeFile(abs, content, { flag: 'wx' });
    await app.db.insert(sysUpload).values({
      id,
      path: rel,
      originalName: file.filename.slice(0, 255),
      mimeType: type.mime,
      size: content.length,
      createBy: caller(req).user.username,
    });
    return bare(null, rel);
  });

  route<{ Params: { '*': string } }>(app, ENDPOINTS.file.static, async (req, reply) => {
    const rel = req.params['*'].replace(/,+$/, '');
    const [row] = await app.db.select().from(sysUpload).where(eq(sysUpload.path, rel)).limit(1);
    const abs = path.resolve(root, rel);
    const me = caller(req);
    const readers = uploadReaders(rel);
    const mayRead =
      !!row &&
      (row.createBy === me.user.username ||
        // one's own avatar, if it is a picture of the user area (anyone may put any path in
        // their avatar field, so that alone must not open other people's files)
        (me.user.avatar === rel && uploadReaders(rel) === UPLOAD_AREA_READERS.user) ||
        (readers !== undefined && me.perms.has(readers)));
    if (!row || !mayRead || !abs.startsWith(root + path.sep) || !fs.existsSync(abs))
      return reply.code(404).send(fail(UPLOAD_MSG.notFound, CODE.NOT_FOUND));
    const type = FILE_TYPES.find((t) => t.mime === row.mimeType);
    return reply
      .header('Content-Type', row.mimeType)
      .header('Content-Length', String(row.size))
      .header('X-Content-Type-Options', 'nosniff')
      .header('Content-Security-Policy', "default-src 'none'; sandbox")
      .header('Content-Disposition', disposition(type?.inline ? 'inline' : 'attachment', row.originalName))
      .send(fs.createReadStream(abs));
  });
}
