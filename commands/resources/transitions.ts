/**
 * The commands of a resource's declared state changes (src/shared/resources/transitions.ts):
 * `<name> <action> <ids…> [--reason …] [--dry-run]` per action, on the row menu (enabled when the
 * row is in one of the action's `from` states), the toolbar and the palette, and
 * `<name> history <id>`. Every row named is checked before the one all-or-nothing call.
 */
import { z } from 'zod';
import type { EndpointContract } from '../../src/shared/contracts.ts';
import type { Resource, ResourceField } from '../../src/shared/resources/define.ts';
import {
  TRANSITION_MSG,
  isIrreversible,
  transitionRefusal,
  type TransitionPreview,
} from '../../src/shared/resources/transitions.ts';
import { defineCommand } from '../core/define-command.ts';
import type { CommandContext, CommandDefinition } from '../core/types.ts';
import { targetIds } from '../grid/targets.ts';
import { MSG } from '../../src/shared/api.ts';
import { COMMAND_MSG, CommandError } from '../core/errors.ts';
import { rowsByRef } from './lookup.ts';
import { fieldValue } from './field-values.ts';

/**
 * Ask for what an action still needs: the answer, trimmed (nothing typed: undefined); a declined
 * question (取消, Esc) cancels the run (支付's 支付方式 declined went on and paid without one).
 */
async function ask(ctx: CommandContext, message: string): Promise<string | undefined> {
  const answer = await ctx.prompt(message);
  if (answer === null) throw new CommandError(COMMAND_MSG.cancelled, 'cancelled');
  return answer.trim() || undefined;
}

/** Help of an action's param: its title, and its choices when it has them. */
function paramHelp(f: ResourceField): string {
  const base = f.help ?? f.title;
  return f.options ? `${base}（${f.options.map((o) => `${o.value} ${o.text}`).join('，')}）` : base;
}

/** Call an action's endpoint by its method. */
async function call<T>(ctx: CommandContext, endpoint: EndpointContract, body: Record<string, unknown>) {
  if (endpoint.method === 'GET') return ctx.api.get<T>(endpoint.path, body);
  if (endpoint.method === 'POST') return ctx.api.post<T>(endpoint.path, body);
  return ctx.api.put<T>(endpoint.path, body);
}

/** The field naming a row for people (`name`, a banner's `title`). */
const labelField = (r: Resource) =>
  r.decl.states?.label ?? r.decl.commands?.ref?.field ?? r.decl.commands?.addPositional?.[0] ?? 'name';

