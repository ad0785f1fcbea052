/**
 * The sub tables of a resource (declaration `children`, JeecgBoot's one-to-many): the rows sent
 * with an add or edit are checked like the sub resource's own writes (the message naming the row),
 * then replace the stored ones in the transaction that writes the parent; queryById answers them.
 */
import { eq } from 'drizzle-orm';
import { getTableColumns } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { ResourceChild } from '../../shared/resources/define.ts';
import type { Db } from '../db/client.ts';
import { newId } from '../lib/query/ids.ts';
import { BizError } from '../lib/http/result.ts';
import { fieldChecks, toColumns } from './field-types.ts';
import { generate } from './generate.ts';
import type { ServerResource } from './types.ts';

/** The server half of a sub table: the sub resource's and the column naming the parent row. */
export interface ServerChild {
  /** the declaration's child `key` (`addressList`) */
  key: string;
  server: ServerResource;
  /** the sub table's property holding the parent's id (`userId`) */
  parentKey: string;
  /** a property numbered 1, 2, … in the order sent (`sortNo`); the rows are read in it */
  sortKey?: string;
}

type Rows = Array<Record<string, unknown>>;

/** What add, edit and queryById do with a resource's sub tables. */
export interface Children {
  /** whether the resource has any */
  any: boolean;
  /** the sent rows of each sub table, taken out of the parent's values (undefined: not sent) */
  take(data: Record<string, unknown>): Map<string, Rows | undefined>;
  /** refuse rows that fail the sub resource's data checks (unknown areas …), naming the row */
  check(db: Db, taken: Map<string, Rows | undefined>): Promise<void>;
  /** replace the stored rows of the sub tables sent (inside the parent's transaction) */
  write(tx: Db, parentId: string, taken: Map<string, Rows | undefined>, by: string): Promise<void>;
  /** every sub table's rows of a parent, as its list answers them */
  read(db: Db, parentId: string, tz: string): Promise<Record<string, Rows>>;
}

export function childrenOf(sr: ServerResource, tz: string): Children {
  const declared = sr.resource.decl.children ?? [];
  const served = new Map((sr.children ?? []).map((c) => [c.key, c]));
  const parts = declared.map((decl) => {
    const child = served.get(decl.key);
    if (!child) throw new Error(`resource ${sr.resource.decl.name}: child ${decl.key} has no server half`);
    const columns = getTableColumns(child.server.table) as Record<string, PgColumn>;
    const parent = columns[child.parentKey];
    if (!parent) throw new Error(`child ${decl.key}: no column ${child.parentKey}`);
    const sort = child.sortKey ? columns[child.sortKey] : undefined;
    return {
      decl,
      child,
      parent,
      sort,
      checks: fieldChecks(decl.resource.decl.fields),
      gen: generate(child.server),
    };
  });
  return {
    any: parts.length > 0,
    take(data) {
      const out = new Map<string, Rows | undefined>();
      for (const { decl } of parts) {
        out.set(decl.key, data[decl.key] as Rows | undefined);
        delete data[decl.key];
      }
      return out;
    },
    async check(db, taken) {
      for (const { decl, checks } of parts)
        for (const [i, row] of (taken.get(decl.key) ?? []).entries()) {
          try {
            await checks(db, row);
          } catch (e) {
            if (e instanceof BizError) throw new BizError(decl.messages.row(i + 1, e.message));
            throw e;
          }
        }
    },
    async write(tx, parentId, taken, by) {
      for (const { decl, child, parent } of parts) {
        const rows = taken.get(decl.key);
        if (!rows) continue;
        const table = child.server.table;
        await tx.delete(table).where(eq(parent, parentId));
        if (!rows.length) continue;
        await tx.insert(table).values(
          rows.map((row, i) => ({
            ...toColumns(decl.resource.decl.fields, row, tz),
            id: newId(),
            [child.parentKey]: parentId,
            ...(child.sortKey ? { [child.sortKey]: i + 1 } : {}),
            ...('createBy' in getTableColumns(table) ? { createBy: by } : {}),
          })),
        );
      }
    },
    async read(db, parentId, tz) {
      const out: Record<string, Rows> = {};
      for (const { decl, child, parent, sort, gen } of parts) {
        const rows = await db
          .select()
          .from(child.server.table)
          .where(eq(parent, parentId))
          .orderBy(...(sort ? [sort] : []));
        out[decl.key] = await (await gen.list.decorator(db, tz))(rows as never);
      }
      return out;
    },
  };
}

export type { ResourceChild };
