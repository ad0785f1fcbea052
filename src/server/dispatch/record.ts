import { and, desc, eq, or, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { sysUser, yyDispatchRecord, yyTechnician } from '../db/schema/index.ts';
import { newId } from '../lib/query/ids.ts';
import { BizError } from '../lib/http/result.ts';
import {
  DISPATCH_EXPLAIN_TEXT as T,
  DISPATCH_MSG,
  DISPATCH_STRATEGIES,
  type DispatchCandidate,
  type DispatchExplanation,
  type DispatchStrategy,
} from '../../shared/resources/dispatch.ts';
import { findCandidates } from './candidates.ts';

/** What one dispatch looked at and decided. */
export interface DispatchRecordInput {
  orderId?: string | null;
  cityCode?: string | null;
  projectIds: readonly string[];
  location: { x: number; y: number };
  start: Date;
  end: Date;
  strategy: DispatchStrategy;
  radiusKm: number;
  candidates: readonly DispatchCandidate[];
  chosenTechnicianId?: string | null;
  /** 1 自动派单, 2 手动派单, 3 预览 */
  mode: '1' | '2' | '3';
  reason?: string | null;
  /** username of who dispatched ('system' for the job) */
  by: string;
}

/** Keep a dispatch (in the caller's transaction); returns the record's id. */
export async function recordDispatch(tx: Db, r: DispatchRecordInput): Promise<string> {
  const id = newId();
  await tx.insert(yyDispatchRecord).values({
    id,
    orderId: r.orderId ?? null,
    cityCode: r.cityCode ?? null,
    projectIds: [...new Set(r.projectIds)].join(','),
    location: r.location,
    windowStart: r.start,
    windowEnd: r.end,
    strategy: r.strategy,
    radiusKm: r.radiusKm.toFixed(1),
    candidates: r.candidates,
    candidateCount: r.candidates.length,
    chosenTechnicianId: r.chosenTechnicianId ?? null,
    mode: r.mode,
    reason: r.reason ?? null,
    createBy: r.by,
  });
  return id;
}

const strategyText = (s: string) => DISPATCH_STRATEGIES.find((x) => x.value === s)?.text ?? s;

/**
 * Explain a dispatch: the record (by its id, else the latest of the order with that id), its
 * candidates as they were, the same search run again now (the order's own booking disregarded),
 * and a sentence saying why the chosen technician was chosen. `reach` narrows the records to the
 * caller's row scope.
 */
export async function dispatchExplain(
  db: Db,
  idOrOrderId: string,
  opts: { timeZone?: string; reach?: SQL; technicianReach?: SQL } = {},
): Promise<DispatchExplanation> {
  const [row] = await db
    .select()
    .from(yyDispatchRecord)
    .where(
      and(or(eq(yyDispatchRecord.id, idOrOrderId), eq(yyDispatchRecord.orderId, idOrOrderId)), opts.reach),
    )
    // the record named by its id, else the order's latest
    .orderBy(desc(eq(yyDispatchRecord.id, idOrOrderId)), desc(yyDispatchRecord.createTime))
    .limit(1);
  if (!row) throw new BizError(DISPATCH_MSG.recordNotFound);
  const candidates = row.candidates as DispatchCandidate[];
  const strategy = row.strategy as DispatchStrategy;
  const projectIds = row.projectIds.split(',').filter(Boolean);
  const replay = await findCandidates(db, {
    projectIds,
    location: row.location,
    start: row.windowStart,
    end: row.windowEnd,
    radiusKm: Number(row.radiusKm),
    strategy,
    limit: Math.max(candidates.length, 10),
    timeZone: opts.timeZone,
    ...(row.orderId ? { ignoreOrderId: row.orderId } : {}),
    ...(opts.technicianReach ? { reach: opts.technicianReach } : {}),
  });
  const summary = await explainSummary(db, row, candidates, strategy);
  return {
    record: {
      id: row.id,
      orderId: row.orderId,
      cityCode: row.cityCode,
      projectIds,
      location: row.location,
      windowStart: row.windowStart.toISOString(),
      windowEnd: row.windowEnd.toISOString(),
      strategy,
      radiusKm: row.radiusKm,
      mode: row.mode,
      reason: row.reason,
      chosenTechnicianId: row.chosenTechnicianId,
      createBy: row.createBy,
      createTime: row.createTime.toISOString(),
    },
    candidates,
    replay,
    summary,
  };
}

/** Who dispatched, for people: the account's name, 系统 for the job. */
async function whoText(db: Db, username: string | null): Promise<string> {
  if (!username || username === 'system') return '系统';
  const [u] = await db
    .select({ realname: sysUser.realname })
    .from(sysUser)
    .where(eq(sysUser.username, username))
    .limit(1);
  return u?.realname || username;
}

/**
 * What a dispatch did, in words: the search (strategy, radius, how many found) and then what
 * happened — the best candidate chosen (its rank and figures), a technician named by a person
 * (its rank among the candidates), a forced pick the search did not find, or nobody sent — with
 * the recorded reason.
 */
async function explainSummary(
  db: Db,
  row: typeof yyDispatchRecord.$inferSelect,
  candidates: DispatchCandidate[],
  strategy: DispatchStrategy,
): Promise<string> {
  const search = candidates.length
    ? T.found(strategyText(strategy), row.radiusKm, candidates.length)
    : T.none(row.radiusKm);
  const chosenId = row.chosenTechnicianId;
  const chosen = candidates.find((c) => c.id === chosenId);
  let reason = row.reason?.trim() || null;
  let text: string;
  if (!chosenId) {
    // a search that found nobody says so already; its stock reason adds nothing
    if (!candidates.length && reason === DISPATCH_MSG.noCandidate) reason = null;
    text = candidates.length ? `${search}，${T.notDispatched}` : search;
  } else if (chosen) {
    const ranked = `${search}，${T.ranked(chosen, candidates.indexOf(chosen) + 1)}`;
    // mode 2: a person named the technician (mode 1: the search's pick)
    text = row.mode === '2' ? `${T.named(await whoText(db, row.createBy), chosen.name)}：${ranked}` : ranked;
  } else {
    const [t] = await db
      .select({ name: yyTechnician.name })
      .from(yyTechnician)
      .where(eq(yyTechnician.id, chosenId))
      .limit(1);
    text = `${T.forced(await whoText(db, row.createBy), t?.name ?? chosenId)}：${search}`;
    // the forced pick's reason is recorded as 强制派单：…; the sentence says it was forced already
    reason = reason?.replace(/^强制派单[：:]\s*/, '') || null;
  }
  return reason ? `${text}；${T.reason(reason)}` : text;
}
