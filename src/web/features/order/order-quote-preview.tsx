/**
 * The booking form's price preview: the server's quote of the values as they stand (the price the
 * add will save), asked again a moment after each change. The client computes no amount.
 */
import { useEffect, useState } from 'react';
import { ORDER_QUOTE } from '../../../shared/resources/order.ts';
import { formatMoney } from '../../../shared/format.ts';
import { call } from '../../lib/api-client.ts';

interface Quote {
  projectAmount: string;
  extraAmount: string;
  fareAmount: string;
  discountAmount: string;
  totalAmount: string;
  serviceMinutes: number;
  address: { contact: string; mobile: string; detail: string };
  fare: { period: string; distance: string };
}

type Shown = { quote: Quote } | { error: string } | null;

export function OrderQuotePreview({ input }: { input: Record<string, unknown> }) {
  const [shown, setShown] = useState<Shown>(null);
  const key = JSON.stringify(input);
  useEffect(() => {
    const body = JSON.parse(key) as Record<string, unknown>;
    if (!body.customerId || !body.appointmentTime || !(body.itemList as unknown[] | undefined)?.length) {
      setShown(null);
      return;
    }
    let live = true;
    const timer = setTimeout(() => {
      call<Quote>(ORDER_QUOTE.method, ORDER_QUOTE.path, { body }).then(
        (quote) => live && setShown({ quote }),
        (e: unknown) => live && setShown({ error: e instanceof Error ? e.message : String(e) }),
      );
    }, 300);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [key]);
  if (!shown)
    return <p className="text-sm text-gray-500">选择客户、预约时间和服务项目后显示服务器计算的价格</p>;
  if ('error' in shown)
    return (
      <p role="alert" className="text-sm text-red-600">
        {shown.error}
      </p>
    );
  const q = shown.quote;
  const rows: Array<[string, string]> = [
    ['项目金额', q.projectAmount],
    ['加钟金额', q.extraAmount],
    [`车费（${q.fare.period === 'night' ? '夜间' : '白天'}，${q.fare.distance} 公里）`, q.fareAmount],
    ['优惠', `-${q.discountAmount}`],
  ];
  return (
    <section aria-label="价格预览" className="rounded border bg-gray-50 p-2 text-sm">
      <p className="mb-1 text-gray-600">
        服务地址：{q.address.contact} {q.address.mobile} {q.address.detail}（服务 {q.serviceMinutes} 分钟）
      </p>
      <dl className="grid grid-cols-[auto_auto] gap-x-4">
        {rows.map(([k, v]) => (
          <div key={k} className="contents">
            <dt className="text-gray-600">{k}</dt>
            <dd className="text-right tabular-nums">{formatMoney(v)}</dd>
          </div>
        ))}
        <dt className="font-medium">应付金额</dt>
        <dd className="text-right font-medium tabular-nums" data-testid="quote-total">
          {formatMoney(q.totalAmount)}
        </dd>
      </dl>
    </section>
  );
}
