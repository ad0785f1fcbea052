import { z } from 'zod';
import { defineCommand } from '../../../commands/core/define-command.ts';
import type { CommandDefinition } from '../../../commands/core/types.ts';

export const USERS = [
  { id: '1', username: 'alice', realname: '爱丽丝', status: 1 },
  { id: '2', username: 'bob', realname: '鲍勃', status: 2 },
  { id: '3', username: 'carol', realname: '卡罗', status: 2 },
];

/** Fake user commands recording what they received. */
export function userCommands(
  log: Array<{ id: string; args: unknown; input?: unknown }>,
): CommandDefinition[] {
  return [
    defineCommand({
      id: 'user.list',
      title: '用户列表',
      category: '用户管理',
      keybinding: 'Mod+Shift+L',
      permission: 'user:list',
      args: z.object({
        status: z.enum(['1', '2']).optional().describe('状态（1 正常，2 冻结）'),
        size: z.number().int().default(10).describe('每页条数'),
      }),
      async run(_ctx, args) {
        log.push({ id: 'user.list', args });
        const records = USERS.filter((u) => args.status === undefined || String(u.status) === args.status);
        return {
          records,
          table: {
            columns: [
              { key: 'username', title: '账号' },
              { key: 'realname', title: '姓名' },
            ],
            rows: records,
          },
        };
      },
    }),
    defineCommand({
      id: 'user.freeze',
      title: '冻结用户',
      category: '用户管理',
      permission: 'user:freeze',
      dangerous: true,
      positional: ['usernames'],
      args: z.object({
        usernames: z.array(z.string()).default([]).describe('要冻结的账号'),
        reason: z.string().optional().describe('冻结原因'),
      }),
      async run(ctx, args) {
        log.push({ id: 'user.freeze', args, input: ctx.input });
        const names = [...args.usernames, ...(ctx.input ?? []).map((r) => String(r.username))];
        return { message: `已冻结 ${names.length} 个用户: ${names.join(', ')}` };
      },
    }),
    defineCommand({
      id: 'user.greet',
      title: '问候',
      category: '用户管理',
      positional: ['name'],
      args: z.object({ name: z.string().describe('名字') }),
      async run(_ctx, args) {
        log.push({ id: 'user.greet', args });
        return { message: `你好，${args.name}` };
      },
    }),
    defineCommand({
      id: 'sys.fail',
      title: '总是失败',
      category: '系统',
      async run() {
        log.push({ id: 'sys.fail', args: {} });
        throw new Error('失败了');
      },
    }),
    defineCommand({
      id: 'sys.secret',
      title: '机密操作',
      category: '系统',
      permission: 'sys:secret',
      async run() {},
    }),
  ];
}
