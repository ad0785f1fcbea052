import { z } from 'zod';
import { ORDER, ORDER_QUOTE } from '../../src/shared/resources/order.ts';
import { defineCommand } from '../core/define-command.ts';

interface Line {
  projectName: string;
  price: string;
  quantity: number;
  amount: string;
}

/** Parse `projectId[*qty],…` into lines. */
const lines = (text: string | undefined) =>
  (text ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
    .map((s) => {
      const [projectId, quantity = '1'] = s.split('*');
      return { projectId: projectId!.trim(), quantity: quantity.trim() };
    });

/** 订单试算: the server's price of a booking (what `order add` would save), nothing saved. */
export default defineCommand({
  id: 'order.quote',
  title: '订单试算',
  category: ORDER.decl.category,
  aliases: ['order quote', 'price order'],
  keywords: ['试算', '报价', '订单价格'],
  permission: ORDER_QUOTE.permission,
  args: z.object({
    customerId: z.string().describe('客户id'),
    appointmentTime: z.string().describe('预约时间 YYYY-MM-DD HH:mm:ss'),
    items: z.string().describe('服务项目id，可带数量：id*2,id2'),
    extras: z.string().optional().describe('加钟项目id，可带数量'),
    distance: z.string().optional().describe('距离（公里，默认 5）'),
    discountAmount: z.string().optional().describe('优惠金额（元）'),
    addressId: z.string().optional().describe('客户地址id（默认客户的默认地址）'),
  }),
  positional: ['customerId', 'appointmentTime', 'items'],
  async run(ctx, args) {
    const q = await ctx.api.post<{
      itemList: Line[];
      extraList: Line[];
      fareAmount: string;
      discountAmount: string;
      totalAmount: string;
      serviceMinutes: number;
      address: { contact: string; detail: string };
    }>(ORDER_QUOTE.path, {
      customerId: args.customerId,
      appointmentTime: args.appointmentTime,
      itemList: lines(args.items),
      extraList: lines(args.extras),
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
