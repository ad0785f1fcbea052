import { and, eq, inArray, ne } from 'drizzle-orm';
import { POSITION_MSG, POSITION_RANK_DICT, type PositionAddInput } from '../../shared/position.ts';
import type { Db } from '../db/client.ts';
import { sysPosition } from '../db/schema/index.ts';
import { dictDecorator, type EntityList } from '../lib/entity-list.ts';
import type { EntityFields } from '../lib/query-generator.ts';
import { BizError } from '../lib/result.ts';
import { formatDateTime } from '../lib/time.ts';
import { dictLookup } from './dicts.ts';

export type PositionRow = typeof sysPosition.$inferSelect;

/** Allow-list of SysPosition properties usable as filters and sort columns. */
export const POSITION_FIELDS: EntityFields = {
  id: { column: sysPosition.id, type: 'string' },
  code: { column: sysPosition.code, type: 'string' },
  name: { column: sysPosition.name, type: 'string' },
  postRank: { column: sysPosition.postRank, type: 'string' },
  companyId: { column: sysPosition.companyId, type: 'string' },
  sysOrgCode: { column: sysPosition.sysOrgCode, type: 'string' },
  createBy: { column: sysPosition.createBy, type: 'string' },
  createTime: { column: sysPosition.createTime, type: 'datetime' },
  updateBy: { column: sysPosition.updateBy, type: 'string' },
  updateTime: { column: sysPosition.updateTime, type: 'datetime' },
};

/** SysPosition JSON (jeecg-api.md §6.7). */
export function positionJson(p: PositionRow, tz: string) {
  return {
    id: p.id,
    code: p.code,
    name: p.name,
    postRank: p.postRank,
    companyId: p.companyId,
    sysOrgCode: p.sysOrgCode,
    createBy: p.createBy,
    createTime: formatDateTime(p.createTime, tz),
    updateBy: p.updateBy,
    updateTime: formatDateTime(p.updateTime, tz),
  };
}

/** The positions list (GET /sys/position/list, exportXls): newest first, `postRank_dictText`. */
export const POSITION_LIST: EntityList<typeof sysPosition, ReturnType<typeof positionJson>> = {
  table: sysPosition,
  fields: POSITION_FIELDS,
  defaultSort: { column: 'createTime', order: 'desc' },
  tieBreaker: sysPosition.id,
  decorator: dictDecorator(positionJson, { postRank: POSITION_RANK_DICT }),
};

export async function findPositionById(db: Db, id: string): Promise<PositionRow | undefined> {
  const [p] = await db.select().from(sysPosition).where(eq(sysPosition.id, id)).limit(1);
  return p;
}

export async function findPositionByCode(db: Db, code: string): Promise<PositionRow | undefined> {
  const [p] = await db.select().from(sysPosition).where(eq(sysPosition.code, code)).limit(1);
  return p;
}

/**
 * Refuse a form whose code another position already has, or whose rank is not in the dictionary.
 * (The unique index still guards against a concurrent insert of the same code.)
 */
export async function assertPositionWritable(db: Db, b: PositionAddInput, id?: string): Promise<void> {
  const [taken] = await db
    .select({ id: sysPosition.id })
    .from(sysPosition)
    .where(and(eq(sysPosition.code, b.code), id ? ne(sysPosition.id, id) : undefined))
    .limit(1);
  if (taken) throw new BizError(POSITION_MSG.codeTaken);
  const lookup = await dictLookup(db, [POSITION_RANK_DICT]);
  if (lookup(POSITION_RANK_DICT, b.postRank) === undefined) throw new BizError(POSITION_MSG.rankInvalid);
}

/** Delete positions by id; returns how many existed. */
export async function deletePositions(db: Db, ids: string[]): Promise<number> {
  const rows = await db
    .delete(sysPosition)
    .where(inArray(sysPosition.id, ids))
    .returning({ id: sysPosition.id });
  return rows.length;
}