/** The commands of every declared action of `r`, and its history command. */
export function transitionCommands(r: Resource): CommandDefinition[] {
  const states = r.states;
  if (!states) return [];
  const { decl } = r;
  const label = labelField(r);
  const keywords = decl.keywords ?? [];
  const out: CommandDefinition[] = [];
  states.actions.forEach(({ name, transition: t, endpoint }, i) => {
    if (t.command === false) return;
    const english = t.english ?? name;
    out.push(
      defineCommand({
        id: `${decl.name}.${name}`,
        title: `${t.title}${decl.title}`,
        category: decl.category,
        aliases: [`${english} ${decl.english}`, `${decl.english} ${english}`, ...(t.aliases ?? [])],
        keywords: [t.title, `${decl.title}状态`, ...keywords],
        permission: endpoint.permission as string,
        requires: [r.perms.list],
        menus: [
          { menu: `${decl.name}.row`, group: '5_status', order: i + 1, label: t.title },
          ...(t.toolbar === false
            ? []
            : [{ menu: `${decl.name}.toolbar`, group: '5_status', order: i + 1, label: `批量${t.title}` }]),
        ],
        // on a row, only the actions its state allows
        when: (k) => !k.row || t.from.includes(String(k.row[states.field])),
        args: z.object({
          ids: z.string().optional().describe(`${decl.title}id或名称，逗号分隔；默认管道输入或表格选中行`),
          // the action's declared params: checked by the server with the same field rules
          ...Object.fromEntries(
            (t.params ?? []).map((f) => {
              // a required one not given is asked for when the command runs
              return [
                f.key,
                z
                  .string()
                  .optional()
                  .describe(`${paramHelp(f)}${f.required ? '（必填）' : ''}`),
              ];
            }),
          ),
          // a reference also answers to its name without `Id` (`--technician 王芳`)
          ...Object.fromEntries(
            (t.params ?? [])
              .filter((f) => f.type === 'ref' && /.Id$/.test(f.key))
              .map((f) => [f.key.slice(0, -2), z.string().optional().describe(`同 --${f.key}`)]),
          ),
          ...(t.explain
            ? {
                explain: z
                  .boolean()
                  .optional()
                  .describe(`不${t.title}，列出该${decl.title}的${t.title}记录与原因`),
              }
            : {}),
          reason: z
            .string()
            .optional()
            .describe(t.reason === 'required' ? '原因（必填）' : '原因'),
          dryRun: z.boolean().optional().describe(`只列出将要${t.title}的${decl.title}，不执行`),
        }),
        positional: ['ids'],
        async run(ctx, { ids, reason, dryRun, explain, ...rest }) {
          const refs = targetIds(ctx, ids);
          if (refs.length === 0) throw new Error(MSG.nothingSelected);
          const named = await rowsByRef(ctx, r, refs, label);
          if (explain && t.explain) return ctx.run(t.explain, { id: String(named[0]!.id) });
          const typed = rest as Record<string, unknown>;
          for (const f of t.params ?? [])
            if (f.type === 'ref' && /.Id$/.test(f.key) && typed[f.key.slice(0, -2)] !== undefined) {
              typed[f.key] ??= typed[f.key.slice(0, -2)];
              delete typed[f.key.slice(0, -2)];
            }
          // rows already there are left as they are when the action allows it
          const rows = named.filter((row) => !(t.already === 'skip' && String(row[states.field]) === t.to));
          const nameOf = (row: Record<string, unknown>) => String(row[label] ?? row.id);
          // the states first: a missing reason is asked for only when the rows may change
          const asked = t.reason === 'required' && !reason?.trim() ? '-' : reason;
          for (const row of rows) {
            const from = String(row[states.field]);
            // an action staying in its state (a 改派) is refused only where its `from` says so
            const refused = transitionRefusal(decl.title, states.text, t, row, from, asked);
            if (refused) throw new Error(`${nameOf(row)}：${refused}`);
          }
          const unit = `个${decl.title}`;
          const table = {
            columns: [
              { key: 'target', title: '对象' },
              { key: 'change', title: '变更' },
            ],
            rows: rows.map((row) => ({
              target: String(row[label] ?? row.id),
              change: `${states.text(String(row[states.field]))} → ${states.text(t.to)}`,
            })),
          };
          if (dryRun && !t.preview)
            return { message: `演练：将${t.title} ${rows.length} ${unit}（未执行）`, table };
          const action = `${t.title}${decl.title}`;
          // what the action needs and was not given is asked for (a row button, the palette)
          let why = reason?.trim() || undefined;
          if (t.reason === 'required' && !why) why = await ask(ctx, `${action}：请填写原因`);
          if (t.reason === 'required' && !why)
            throw new Error(`${nameOf(rows[0] ?? {})}：${TRANSITION_MSG.reasonRequired}`);
          const given = { ...(rest as Record<string, unknown>) };
          for (const f of t.params ?? [])
            if (f.required && (given[f.key] === undefined || given[f.key] === ''))
              given[f.key] = await ask(ctx, `${action}：${paramHelp(f)}`);
          const params: Record<string, unknown> = {};
          for (const f of t.params ?? [])
            if (given[f.key] !== undefined) params[f.key] = await fieldValue(ctx, f, String(given[f.key]));
          const body = {
            ids: rows.map((row) => row.id).join(','),
            ...(why ? { reason: why } : {}),
            ...params,
            ...(dryRun ? { dryRun: true } : {}),
          };
          /** the server half's dry run: what would happen beyond the state, per row */
          const previewsOf = async () => {
            const planned = await call<Array<{ preview?: TransitionPreview }>>(ctx, endpoint, {
              ...body,
              dryRun: true,
            });
            return (planned ?? []).flatMap((p) => (p.preview ? [p.preview] : []));
          };
          // more than one row, or an action that cannot be undone, is confirmed with the count;
          // one confirmed with its preview says what else will change (a 停用's technicians, orders)
          const irreversible = isIrreversible(decl.states!, t);
          const withPreview = t.confirm === 'preview' && !!t.preview;
          if (
            !dryRun &&
            !ctx.confirmed &&
            rows.length > 0 &&
            (rows.length > 1 || (t.confirm ?? irreversible))
          ) {
            const said = withPreview ? (await previewsOf()).map((p) => p.message).filter(Boolean) : [];
            const message = [
              TRANSITION_MSG.confirm(t.title, rows.length, decl.title, irreversible),
              ...said,
            ].join('\n');
            if (!(await ctx.confirm(message))) return { message: COMMAND_MSG.cancelled };
          }
          if (dryRun) {
            // the server half says what would happen (a 派单's candidates): each row's table
            const previews = await previewsOf();
            const last = previews.at(-1);
            return {
              message:
                previews
                  .map((p) => p.message)
                  .filter(Boolean)
                  .join('\n') || `演练：将${t.title} ${rows.length} ${unit}（未执行）`,
              table: last ? { columns: [...last.columns], rows: [...last.rows] } : table,
            };
          }
          await call(ctx, endpoint, body);
          return {
            message: `已${t.title} ${rows.length} ${unit}`,
            table,
            invalidate: [[...r.queryKey]],
          };
        },
      }) as CommandDefinition,
    );
  });
  out.push(
    defineCommand({
      id: `${decl.name}.history`,
      title: `${decl.title}状态记录`,
      category: decl.category,
      aliases: [`${decl.english} history`],
      keywords: ['记录', '状态记录', '历史', ...keywords],
      permission: states.history.permission as string,
      menus: [{ menu: `${decl.name}.row`, group: '9_history', order: 1, label: '状态记录' }],
      args: z.object({
        id: z.string().optional().describe(`${decl.title}id或名称；默认表格选中行`),
      }),
      positional: ['id'],
      async run(ctx, { id }) {
        const [ref] = targetIds(ctx, id);
        if (!ref) throw new Error(MSG.nothingSelected);
        const [row] = await rowsByRef(ctx, r, [ref], label);
        const entries = await ctx.api.get<Array<Record<string, unknown>>>(states.history.path, {
          id: row!.id,
        });
        return {
          table: {
            columns: [
              { key: 'changedAt', title: '时间' },
              { key: 'actionText', title: '操作' },
              { key: 'change', title: '变更' },
              { key: 'reason', title: '原因' },
              { key: 'changedBy', title: '操作人' },
            ],
            rows: entries.map((e) => ({ ...e, change: `${String(e.fromText)} → ${String(e.toText)}` })),
          },
          records: entries,
        };
      },
    }) as CommandDefinition,
  );
  return out;
}

/** The endpoints each transition command calls under its own permission (the list it reads is `requires`). */
export function transitionCommandEndpoints(r: Resource): Record<string, EndpointContract[]> {
  const states = r.states;
  if (!states) return {};
  return Object.fromEntries<EndpointContract[]>([
    ...states.actions
      .filter((a) => a.transition.command !== false)
      .map((a): [string, EndpointContract[]] => [`${r.decl.name}.${a.name}`, [a.endpoint]]),
    [`${r.decl.name}.history`, [r.endpoints.list, states.history]] as [string, EndpointContract[]],
  ]);
}
