import { z } from 'zod';
import type { Page } from '../../src/shared/api.ts';
import { BANNER, BANNER_FORBID } from '../../src/shared/resources/banner.ts';
import { defineCommand } from '../core/define-command.ts';
import type { CommandContext } from '../core/types.ts';
import { eachRow } from '../grid/each-row.ts';
import { requireTargets } from '../grid/targets.ts';

interface BannerRow {
  id: string;
  title: string;
  status: string;
}

const STATUS_TEXT: Record<string, string> = { '1': '启用', '0': '禁用' };

/** The banners named (ids, piped rows or the grid selection), looked up for their titles. */
async function targets(ctx: CommandContext, ids: string | undefined): Promise<BannerRow[]> {
  const wanted = requireTargets(ctx, ids);
  const page = await ctx.api.get<Page<BannerRow>>(BANNER.endpoints.list.path, {
    id: wanted.join(','),
    pageSize: wanted.length,
  });
  return wanted.map((id) => {
    const found = page.records.find((r) => r.id === id);
    if (!found) throw new Error(`${BANNER.notFound}: ${id}`);
    return found;
  });
}

/** `banner forbid` / `banner enable`: one status for many banners, one call each (progress, Ctrl+C, --dry-run). */
export function bannerStatusCommand(verb: 'forbid' | 'enable', status: '0' | '1') {
  const word = STATUS_TEXT[status]!;
  return defineCommand({
    id: `banner.${verb}`,
    title: `${word}轮播图`,
    category: BANNER.decl.category,
    aliases: [
      `${verb} banner`,
      ...(verb === 'forbid' ? ['disable banner', 'images forbid'] : ['images enable']),
    ],
    keywords: [word, '轮播图', verb === 'forbid' ? '停用' : '上线'],
    permission: BANNER_FORBID.permission,
    requires: [BANNER.endpoints.list.permission as string],
    menus: [
      { menu: 'banner.toolbar', group: '5_status', order: status === '1' ? 1 : 2, label: `批量${word}` },
      { menu: 'banner.row', group: '5_status', order: 1, label: word },
    ],
    // on a row, only the action that changes its status
    when: (k) => !k.row || k.row.status !== status,
    args: z.object({
      ids: z.string().optional().describe('轮播图id，逗号分隔；默认管道输入或表格选中行'),
      dryRun: z.boolean().optional().describe('只列出将要改变的轮播图，不执行'),
    }),
    positional: ['ids'],
    prepare(ctx, { ids }) {
      requireTargets(ctx, ids);
    },
    async run(ctx, { ids, dryRun }) {
      const rows = (await targets(ctx, ids)).filter((r) => r.status !== status);
      const result = await eachRow(
        ctx,
        rows.map((r) => ({
          target: r.title,
          change: `${STATUS_TEXT[r.status] ?? r.status} → ${word}`,
          apply: () => ctx.api.post(BANNER_FORBID.path, { id: r.id, status }),
        })),
        { dryRun, verb: word, unit: '轮播图' },
      );
      return { ...result, invalidate: [[...BANNER.queryKey]] };
    },
  });
}
