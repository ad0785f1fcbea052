/**
 * Saved scripts on the job scheduler: every 定时任务 row of class `care.scripts.S<id>` runs the saved
 * script `<id>` as its owner. The run signs the owner in for its duration (a token of its own,
 * revoked at the end), checks that the owner may still run saved scripts, and hands the script to
 * the app's script runner, whose every command is checked against the owner's permissions now and
 * whose every call goes through the API in process (`app.inject`) as the owner: a permission lost
 * since the script was saved fails the run with a message naming it. The output is the run's result
 * (执行记录), a failure its error.
 */
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import {
  SAVED_SCRIPT,
  SCRIPT_JOB_PREFIX,
  SCRIPT_MSG,
  parseScriptParams,
  type InProcessRequest,
} from '../../shared/resources/saved-script.ts';
import { MSG } from '../../shared/api.ts';
import { careSavedScript } from '../db/schema/index.ts';
import { findUserByUsername } from '../repos/users.ts';
import { userPermissionCodes } from '../repos/permissions.ts';
import { issueToken, revokeToken } from '../repos/tokens.ts';
import type { JobContext, JobRegistry } from './registry.ts';

/** Longest output kept with a run (the last lines win). */
const MAX_OUTPUT = 60_000;
/** The in-process session of one run lives at most this long. */
const RUN_TOKEN_TTL_MS = 3_600_000;

/** `age=1h,status=待支付` (a job's parameter, or a run's values) as variables. */
export function scriptVars(params: string | null, given: string | null): Record<string, string> {
  const vars: Record<string, string> = {};
  for (const p of parseScriptParams(params)) if (p.value !== undefined) vars[p.name] = p.value;
  const declared = new Set(parseScriptParams(params).map((p) => p.name));
  for (const p of parseScriptParams(given)) {
    if (!declared.has(p.name)) throw new Error(SCRIPT_MSG.unknownParam(p.name));
    vars[p.name] = p.value ?? '';
  }
  for (const name of declared) if (vars[name] === undefined) throw new Error(SCRIPT_MSG.missingParam(name));
  return vars;
}

/** The tail of the output that fits in a run row. */
function kept(lines: string[]): string {
  const text = lines.join('\n');
  return text.length <= MAX_OUTPUT ? text : `…\n${text.slice(text.length - MAX_OUTPUT)}`;
}

async function runSavedScript(app: FastifyInstance, ctx: JobContext): Promise<string> {
  const id = ctx.className.slice(SCRIPT_JOB_PREFIX.length);
  const [script] = await ctx.db.select().from(careSavedScript).where(eq(careSavedScript.id, id));
  if (!script) throw new Error(SAVED_SCRIPT.notFound);
  const runner = app.scriptRunner;
  if (!runner) throw new Error(SCRIPT_MSG.noRunner);
  const owner = script.createBy ?? '';
  const user = await findUserByUsername(ctx.db, owner);
  if (!user || user.delFlag === 1 || user.status === 2) throw new Error(SCRIPT_MSG.ownerGone(owner));
  if (!(await userPermissionCodes(ctx.db, user.id)).has(SAVED_SCRIPT.perms.run))
    throw new Error(SCRIPT_MSG.failedAt(script.name, MSG.noAuth, owner));
  const vars = scriptVars(script.params, ctx.parameter);

  const tenant = (user.relTenantIds ?? '').split(',').find((s) => /^\d+$/.test(s)) ?? '0';
  const token = await issueToken(ctx.db, user.id, RUN_TOKEN_TTL_MS, {
    ip: '127.0.0.1',
    userAgent: `care saved script ${script.name} (${ctx.trigger})`,
  });
  const base = app.config.basePath;
  const call = async (req: InProcessRequest) => {
    const res = await app.inject({
      method: req.method,
      url: `${base}/${req.path.replace(/^\//, '')}`,
      ...(req.query ? { query: req.query } : {}),
      headers: { 'x-access-token': token, 'tenant-id': tenant },
      ...(req.body !== undefined ? { payload: req.body as object } : {}),
    });
    let body: unknown = res.body;
    try {
      body = res.json();
    } catch {
      /* not JSON: an export, a file */
    }
    return { status: res.statusCode, body };
  };
  try {
    const outcome = await runner({ script: script.script, vars, username: owner, call, signal: ctx.signal });
    if (!outcome.ok) {
      const error = new Error(
        [outcome.error ?? '运行失败', '', ...outcome.output.slice(-50)].join('\n').slice(0, 2000),
      );
      throw error;
    }
    return kept(outcome.output) || '（无输出）';
  } finally {
    await revokeToken(ctx.db, token);
  }
}

/** Register the family of saved-script jobs. */
export function registerScriptJobs(registry: JobRegistry, app: FastifyInstance): JobRegistry {
  return registry.registerFamily({ prefix: SCRIPT_JOB_PREFIX, run: (ctx) => runSavedScript(app, ctx) });
}
