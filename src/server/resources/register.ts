/**
 * The generated endpoint family of a resource (jeecg-api.md §6 generated controllers): list,
 * queryById, add, edit (partial), delete, deleteBatch (all or nothing), exportXls (streamed) and
 * importExcel (per file all or nothing), those of its declared operations, each behind its
 * permission, its input parsed by the declaration's zod schemas. Field names and columns come only
 * from the declaration and its table; the server half may add list conditions (`listWhere`) and
 * replace a generated handler by name (`override`).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { and, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client.ts';
import { sysIdempotencyKey } from '../db/schema/index.ts';
import { ROW_VERSION, TRANSITION_MSG } from '../../shared/resources/transitions.ts';
import { DryRun, registerTransitions, stateHistory } from './transitions.ts';
import { getTableColumns } from 'drizzle-orm';
import { MSG } from '../../shared/api.ts';
import { RESOURCE_MSG } from '../../shared/resources/define.ts';
import { sendEntityExport } from '../lib/excel/entity-export.ts';
import { listEntities } from '../lib/query/entity-list.ts';
import { newId } from '../lib/query/ids.ts';
import { BizError, bare, ok, okMessage } from '../lib/http/result.ts';
import { dryRunOf, oneParam, parseWith, requiredIds } from '../lib/http/validate.ts';
import { requestCaseId } from '../lib/realtime/vxe-hub.ts';
import { registerImport } from '../lib/excel/xlsx-import-route.ts';
import type { UniqueRule } from '../lib/excel/xlsx-import.ts';
import { caller } from '../plugins/auth.ts';
import { dictLookup } from '../repos/dicts.ts';
import { assertUnreferenced, fieldChecks, registerReferenceTarget, toColumns } from './field-types.ts';
import { routeOf } from '../lib/http/route.ts';
import { childrenOf } from './children.ts';
import { registerStats } from './stats.ts';
import { registerRefOptions } from './ref-options.ts';
import { registerReversal } from './reversal.ts';
import { rowReach as reachOf, rowScope } from '../lib/access/row-scope.ts';
import { resourceTarget } from '../lib/access/data-rules.ts';
import { requestAccess, stampColumn, TENANT_MSG } from '../lib/access/tenant-scope.ts';
import {
  assertWritableFields,
  callerFieldRights,
  hiddenByCode,
  stripHidden,
} from '../lib/access/field-rights.ts';

import {
  generate,
  resourceColumns,
  type OverridableEndpoint,
  type ResourceHandler,
  type ServerResource,
} from './generate.ts';

export {
  generate,
  resourceColumns,
  type GeneratedResource,
  type OverridableEndpoint,
  type ResourceHandler,
  type ServerResource,
  type WriteContext,
} from './generate.ts';

type Row = Record<string, unknown> & { id: string };
type Query = Record<string, string | string[] | undefined>;

/** Register a resource's generated endpoints (and its extra routes) on the API scope. */
export async function registerResource(app: FastifyInstance, sr: ServerResource): Promise<void> {
  registerReferenceTarget(sr);
  const { resource } = sr;
  const { decl, endpoints: ep } = resource;
  // a view is read only: nothing of the server half may write through it
  if (decl.view && (sr.hooks || sr.children?.length || sr.transitions || sr.override))
    throw new Error(
      `resource ${decl.name}: a resource on a view has no write hooks, sub tables, transitions or overrides`,
    );
  const db = app.db;
  const tz = app.config.timezone;
  const gen = generate(sr);
  const columns = resourceColumns(sr);
  const uniques = decl.fields.filter((f) => f.unique);
  const dictFields = decl.fields.filter((f) => f.type === 'dict' && !f.system);
  const checks = fieldChecks(decl.fields);
  const fixedFields = decl.fields.filter((f) => f.fixedOnEdit && !f.system);
  /** an edit may send a fixed field back as it is (the original client sends the whole row), not change it */
  const assertFixed = (data: Record<string, unknown>, original: Row) => {
    for (const f of fixedFields)
      if (f.key in data && String(data[f.key] ?? '') !== String(original[f.key] ?? ''))
        throw new BizError(typeof f.fixedOnEdit === 'string' ? f.fixedOnEdit : RESOURCE_MSG.fixed(f.title));
  };
  const has = (key: string) => key in (getTableColumns(sr.table) as object);
  // a NOT NULL column with a default (a switch, a status) takes its default when an add leaves it empty
  const defaulted = Object.entries(
    getTableColumns(sr.table) as Record<string, { notNull: boolean; hasDefault: boolean }>,
  )
    .filter(([, c]) => c.notNull && c.hasDefault)
    .map(([key]) => key);
  const insertable = (values: Record<string, unknown>) => {
    const out = { ...values };
    for (const key of defaulted) if (out[key] === null || out[key] === '') delete out[key];
    return out;
  };
  /** an edit clearing such a field sets it back to its default, as an add leaving it empty does */
  const updatable = (values: Record<string, unknown>) => {
    const out = { ...values };
    for (const key of defaulted) if (out[key] === null || out[key] === '') out[key] = sql`default`;
    return out;
  };
  const message = { ...RESOURCE_MSG, ...decl.messages };
  const children = childrenOf(sr, tz);
  /**
   * a write, its sub tables' and its hooks' in one transaction: `beforeSave`, the checks and
   * `afterSave` read and write through it, so a failure anywhere rolls everything back
   */
  const atomically = <T>(write: (tx: typeof db) => Promise<T>) =>
    db.transaction((tx) => write(tx as unknown as typeof db));
  /**
   * a dry run's save: the same transaction, checks and hooks, rolled back at its end (nothing is
   * committed, published or run after the commit); true when it got there
   */
  const rehearsed = async (write: (tx: typeof db) => Promise<unknown>) => {
    try {
      await atomically(async (tx) => {
        await write(tx);
        throw new DryRun();
      });
    } catch (e) {
      if (e instanceof DryRun) return true;
      throw e;
    }
    return false;
  };

  /**
   * Refuse values another row holds, dictionary values the dictionary lacks, unknown areas (names
   * become codes), references to rows not offered and pictures never uploaded.
   */
  const assertWritable = async (db: Db, data: Record<string, unknown>, original?: Row) => {
    const id = original?.id;
    await checks(db, data, original);
    for (const f of uniques) {
      const v = data[f.key];
      if (v === undefined || v === null) continue;
      const [taken] = await db
        .select({ id: columns.id! })
        .from(sr.table)
        .where(and(eq(columns[f.key]!, v), id ? ne(columns.id!, id) : undefined))
        .limit(1);
      if (taken) throw new BizError(f.unique!);
    }
    const sent = dictFields.filter((f) => data[f.key] !== undefined && data[f.key] !== null);
    if (!sent.length) return;
    const lookup = await dictLookup(db, [...new Set(sent.map((f) => f.dict!))]);
    for (const f of sent)
      if (lookup(f.dict!, data[f.key]) === undefined)
        throw new BizError(f.invalidMessage ?? RESOURCE_MSG.invalid(f.title));
  };

  // the menu whose data rules narrow this resource's list, if any
  const ruleTarget = resourceTarget(sr);
  // rows of tenant-owned resources reach only the grids of their tenant (a tenant column of the
  // row's own; a kind owned through a parent or owned by a person is not pushed), a partner-owned
  // kind's only its partner's staff and the staff of no partner
  const rowTenantColumn = sr.tenant && 'column' in sr.tenant ? sr.tenant.column : undefined;
  const pushable = !!decl.socketKey && !sr.owner && (!sr.tenant || !!rowTenantColumn);
  const publishSaved = async (req: FastifyRequest, id: string) =>
    pushable && decl.socketKey
      ? app.realtime.publishSaved(
          decl.socketKey,
          resource.perms.list,
          requestCaseId(req.headers),
          async () => {
            const row = await gen.findById(db, id);
            return row ? (await gen.list.decorator(db, tz))([row]) : [];
          },
          // without the fields a receiver lacks the rights of, and as a reload to receivers whose
          // data rules narrow the list
          {
            hiddenBy: await hiddenByCode(app, resource.perms.list, fieldKeys),
            ...(ruleTarget ? { ruleMenu: ruleTarget.component } : {}),
            ...(rowTenantColumn
              ? {
                  tenantsOf: (row: object) => {
                    const t = (row as Record<string, unknown>)[rowTenantColumn];
                    return t === null || t === undefined ? [] : [Number(t)];
                  },
                }
              : {}),
            ...(sr.partner
              ? {
                  partnerOf: (row: object) =>
                    ((row as Record<string, unknown>)[sr.partner!.column] as string | null | undefined) ??
                    null,
                }
              : {}),
          },
        )
      : undefined;

  /**
   * the rows this request may read by id, edit or delete: its tenant's, narrowed by its data rules
   * as its list is (a row the list hides cannot be fetched, changed or deleted by id either)
   */
  const rowReach = (req: FastifyRequest) => reachOf(req, sr);
  const fieldKeys = decl.fields.map((f) => f.key);
  const titleOf = (key: string) => decl.fields.find((f) => f.key === key)?.title ?? key;
  const rightsOf = (req: FastifyRequest) => callerFieldRights(app, req, resource.perms.list, fieldKeys);
  const tenantColumn = stampColumn(sr.tenant);
  /** the `Idempotency-Key` header of an add (at most 128 characters), if any */
  const idempotencyKeyOf = (req: FastifyRequest): string | undefined => {
    const v = req.headers['idempotency-key'];
    const key = (Array.isArray(v) ? v[0] : v)?.trim();
    if (key && key.length > 128) throw new BizError(TRANSITION_MSG.badIdempotencyKey);
    return key || undefined;
  };
  /**
   * optimistic concurrency: queryById answers the row's version (`rowVersion`: its updateTime in
   * milliseconds, 0 when never updated); an edit that sends it back is made only if the row is
   * still at that version, else refused (TRANSITION_MSG.stale). An edit without it (the original
   * JeecgBoot client) overwrites, as before.
   */
  const updateTime = (getTableColumns(sr.table) as Record<string, PgColumn>).updateTime;
  const versionOf = (row: Row) => String((row.updateTime as Date | null)?.getTime() ?? 0);
  const rowVersionOf = (body: unknown): string | undefined => {
    if (!updateTime || !body || typeof body !== 'object') return undefined;
    const v = (body as Record<string, unknown>)[ROW_VERSION];
    return typeof v === 'string' || typeof v === 'number' ? String(v) : undefined;
  };
  const unchangedSince = (version: string) =>
    version === '0' || !/^\d+$/.test(version)
      ? version === '0'
        ? isNull(updateTime!)
        : sql`false`
      : eq(sql`floor(extract(epoch from ${updateTime!}) * 1000)`, Number(version));
  /** the tenant a new row of this request belongs to (none when the resource is not tenant-owned) */
  const stamp = (req: FastifyRequest): Record<string, unknown> => {
    if (!tenantColumn) return {};
    const write = requestAccess(req).write;
    if (write === null) throw new BizError(TENANT_MSG.noTenant);
    return { [tenantColumn]: write };
  };
  /** the list decorator, then the fields the caller may not see stripped */
  const listFor = async (req: FastifyRequest) => {
    const rights = await rightsOf(req);
    if (!rights.hidden.size) return gen.list;
    const list: typeof gen.list = {
      ...gen.list,
      decorator: async (d, z) => {
        const decorate = await gen.list.decorator(d, z);
        return async (rows) => stripHidden(rights, await decorate(rows));
      },
    };
    return list;
  };

  /** Delete rows by id in one statement (all or nothing); returns how many existed. */
  const remove = async (req: FastifyRequest, ids: string[]) => {
    const scope = await rowReach(req);
    if (scope) {
      // rows out of reach are not there for this caller: as missing ids
      const found = await db
        .select({ id: columns.id! })
        .from(sr.table)
        .where(and(inArray(columns.id!, ids), sr.scope?.(), scope));
      const reachable = new Set(found.map((r) => String(r.id)));
      ids = ids.filter((id) => reachable.has(id));
      if (!ids.length) return 0;
    }
    await sr.hooks?.beforeDelete?.({ db, ids, user: caller(req).user });
    await assertUnreferenced(db, sr, ids);
    const rows = await db
      .delete(sr.table)
      .where(and(inArray(columns.id!, ids), sr.scope?.(), scope))
      .returning({ id: columns.id! });
    return rows.length;
  };

  /**
   * the list and export condition: the caller's row scope (data rules) and the server half's own
   * conditions when there are any, else the list's standard one
   */
  const whereOf = async (req: FastifyRequest<{ Querystring: Query }>) => {
    const rows = await rowScope(req, sr);
    return rows.length || sr.listWhere || decl.fields.some((f) => f.type === 'area')
      ? { where: gen.where(req.query, tz, rows) }
      : {};
  };

  const handlers: { [K in OverridableEndpoint]: ResourceHandler } = {
    list: async (req) => bare(await listEntities(db, await listFor(req), req.query, tz, await whereOf(req))),

    queryById: async (req) => {
      const id = oneParam(req.query, 'id');
      const row = id ? await gen.findById(db, id, await rowReach(req)) : undefined;
      if (!row) throw new BizError(resource.notFound);
      const [json] = await (await (await listFor(req)).decorator(db, tz))([row]);
      const versioned = updateTime ? { ...json, [ROW_VERSION]: versionOf(row) } : json;
      return ok(children.any ? { ...versioned, ...(await children.read(db, row.id, tz)) } : versioned);
    },

    add: async (req) => {
      const me = caller(req).user;
      const { dryRun, body } = dryRunOf(req.body);
      const data = parseWith(resource.addSchema, body) as Record<string, unknown>;
      const rows = children.take(data);
      assertWritableFields(await rightsOf(req), data, undefined, titleOf);
      const owner = stamp(req);
      const id = newId();
      const key = dryRun ? undefined : idempotencyKeyOf(req);
      const write = async (tx: typeof db) => {
        // a retry of an add already made (same key) posts nothing; the key's row waits for a
        // concurrent first request to commit or roll back
        if (key) {
          const [fresh] = await tx
            .insert(sysIdempotencyKey)
            .values({ resource: decl.name, key, rowId: id })
            .onConflictDoNothing()
            .returning({ key: sysIdempotencyKey.key });
          if (!fresh) return null;
        }
        const ctx = { op: 'add' as const, db: tx, tx, user: me, data, id, children: rows, tz };
        await sr.hooks?.beforeSave?.(ctx);
        await assertWritable(tx, data);
        await children.check(tx, rows);
        await tx.insert(sr.table).values({
          ...insertable(toColumns(decl.fields, data, tz)),
          ...owner,
          id,
          ...(has('sysOrgCode') ? { sysOrgCode: me.orgCode } : {}),
          ...(has('createBy') ? { createBy: me.username } : {}),
        });
        await children.write(tx, id, rows, me.username);
        await sr.hooks?.afterSave?.(ctx);
        return ctx;
      };
      if (dryRun && (await rehearsed(write))) return okMessage(RESOURCE_MSG.dryRun);
      const saved = await atomically(write);
      if (!saved) return okMessage(message.added);
      await sr.hooks?.afterCommit?.({ ...saved, db, tx: db });
      await publishSaved(req, id);
      return okMessage(message.added);
    },

    edit: async (req) => {
      const me = caller(req).user;
      const version = rowVersionOf(req.body);
      const { dryRun, body } = dryRunOf(req.body);
      const parsed = parseWith(resource.editSchema, body) as Record<string, unknown> & { id: string };
      const { id, ...sent } = parsed;
      const data = Object.fromEntries(Object.entries(sent).filter(([, v]) => v !== undefined));
      const rows = children.take(data);
      const scope = await rowReach(req);
      const rights = await rightsOf(req);
      const write = async (tx: typeof db) => {
        const original = await gen.findById(tx, id, scope);
        if (!original) throw new BizError(resource.notFound);
        assertFixed(data, original);
        assertWritableFields(rights, data, original, titleOf);
        const ctx = { op: 'edit' as const, db: tx, tx, user: me, data, original, id, children: rows, tz };
        await sr.hooks?.beforeSave?.(ctx);
        await assertWritable(tx, data, original);
        await children.check(tx, rows);
        const changed = await tx
          .update(sr.table)
          .set({
            ...updatable(toColumns(decl.fields, data, tz)),
            ...(has('updateBy') ? { updateBy: me.username } : {}),
            ...(has('updateTime') ? { updateTime: new Date() } : {}),
          })
          .where(and(eq(columns.id!, id), scope, version === undefined ? undefined : unchangedSince(version)))
          .returning({ id: columns.id! });
        // the row changed since the caller read it: nothing is overwritten
        if (!changed.length) throw new BizError(TRANSITION_MSG.stale);
        await children.write(tx, id, rows, me.username);
        await sr.hooks?.afterSave?.(ctx);
        return ctx;
      };
      if (dryRun && (await rehearsed(write))) return okMessage(RESOURCE_MSG.dryRun);
      const saved = await atomically(write);
      await sr.hooks?.afterCommit?.({ ...saved, db, tx: db });
      await publishSaved(req, id);
      return okMessage(message.edited);
    },

    delete: async (req) => {
      const id = oneParam(req.query, 'id');
      if (!id) throw new BizError(MSG.nothingSelected);
      if ((await remove(req, [id])) === 0) throw new BizError(resource.notFound);
      return okMessage(message.deleted);
    },

    deleteBatch: async (req) => {
      await remove(req, requiredIds(req.query.ids));
      return okMessage(message.deleted);
    },

    exportXls: async (req, reply) => {
      // the fields the caller may not see are neither columns nor values of the sheet
      const rights = await rightsOf(req);
      const sheet = rights.hidden.size
        ? {
            ...gen.sheet,
            columns: gen.sheet.columns.filter((c) => !rights.hidden.has(c.key.replace(/_dictText$/, ''))),
          }
        : gen.sheet;
      return sendEntityExport(req, reply, db, await listFor(req), sheet, { tz, ...(await whereOf(req)) });
    },
  };

  // the endpoints of the declared operations, each behind its contract's permission
  for (const name of Object.keys(handlers) as OverridableEndpoint[]) {
    const contract = ep[name];
    if (!contract) continue;
    const generated = handlers[name];
    app.route<{ Querystring: Query }>({
      ...routeOf(contract),
      handler: sr.override?.[name]?.(generated, gen) ?? generated,
    });
  }

  if (ep.importExcel) {
    const importUniques: UniqueRule[] = uniques.map((f) => ({
      key: f.key,
      title: f.title,
      takenMessage: f.unique!,
      async taken(tx, values) {
        const rows = await tx
          .select({ v: columns[f.key]! })
          .from(sr.table)
          .where(inArray(columns[f.key]!, values));
        return new Set(rows.map((r) => String(r.v)));
      },
    }));
    await registerImport<Record<string, unknown>>(app, {
      endpoint: ep.importExcel,
      logName: decl.importLogName ?? `${decl.name}ImportExcelErrorLog`,
      plan: ({ user, req }) => {
        // read before the import's transaction (PGlite has one connection: a read inside would wait)
        const earlyRights = rightsOf(req);
        earlyRights.catch(() => undefined);
        return {
          columns: resource.surfaces.import.map((f) => ({
            key: f.key,
            title: f.title,
            ...(f.dict ? { dict: f.dict } : {}),
            ...(f.required ? { required: true } : {}),
            ...(typeof f.import === 'object' && f.import.aliases ? { aliases: f.import.aliases } : {}),
          })),
          schema: (sr.hooks?.importRow
            ? resource.addSchema.superRefine((data, ctx) => {
                const refused = sr.hooks!.importRow!(app, data);
                if (refused) ctx.addIssue({ code: 'custom', message: refused });
              })
            : resource.addSchema) as never,
          unique: importUniques,
          // a row naming an unknown reference (or area, or picture) is that row's error
          async check(d, row) {
            try {
              await checks(d, { ...row });
              return undefined;
            } catch (e) {
              if (e instanceof BizError) return e.message;
              throw e;
            }
          },
          async insert(tx, rows) {
            const rights = await earlyRights;
            const owner = stamp(req);
            for (const data of rows) {
              assertWritableFields(rights, data, undefined, titleOf);
              // a sheet's names become ids first, so the hooks see the row as the form sends it
              await checks(tx, data);
              await sr.hooks?.beforeSave?.({ op: 'add', db: tx, tx, user, data });
              await checks(tx, data);
            }
            const ids = rows.map(() => newId());
            await tx.insert(sr.table).values(
              rows.map((data, i) => ({
                ...insertable(toColumns(decl.fields, data, tz)),
                ...owner,
                id: ids[i]!,
                ...(has('sysOrgCode') ? { sysOrgCode: user.orgCode } : {}),
                ...(has('createBy') ? { createBy: user.username } : {}),
              })),
            );
            // each imported row's afterSave, in the import's transaction (all or nothing per file)
            for (const [i, data] of rows.entries())
              await sr.hooks?.afterSave?.({ op: 'add', db: tx, tx, user, data, id: ids[i]! });
          },
        };
      },
    });
  }

  const access = {
    gen,
    reach: rowReach,
    find: async (req: FastifyRequest, id: string) => gen.findById(db, id, await rowReach(req)),
    publish: async (req: FastifyRequest, id: string) => publishSaved(req, id),
    history: (req: FastifyRequest, id: string | undefined) => stateHistory(sr, req, id),
  };
  registerTransitions(app, sr, { reach: rowReach, publish: access.publish, findById: gen.findById });
  registerReversal(app, sr, access.publish);
  for (const e of sr.endpoints ?? [])
    app.route<{ Querystring: Query }>({ ...routeOf(e.contract), handler: (req) => e.handler(req, access) });

  registerStats(app, sr, gen, columns);
  registerRefOptions(app, sr, columns);

  await sr.routes?.(app, gen);
}
