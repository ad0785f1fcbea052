import { z } from 'zod';
import { ORDER, ORDER_QUOTE } from '../../src/shared/resources/order.ts';
import { defineCommand } from '../core/define-command.ts';
import type { CommandContext } from '../core/types.ts';
import { fieldValue } from '../resources/field-values.ts';

interface Line {
  projectName: string;
  price: string;
  quantity: number;
  amount: string;
}

/** A field of the order or of one of its sub tables, as `order add` reads it. */
const fieldOf = (key: string, child?: string) =>
  (child ? ORDER.decl.children!.find((c) => c.key === child)!.resource.decl : ORDER.decl).fields.find(
    (f) => f.key === key,
  )!;

/**
 * Parse `project[*qty],…` into lines: a project by id or by the name the order form offers (as
 * `order add` takes them).
 */
const lines = (ctx: CommandContext, text: string | undefined, child: 'itemList' | 'extraList') =>
  Promise.all(
    (text ?? '')
      .split(/[,，]/)
      .map((s) => s.trim())
      .filter(Boolean)
      .map(async (s) => {
        const [project, quantity = '1'] = s.split('*');
        const projectId = await fieldValue(ctx, fieldOf('projectId', child), project!.trim(), {
          strict: true,
        });
        return { projectId, quantity: quantity.trim() };
      }),
  );

/** 订单试算: the server's price of a booking (what `order add` would save), nothing saved. */
export default defineCommand({
  id: 'order.quote',
  title: '订单试算',
  category: ORDER.decl.category,
  aliases: ['order quote', 'price order'],
  keywords: ['试算', '报价', '订单价格'],
  permission: ORDER_QUOTE.permission,
  // customers and projects named are looked up in the order form's pickers
  requires: [ORDER.perms.list],
  args: z.object({
    customerId: z.string().describe('客户（id或昵称）'),
    appointmentTime: z.string().describe('预约时间 YYYY-MM-DD HH:mm:ss'),
    items: z.string().describe('服务项目（id或名称），可带数量：全身推拿*2,肩颈调理'),
    extras: z.string().optional().describe('加钟项目（id或名称），可带数量'),
    distance: z.string().optional().describe('距离（公里，默认 5）'),
    discountAmount: z.string().optional().describe('优惠金额（元）'),
    addressId: z.string().optional().describe('客户地址id（默认客户的默认地址）'),
  }),
  positional: ['customerId', 'appointmentTime', 'items'],
  examples: [`order quote 悦客6810 '2030-01-01 10:00:00' 全身推拿*2 --extras 肩颈调理`],
  async run(ctx, args) {
    const customerId = await fieldValue(ctx, fieldOf('customerId'), args.customerId, { strict: true });
    const q = await ctx.api.post<{
      itemList: Line[];
      extraList: Line[];
      fareAmount: string;
      discountAmount: string;
      totalAmount: string;
      serviceMinutes: number;
      address: { contact: string; detail: string };
    }>(ORDER_QUOTE.path, {
      customerId,
      appointmentTime: args.appointmentTime,
      itemList: await lines(ctx, args.items, 'itemList'),
      extraList: await lines(ctx, args.extras, 'extraList'),
      distance: args.distance ?? '5',
      travelMode: '1',
      source: '1',
      ...(args.discountAmount ? { discountAmount: args.discountAmount } : {}),
      ...(args.addressId ? { addressId: args.addressId } : {}),
    });
    const row = (item: string, amount: string) => ({ item, amount });
    return {
      message: `订单金额 ${q.totalAmount} 元（服务 ${q.serviceMinutes} 分钟，${q.address.contact} ${q.address.detail}）`,
      table: {
        columns: [
          { key: 'item', title: '项目' },
          { key: 'amount', title: '金额(元)', format: 'money' },
        ],
        rows: [
          ...q.itemList.map((l) => row(`${l.projectName} × ${l.quantity}`, l.amount)),
          ...q.extraList.map((l) => row(`加钟 ${l.projectName} × ${l.quantity}`, l.amount)),
          row('车费', q.fareAmount),
          row('优惠', `-${q.discountAmount}`),
          row('应付', q.totalAmount),
        ],
      },
    };
  },
});
