/**
 * `POST …/importExcel` for any screen (jeecg-api.md §6.15, spec §7): multipart with any file field
 * name and several files, plus the import payload (isSingleTableImport, foreignKeys,
 * validateStatus); or JSON `{filePath}` naming a file the caller uploaded via /sys/common/upload.
 * Each file is imported all or nothing (`importWorkbook`); the answer is 200 when everything was
 * imported, 201 with an error log file when rows failed, success:false when nothing was importable.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import multipart from '@fastify/multipart';
import { and, eq } from 'drizzle-orm';
import { CODE, MSG, type Result } from '../../../shared/api.ts';
import type { Db } from '../../db/client.ts';
import { sysUpload } from '../../db/schema/index.ts';
import { caller, type UserRow } from '../../plugins/auth.ts';
import type { ProgressMessage } from '../realtime/notice-hub.ts';
import { MAX_UPLOAD_BYTES, recordFile, UPLOAD_MSG } from '../files/stored-files.ts';
import { ImportBudget } from './import-limits.ts';
import { newId } from '../query/ids.ts';
import { BizError, fail, okMessage } from '../http/result.ts';
import { importWorkbook, type FileOutcome, type ImportPlan } from './xlsx-import.ts';
import { route } from '../http/route.ts';
import type { EndpointContract } from '../../../shared/contracts.ts';
import { pathOf } from '../../../shared/contracts.ts';
import { ENDPOINTS } from '../../../shared/endpoints.ts';

/** Files per request. */
const MAX_FILES = 20;
const KEY_RE = /^[A-Za-z0-9_-]{1,64}$/;

export const IMPORT_RESULT_MSG = {
  withErrors: '文件导入成功，但有错误。',
  summary: (total: number, ok: number, bad: number) =>
    `总上传行数：${total}，已导入行数：${ok}，错误行数：${bad}`,
  generalOk: (rows: number) => `文件导入成功！数据行数：${rows}`,
  tooManyFiles: `一次最多导入${MAX_FILES}个文件`,
} as const;

/** One screen's import endpoint. */
export interface ImportRouteSpec<T> {
  /** the importExcel endpoint (path and permission) */
  endpoint: EndpointContract;
  /** stem of the error log's file name, e.g. `userImportExcelErrorLog` */
  logName: string;
  /** the plan for one request (it may hold per-request state, e.g. a hashed default password) */
  plan(ctx: { db: Db; user: UserRow; req: FastifyRequest }): ImportPlan<T>;
  /** message when every row of every file was imported (default 文件导入成功！数据行数：N) */
  okMessage?(rows: number): string;
}

/** The 201 `result` (jeecg-api.md §6.15). */
export interface ImportErrorResult {
  totalCount: number;
  errorCount: number;
  successCount: number;
  msg: string;
  fileUrl: string;
  fileName: string;
}

interface Named extends FileOutcome {
  name: string;
}

const refusedFile = (name: string, fatal: string): Named => ({
  name,
  total: 0,
  imported: 0,
  rowErrors: [],
  fatal,
});

const stamp = () => new Date().toISOString().replace(/\D/g, '').slice(0, 17);

function errorLog(outcomes: Named[]): string {
  const lines: string[] = [];
  for (const o of outcomes) {
    if (o.fatal) lines.push(`文件 ${o.name}：${o.fatal}`);
    else if (o.rowErrors.length)
      lines.push(
        `文件 ${o.name}：共${o.total}行，错误${o.rowErrors.length}行，整个文件未导入`,
        ...o.rowErrors,
      );
    else lines.push(`文件 ${o.name}：共${o.total}行，已全部导入`);
  }
  return lines.join('\n') + '\n';
}

