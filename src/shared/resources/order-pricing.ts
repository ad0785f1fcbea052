/**
 * The price of a visit order, in integer fen (src/shared/format.ts): project lines and 加钟 lines
 * (price × quantity), the fare, less the discount. Isomorphic and pure; the server is the only one
 * that prices an order for real (the client never sends amounts).
 */
import { fromFen, percentOfFen, toFen } from '../format.ts';

/** A priced line: the project's snapshot and the quantity. */
export interface PricedLine {
  projectId: string;
  projectName: string;
  price: string;
  duration: number;
  quantity: number;
  amount: string;
}

export interface OrderPrice {
  projectAmount: string;
  extraAmount: string;
  fareAmount: string;
  discountAmount: string;
  totalAmount: string;
  /** the minutes the technician is busy: every line's duration × quantity */
  serviceMinutes: number;
}

export const PRICING_MSG = {
  discountTooLarge: '优惠金额不能超过订单金额',
  discountNegative: '优惠金额不能为负数',
  noItems: '请至少选择一个服务项目',
  quantity: '数量须为1到10的整数',
} as const;

const fen = (text: string) => {
  const v = toFen(text);
  if (v === undefined) throw new Error(`not money: ${text}`);
  return v;
};

/** A project at its snapshot price, `quantity` times. */
export function priceLine(
  project: { id: string; name: string; price: string; duration: number },
  quantity: number,
): PricedLine {
  return {
    projectId: project.id,
    projectName: project.name,
    price: fromFen(fen(project.price)),
    duration: project.duration,
    quantity,
    amount: fromFen(fen(project.price) * quantity),
  };
}

/** The order's amounts; a refusal's message when the discount does not fit. */
export function priceOrder(
  items: readonly PricedLine[],
  extras: readonly PricedLine[],
  fareAmount: string,
  discount: string | undefined,
): { ok: true; price: OrderPrice } | { ok: false; message: string } {
  if (!items.length) return { ok: false, message: PRICING_MSG.noItems };
  const sum = (lines: readonly PricedLine[]) => lines.reduce((n, l) => n + fen(l.amount), 0);
  const project = sum(items);
  const extra = sum(extras);
  const fare = fen(fareAmount);
  const off = discount === undefined || discount === '' ? 0 : fen(discount);
  if (off < 0) return { ok: false, message: PRICING_MSG.discountNegative };
  if (off > project + extra + fare) return { ok: false, message: PRICING_MSG.discountTooLarge };
  const minutes = [...items, ...extras].reduce((n, l) => n + l.duration * l.quantity, 0);
  return {
    ok: true,
    price: {
      projectAmount: fromFen(project),
      extraAmount: fromFen(extra),
      fareAmount: fromFen(fare),
      discountAmount: fromFen(off),
      totalAmount: fromFen(project + extra + fare - off),
      serviceMinutes: minutes,
    },
  };
}

/**
 * The fee of cancelling an accepted order: nothing within `freeMinutes` of its acceptance, else
 * `ratePercent` of the paid amount (half up to the fen), never more than was paid.
 */
export function cancelFee(
  paidAmount: string,
  acceptedAt: Date | null,
  now: Date,
  freeMinutes: number,
  ratePercent: string,
): string {
  const paid = fen(paidAmount);
  if (!acceptedAt || now.getTime() - acceptedAt.getTime() <= freeMinutes * 60_000) return '0.00';
  return fromFen(Math.min(paid, percentOfFen(paid, ratePercent)));
}
