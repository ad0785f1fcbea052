import { z } from 'zod';
import { defineCommand } from '../core/define-command.ts';
import { invoke } from '../../src/shared/contracts.ts';
import type { RenderedTemplate } from '../../src/shared/message-template.ts';
import { htmlText } from '../../src/shared/richtext.ts';
import { MESSAGE_TEMPLATE, TEMPLATE_RENDER } from '../../src/shared/resources/message-template.ts';

/**
 * 测试模板: fill a template's `${…}` variables with test values (its stored test data unless
 * `--data` gives a JSON object) and show the variables and the result. On screen without a code
 * (toolbar, row, palette) the 测试模板 dialog asks.
 */
export default defineCommand({
  id: 'messageTemplate.test',
  examples: ['messageTemplate list | head 1 | messageTemplate test'],
  title: '测试模板',
  category: MESSAGE_TEMPLATE.decl.category,
  aliases: ['test template', 'render template'],
  keywords: ['测试', '渲染', '变量', '预览', '模板'],
  permission: TEMPLATE_RENDER.permission,
  menus: [
    { menu: 'messageTemplate.toolbar', group: '3_tools', order: 1, label: '测试模板' },
    { menu: 'messageTemplate.row', group: '1_open', order: 2, label: '测试' },
  ],
  args: z.object({
    code: z.string().optional().describe('模板编码；默认表格选中行'),
    data: z.string().optional().describe('测试数据（JSON 对象），默认模板保存的测试数据'),
  }),
  positional: ['code', 'data'],
  async run(ctx, { code, data }) {
    // a template piped in (`messageTemplate list | head 1 | messageTemplate test`) or the grid's row
    const row = (ctx.input?.[0] ?? ctx.keys.row) as { templateCode?: string } | undefined;
    const templateCode = code ?? row?.templateCode;
    if (!code && !data && ctx.open) return void (await ctx.open('messageTemplate.test', { templateCode }));
    if (!templateCode) throw new Error('请输入模板编码');
    const r = await invoke<RenderedTemplate>(ctx.api, TEMPLATE_RENDER, {
      templateCode,
      ...(data !== undefined ? { testData: data } : {}),
    });
    const lines = [
      `变量：${r.variables.length ? r.variables.join('、') : '无'}`,
      ...(r.missing.length ? [`未给值：${r.missing.join('、')}`] : []),
      `结果：${htmlText(r.content)}`,
    ];
    return { message: lines.join('\n'), records: [{ ...r }] };
  },
});
