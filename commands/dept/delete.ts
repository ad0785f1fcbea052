import { z } from 'zod';
import { defineCommand } from '../core/define-command.ts';
import { PERM } from '../../src/shared/permissions.ts';
import { ENDPOINTS } from '../../src/shared/endpoints.ts';
import { invoke } from '../../src/shared/contracts.ts';
import { MSG } from '../../src/shared/api.ts';
import { DEPARTS_KEY, allDeparts, findDepart } from './targets.ts';

/** The departments named, else the ticked rows. */
const wanted = (selection: string[] | undefined, depts: string | undefined): string[] => {
  const words = (depts ?? '').split(/[\s,]+/).filter(Boolean);
  return words.length ? words : (selection ?? []);
};

/** `dept delete <dept…>`: delete departments that have no children and no users (all or nothing). */
export default defineCommand({
  id: 'dept.delete',
  examples: ['dept delete 示例部门'],
  title: '删除部门',
  category: '部门管理',
  aliases: ['delete department', 'remove department'],
  keywords: ['部门', '删除'],
  permission: PERM.depart.delete,
  requires: [PERM.depart.list],
  dangerous: true,
  confirm: '是否删除选中数据?',
  menus: [{ menu: 'depart.toolbar', group: '9_danger', order: 1, label: '删除部门' }],
  args: z.object({
    depts: z.string().optional().describe('部门（机构编码、名称或id），逗号分隔；默认表格选中行'),
  }),
  positional: ['depts'],
  // nothing named nor ticked: refused before the confirmation (it asked 是否删除选中数据? first)
  prepare(ctx, { depts }) {
    if (!wanted(ctx.keys.selection, depts).length) throw new Error(MSG.nothingSelected);
  },
  async run(ctx, { depts }) {
    const all = await allDeparts(ctx);
    const ids = wanted(ctx.keys.selection, depts).map((w) => findDepart(all, w).id);
    const message = await invoke<string>(ctx.api, ENDPOINTS.depart.deleteBatch, { ids: ids.join(',') });
    return { message: `${String(message)}（${ids.length} 个部门）`, invalidate: [[...DEPARTS_KEY]] };
  },
});