/** Register the import endpoint in this plugin (multipart is registered once per plugin context). */
export async function registerImport<T>(app: FastifyInstance, spec: ImportRouteSpec<T>): Promise<void> {
  if (!app.hasContentTypeParser('multipart/form-data'))
    await app.register(multipart, {
      limits: { fileSize: MAX_UPLOAD_BYTES, files: MAX_FILES, fields: 20, fieldSize: 4096 },
    });
  const db = app.db;

  async function saveLog(outcomes: Named[], by: string): Promise<{ fileUrl: string; fileName: string }> {
    const id = newId();
    const rel = `import-errors/${stamp().slice(0, 8)}/${id}.txt`;
    const fileName = `${spec.logName}${stamp()}.txt`;
    await recordFile(app, {
      id,
      path: rel,
      name: fileName,
      mimeType: 'text/plain; charset=utf-8',
      content: Buffer.from(errorLog(outcomes), 'utf8'),
      by,
    });
    return { fileUrl: pathOf(ENDPOINTS.file.static, { '*': rel }), fileName };
  }

  async function answer(outcomes: Named[], user: UserRow): Promise<Result<unknown>> {
    if (outcomes.length === 0) return fail(UPLOAD_MSG.noFile);
    const total = outcomes.reduce((n, o) => n + o.total, 0);
    const ok = outcomes.reduce((n, o) => n + o.imported, 0);
    const bad = outcomes.reduce((n, o) => n + o.rowErrors.length, 0);
    if (outcomes.every((o) => !o.fatal && o.rowErrors.length === 0))
      return okMessage((spec.okMessage ?? IMPORT_RESULT_MSG.generalOk)(ok));
    if (bad === 0 && ok === 0) {
      const single = outcomes.length === 1;
      return fail(outcomes.map((o) => (single ? o.fatal! : `${o.name}：${o.fatal}`)).join('；'));
    }
    const log = await saveLog(outcomes, user.username);
    const result: ImportErrorResult = {
      totalCount: total,
      errorCount: bad,
      successCount: ok,
      msg: IMPORT_RESULT_MSG.summary(total, ok, bad),
      ...log,
    };
    return {
      success: true,
      message: IMPORT_RESULT_MSG.withErrors,
      code: CODE.IMPORTED_WITH_ERRORS,
      result,
      timestamp: Date.now(),
    };
  }

  /** The content of a file the caller uploaded earlier, or undefined. */
  async function ownUpload(filePath: string, user: UserRow) {
    const rel = filePath.replace(/^\/?sys\/common\/static\//, '').replace(/^\/+/, '');
    const [row] = await db
      .select()
      .from(sysUpload)
      .where(and(eq(sysUpload.path, rel), eq(sysUpload.createBy, user.username)))
      .limit(1);
    const content = row ? await app.storage.read(rel) : null;
    return row && content ? { name: row.originalName, content } : undefined;
  }

  route(app, spec.endpoint, async (req) => {
    const user = caller(req).user;
    const plan = spec.plan({ db, user, req });
    const outcomes: Named[] = [];
    // what the files of this request may make the readers inflate, together (zip bombs)
    const budget = new ImportBudget();
    let key = newId();
    const run = async (name: string, content: Buffer) => {
      const outcome = await importWorkbook(
        db,
        content,
        plan,
        (p) => {
          const title = `${p.phase === 'check' ? '正在校验' : '正在导入'}：${name}`;
          const message: ProgressMessage = { cmd: 'progress', key, done: p.done, total: p.total, title };
          app.notices.send(user.id, message);
        },
        budget,
      );
      outcomes.push({ name, ...outcome });
    };
    const fields: Record<string, string> = {};
    const badPayload = () =>
      fields.validateStatus !== undefined && !['0', '1'].includes(fields.validateStatus)
        ? MSG.badParam('validateStatus')
        : undefined;

    if (req.isMultipart()) {
      try {
        for await (const part of req.parts()) {
          if (part.type === 'field') {
            fields[part.fieldname] = String(part.value ?? '');
            if (part.fieldname === 'progressKey' && KEY_RE.test(fields.progressKey!))
              key = fields.progressKey!;
            continue;
          }
          let content: Buffer;
          if (badPayload()) {
            await part.toBuffer().catch(() => undefined);
            continue;
          }
          try {
            content = await part.toBuffer();
          } catch (e) {
            if ((e as { code?: string }).code !== 'FST_REQ_FILE_TOO_LARGE') throw e;
            outcomes.push(refusedFile(part.filename, UPLOAD_MSG.tooLarge.trim()));
            break; // the multipart stream is cut: later parts cannot be read
          }
          await run(part.filename, content);
        }
      } catch (e) {
        const code = (e as { code?: string }).code;
        if (code === 'FST_FIELDS_LIMIT' || code === 'FST_PARTS_LIMIT')
          throw new BizError(MSG.badParam('fields'));
        if (code !== 'FST_FILES_LIMIT') throw e;
        // the files read so far are imported; the rest are reported, not silently dropped
        outcomes.push(refusedFile('其余文件', IMPORT_RESULT_MSG.tooManyFiles));
      }
    } else {
      const body = (req.body ?? {}) as Record<string, unknown>;
      for (const [k, v] of Object.entries(body))
        if (typeof v === 'string' || typeof v === 'number') fields[k] = String(v);
      if (fields.progressKey && KEY_RE.test(fields.progressKey)) key = fields.progressKey;
    }
    const refused = badPayload();
    if (refused) return fail(refused);
    if (fields.filePath) {
      const file = await ownUpload(fields.filePath, user);
      if (!file) return fail(UPLOAD_MSG.notFound);
      await run(file.name, file.content);
    }
    return answer(outcomes, user);
  });
}
