/**
 * `GET {path}/{key}Options` of each `ref` field (Resource.refOptions): the choices of a filter
 * on the field (search bar, super query) and the name of a value the form's picker no longer
 * offers. A filter must offer every value rows still hold: the answer is every referenced row the
 * picker would offer (the target's `pickable`, within the caller's reach of the target) plus every
 * referenced row that a row of this resource the caller reaches (its list's row scope) still points
 * at — a stopped partner, a stopped technician, a project taken off — marked `stopped`. New
 * choices stay the picker's: the server still refuses a reference to a row not `pickable`.
 */
import { and, asc, desc, eq, exists, or, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { callerFieldRights } from '../lib/access/field-rights.ts';
import { reachScope, rowReach, rowScope } from '../lib/access/row-scope.ts';
import { ok } from '../lib/http/result.ts';
import { routeOf } from '../lib/http/route.ts';
import { refTarget } from './field-types.ts';
import type { ServerResource } from './types.ts';

export function registerRefOptions(
  app: FastifyInstance,
  sr: ServerResource,
  columns: Record<string, PgColumn>,
): void {
  const { resource } = sr;
  for (const [key, contract] of Object.entries(resource.refOptions)) {
    const f = resource.decl.fields.find((x) => x.key === key)!;
    app.route({
      ...routeOf(contract),
      handler: async (req) => {
        const rights = await callerFieldRights(app, req, resource.perms.list, [key]);
        if (rights.hidden.has(key)) return ok([]);
        const t = refTarget(f);
        const offered = t.sr.pickable?.();
        const held = exists(
          app.db
            .select({ one: sql`1` })
            .from(sr.table)
            .where(and(eq(columns[key]!, t.id), sr.scope?.(), ...(await rowScope(req, sr)))),
        );
        // a row the picker offers: within the caller's reach of the target, as the pickers read it
        const pickable = and(offered, await rowReach(req, t.sr));
        const active = offered ? sql<boolean>`coalesce((${offered}), false)` : sql<boolean>`true`;
        const rows = await app.db
          .select({ id: t.id, label: t.label, active })
          .from(t.sr.table)
          .where(
            and(
              t.sr.scope?.(),
              reachScope(req, t.sr),
              // a resource referring to its own table: every row it reaches
              t.sr.table === sr.table ? undefined : or(pickable ?? sql`true`, held),
            ),
          )
          .orderBy(...(offered ? [desc(active), asc(t.label)] : [asc(t.label)]));
        return ok(
          rows.map((r) => ({
            id: String(r.id),
            [f.reference!.label]: r.label,
            ...(r.active ? {} : { stopped: true }),
          })),
        );
      },
    });
  }
}
