/**
 * Pricing a booking on the server: the customer (refused when blacklisted or frozen), the address
 * snapshot (the one named, else the customer's default), the lines at the projects' current prices
 * and durations, the fare of the address's division at the appointment's time of day, the discount.
 * `quote` and `add` both call it, so the price shown before saving is the price saved.
 */
import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import { checkDistance, priceFare } from '../../shared/resources/fare.ts';
import { ORDER_MSG } from '../../shared/resources/order.ts';
import {
  priceLine,
  priceOrder,
  type OrderPrice,
  type PricedLine,
} from '../../shared/resources/order-pricing.ts';
import { toFen } from '../../shared/format.ts';
import type { Db } from '../db/client.ts';
import { yyProject, yyUser, yyUserAddress } from '../db/schema/index.ts';
import { BizError } from '../lib/http/result.ts';
import { fareRuleAt } from '../resources/fare.ts';
import { settingValue } from './settings.ts';

/** What a booking says (the form's values; amounts are never taken from it). */
export interface BookingInput {
  customerId: string;
  addressId?: string | null;
  /** local `YYYY-MM-DD HH:mm:ss` */
  appointmentTime: string;
  distance: string;
  discountAmount?: string | null;
  itemList: ReadonlyArray<{ projectId: string; quantity: number | string }>;
  extraList?: ReadonlyArray<{ projectId: string; quantity: number | string }>;
}

export interface Quote extends OrderPrice {
  address: {
    addressId: string;
    contact: string;
    mobile: string;
    areaCode: string;
    detail: string;
    location: { x: number; y: number } | null;
  };
  itemList: PricedLine[];
  extraList: PricedLine[];
  fare: ReturnType<typeof priceFare> & { fareId: string; period: string };
  /** local `YYYY-MM-DD HH:mm:ss` */
  endTime: string;
}

/** `YYYY-MM-DD HH:mm:ss` plus minutes, as wall-clock text (no zone involved). */
export function addMinutes(local: string, minutes: number): string {
  const d = new Date(`${local.replace(' ', 'T')}Z`);
  return new Date(d.getTime() + minutes * 60_000).toISOString().slice(0, 19).replace('T', ' ');
}

/** Lines at the projects' current prices and durations (a project off sale is refused, naming the line). */
export async function priceLines(db: Db, given: BookingInput['itemList']): Promise<PricedLine[]> {
  const ids = [...new Set(given.map((l) => l.projectId))];
  const projects = ids.length
    ? await db
        .select()
        .from(yyProject)
        .where(and(inArray(yyProject.id, ids), eq(yyProject.status, '1')))
    : [];
  return given.map((l, i) => {
    const p = projects.find((x) => x.id === l.projectId);
    if (!p) throw new BizError(ORDER_MSG.projectMissing(i + 1));
    return priceLine(p, Number(l.quantity));
  });
}

export async function quoteBooking(db: Db, input: BookingInput): Promise<Quote> {
  const [customer] = await db.select().from(yyUser).where(eq(yyUser.id, input.customerId));
  if (!customer) throw new BizError(ORDER_MSG.customerMissing);
  if (customer.blacklisted) throw new BizError(ORDER_MSG.blacklisted(customer.blacklistReason));
  if (customer.status === '2') throw new BizError(ORDER_MSG.frozen);
  const [address] = await db
    .select()
    .from(yyUserAddress)
    .where(
      and(
        eq(yyUserAddress.userId, customer.id),
        input.addressId ? eq(yyUserAddress.id, input.addressId) : undefined,
      ),
    )
    .orderBy(desc(yyUserAddress.isDefault), asc(yyUserAddress.sortNo))
    .limit(1);
  if (!address) throw new BizError(input.addressId ? ORDER_MSG.addressMissing : ORDER_MSG.noAddress);

  const itemList = await priceLines(db, input.itemList);
  const extraList = await priceLines(db, input.extraList ?? []);

  const distance = checkDistance(input.distance);
  if (!distance.ok) throw new BizError(distance.message);
  const rule = await fareRuleAt(db, address.areaCode, input.appointmentTime.slice(11, 16));
  if (!rule) throw new BizError(ORDER_MSG.fareMissing);
  const fare = { ...priceFare(rule, distance.value), fareId: rule.id, period: rule.period };

  const priced = priceOrder(itemList, extraList, fare.total, input.discountAmount ?? undefined);
  if (!priced.ok) throw new BizError(priced.message);
  const min = await settingValue(db, 'order.minAmount');
  if ((toFen(priced.price.totalAmount) ?? 0) < (toFen(min) ?? 0))
    throw new BizError(ORDER_MSG.minAmount(min));
  return {
    ...priced.price,
    address: {
      addressId: address.id,
      contact: address.contact,
      mobile: address.mobile,
      areaCode: address.areaCode,
      detail: address.detail,
      location: address.location ?? null,
    },
    itemList,
    extraList,
    fare,
    endTime: addMinutes(input.appointmentTime, priced.price.serviceMinutes),
  };
}
