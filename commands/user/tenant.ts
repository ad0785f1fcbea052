import { z } from 'zod';
import { defineCommand } from '../core/define-command.ts';
import { PERM } from '../../src/shared/permissions.ts';
import { ENDPOINTS } from '../../src/shared/endpoints.ts';
import { invoke } from '../../src/shared/contracts.ts';
import { TENANT_QUERY_LIST } from '../../src/shared/resources/tenant.ts';
import { eachRow, type RowChange } from '../grid/each-row.ts';
import { USERS_KEY, requireSome, targetUserIds } from './targets.ts';

interface Tenant {
  id: number;
  name: string;
}

/** The tenants named by id or name (among those the caller may choose). */
async function findTenants(api: Parameters<typeof invoke>[0], names: string[]): Promise<Tenant[]> {
  const tenants = await invoke<Tenant[]>(api, TENANT_QUERY_LIST);
  return names.map((name) => {
    const t = tenants.find((x) => String(x.id) === name || x.name === name);
    if (!t) throw new Error(`租户不存在: ${name}`);
    return t;
  });
}

const label = (ids: readonly string[], tenants: readonly Tenant[]) =>
  ids.map((id) => tenants.find((t) => String(t.id) === id)?.name ?? id).join('，') || '（无）';

/**
 * `user tenant <username> <tenant…>`: set which tenants a user belongs to (rel_tenant_ids), by
 * tenant id or name; users may be a comma list, piped records or the grid selection (`-` for
 * none given). `--dry-run` lists what would change. The server keeps the tenants the caller does
 * not reach and refuses naming one of them.
 */
export default defineCommand({
  id: 'user.tenant',
  examples: ['user tenant yuangong 总部租户'],
  title: '设置所属租户',
  category: '用户管理',
  aliases: ['user tenants', 'set user tenant'],
  keywords: ['租户', '多租户', '所属租户'],
  permission: PERM.user.edit,
  requires: [PERM.user.list],
  args: z.object({
    targets: z
      .array(z.string())
      .min(2)
      .describe('用户账号（逗号分隔，- 表示管道输入或表格选中行），其后为租户id或名称…'),
    dryRun: z.boolean().optional().describe('只列出将要改变的用户，不执行'),
  }),
  positional: ['targets'],
  async run(ctx, { targets, dryRun }) {
    const [who, ...names] = targets as [string, ...string[]];
    const tenants = await findTenants(ctx.api, names);
    const wanted = [...new Set(tenants.map((t) => String(t.id)))];
    const ids = requireSome(await targetUserIds(ctx, who === '-' ? undefined : who));
    const changes: RowChange[] = [];
    for (const id of ids) {
      const user = await invoke<{ id: string; username: string; realname: string; relTenantIds?: string }>(
        ctx.api,
        ENDPOINTS.user.queryById,
        { id },
      );
      const current = (user.relTenantIds ?? '').split(',').filter(Boolean);
      if (current.length === wanted.length && wanted.every((t) => current.includes(t))) continue;
      changes.push({
        target: user.username,
        change: `${label(current, tenants)} → ${label(wanted, tenants)}`,
        apply: () =>
          invoke(ctx.api, ENDPOINTS.user.edit, {
            id,
            realname: user.realname,
            relTenantIds: wanted.join(','),
          }),
      });
    }
    const result = await eachRow(ctx, changes, { dryRun, verb: '设置所属租户：', unit: '用户' });
    return { ...result, invalidate: [[...USERS_KEY]] };
  },
});
