import type { FastifyRequest } from 'fastify';
import multipart from '@fastify/multipart';
import { and, eq, inArray, like } from 'drizzle-orm';
import { OSS_AREA, OSS_FILE, OSS_FILE_MSG, OSS_FILE_UPLOAD } from '../../shared/resources/oss-file.ts';
import type { Page, Result } from '../../shared/api.ts';
import { sysUpload } from '../db/schema/index.ts';
import { escapeLike, likeOp, str } from '../lib/query/query-generator.ts';
import { BizError, ok } from '../lib/http/result.ts';
import { route } from '../lib/http/route.ts';
import { MAX_UPLOAD_BYTES, receiveFile, storeUpload } from '../lib/files/stored-files.ts';
import { caller } from '../plugins/auth.ts';
import { mayReadUpload } from '../routes/sys/common/upload.ts';
import type { ResourceHandler, ServerResource } from './register.ts';

const inArea = () => like(sysUpload.path, `${OSS_AREA}/%`);

/** JeecgBoot's OSSFile names beside ours: `fileName` and `url` (the stored path). */
const withJeecgNames = (r: Record<string, unknown>) => ({ ...r, fileName: r.originalName, url: r.path });

/** Delete rows, then their stored bytes (a file whose row is gone is unreachable either way). */
const removingFiles =
  (generated: ResourceHandler): ResourceHandler =>
  async (req, reply) => {
    const raw = req.query.ids ?? req.query.id;
    const ids = (Array.isArray(raw) ? raw : String(raw ?? '').split(','))
      .map((s) => String(s).trim())
      .filter(Boolean);
    const rows = ids.length
      ? await req.server.db
          .select({ path: sysUpload.path })
          .from(sysUpload)
          .where(and(inArray(sysUpload.id, ids), inArea()))
      : [];
    const answer = await generated(req, reply);
    for (const r of rows) await req.server.storage.remove(r.path);
    return answer;
  };

/**
 * 文件管理: the files of the `oss` upload area (sys_upload rows), listed and deleted by the
 * generated endpoints (a delete removes the stored file too), and their own upload.
 */
export const ossFileServer: ServerResource = {
  resource: OSS_FILE,
  table: sysUpload,
  scope: inArea,
  // JeecgBoot's OSSFileList searches by `fileName`: part of the name
  listWhere(query) {
    const name = str(query.fileName)?.replace(/^\*|\*$/g, '');
    return [name ? likeOp(sysUpload.originalName, name, `%${escapeLike(name)}%`) : undefined];
  },
  override: {
    list: (generated) => async (req, reply) => {
      const answer = (await generated(req, reply)) as Result<Page<Record<string, unknown>>>;
      return { ...answer, result: { ...answer.result, records: answer.result.records.map(withJeecgNames) } };
    },
    queryById: (generated) => async (req, reply) => {
      const answer = (await generated(req, reply)) as Result<Record<string, unknown>>;
      return { ...answer, result: withJeecgNames(answer.result) };
    },
    delete: removingFiles,
    deleteBatch: removingFiles,
  },
  async routes(app) {
    if (!app.hasContentTypeParser('multipart/form-data'))
      await app.register(multipart, { limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 10 } });
    route(app, OSS_FILE_UPLOAD, async (req: FastifyRequest, reply) => {
      // a file already stored (the terminal's `upload`, a seeded picture), copied in by its path
      const from = (req.body as { path?: unknown } | undefined)?.path;
      if (!req.isMultipart() && typeof from === 'string' && from.trim()) {
        const me = caller(req);
        const path = from.trim();
        const [row] = await app.db.select().from(sysUpload).where(eq(sysUpload.path, path)).limit(1);
        const content = row && mayReadUpload(me, row) ? await app.storage.read(path) : null;
        if (!row || !content) throw new BizError(OSS_FILE_MSG.sourceMissing(path));
        const name = row.originalName;
        const stored = await storeUpload(app, OSS_AREA, { filename: name, content }, me.user.username);
        return ok({ id: stored.id, fileName: name, url: stored.path }, OSS_FILE_MSG.uploaded);
      }
      const file = await receiveFile(req, reply);
      if ('refusal' in file) return file.refusal;
      const stored = await storeUpload(app, OSS_AREA, file, caller(req).user.username);
      return ok({ id: stored.id, fileName: file.filename, url: stored.path }, OSS_FILE_MSG.uploaded);
    });
  },
};
