import type { FastifyInstance } from 'fastify';
import multipart from '@fastify/multipart';
import { eq } from 'drizzle-orm';
import { CODE } from '../../../../shared/api.ts';
import { RESERVED_UPLOAD_AREAS, UPLOAD_AREA_READERS, uploadReaders } from '../../../../shared/uploads.ts';
import { sysUpload } from '../../../db/schema/index.ts';
import { FILE_TYPES } from '../../../lib/files/file-types.ts';
import { bare, fail } from '../../../lib/http/result.ts';
import { caller, type AuthContext } from '../../../plugins/auth.ts';
import { ENDPOINTS } from '../../../../shared/endpoints.ts';
import { route } from '../../../lib/http/route.ts';
import { MAX_UPLOAD_BYTES, receiveFile, storeUpload, UPLOAD_MSG } from '../../../lib/files/stored-files.ts';

export { MAX_UPLOAD_BYTES, UPLOAD_MSG };

const BIZ_RE = /^[a-zA-Z0-9_-]{1,40}(\/[a-zA-Z0-9_-]{1,40}){0,3}$/;

/** RFC 5987 Content-Disposition with the original (possibly Chinese) file name. */
const disposition = (kind: 'inline' | 'attachment', name: string) =>
  `${kind}; filename="${name.replace(/[^\x20-\x7e]|["\\]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(name)}`;

/**
 * Whether a caller may read a recorded file: its uploader, the owner of the account whose avatar
 * it is, and holders of the permission of the screen that shows its upload area.
 */
export function mayReadUpload(me: AuthContext, row: { path: string; createBy: string | null }): boolean {
  const readers = uploadReaders(row.path);
  return (
    row.createBy === me.user.username ||
    // one's own avatar, if it is a picture of the user area (anyone may put any path in
    // their avatar field, so that alone must not open other people's files)
    (me.user.avatar === row.path && readers === UPLOAD_AREA_READERS.user) ||
    (readers !== undefined && me.perms.has(readers))
  );
}

/**
 * POST /sys/common/upload stores a file (app.storage) under a generated name, its type checked by
 * content; GET /sys/common/static/<path> serves a recorded file with safe headers to those who may
 * read it (`mayReadUpload`); to anyone else it does not exist. The stored path travels in
 * `message`, as JeecgBoot clients expect.
 */
export default async function uploadRoutes(app: FastifyInstance) {
  await app.register(multipart, { limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 10 } });

  route(app, ENDPOINTS.file.upload, async (req, reply) => {
    const file = await receiveFile(req, reply);
    if ('refusal' in file) return file.refusal;
    const biz = file.fields.biz || 'temp';
    // an area with a screen of its own takes files only through that screen's upload
    if (!BIZ_RE.test(biz) || RESERVED_UPLOAD_AREAS.includes(biz.split('/')[0]!))
      return fail(UPLOAD_MSG.badBiz);
    const stored = await storeUpload(app, biz, file, caller(req).user.username);
    return bare(null, stored.path);
  });

  route<{ Params: { '*': string } }>(app, ENDPOINTS.file.static, async (req, reply) => {
    const rel = req.params['*'].replace(/,+$/, '');
    const [row] = await app.db.select().from(sysUpload).where(eq(sysUpload.path, rel)).limit(1);
    const stream = row && mayReadUpload(caller(req), row) ? await app.storage.open(rel) : null;
    if (!row || !stream) return reply.code(404).send(fail(UPLOAD_MSG.notFound, CODE.NOT_FOUND));
    const type = FILE_TYPES.find((t) => t.mime === row.mimeType);
    return reply
      .header('Content-Type', row.mimeType)
      .header('Content-Length', String(row.size))
      .header('X-Content-Type-Options', 'nosniff')
      .header('Content-Security-Policy', "default-src 'none'; sandbox")
      .header('Content-Disposition', disposition(type?.inline ? 'inline' : 'attachment', row.originalName))
      .send(stream);
  });
}
