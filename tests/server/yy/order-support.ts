/** Shared setup of the visit-order tests: a customer with an address, projects and a booking. */
import { asc, eq } from 'drizzle-orm';
import type { TestApp } from '../../support/app.ts';
import { yyProject, yyTechnician, yyUser, yyUserAddress } from '../../../src/server/db/schema/index.ts';
import { ORDER, ORDER_STATUS } from '../../../src/shared/resources/order.ts';

export const ep = ORDER.endpoints;
export const S = ORDER_STATUS;

/** Local `YYYY-MM-DD HH:mm:ss` `days` from now at `hh:mm` (Asia/Shanghai, the tests' zone). */
export function localTime(days: number, hhmm: string): string {
  const d = new Date(Date.now() + days * 86_400_000 + 8 * 3_600_000);
  return `${d.toISOString().slice(0, 10)} ${hhmm}:00`;
}

export async function fixtures(t: TestApp) {
  const db = t.database.db;
  const projects = await db
    .select()
    .from(yyProject)
    .where(eq(yyProject.status, '1'))
    .orderBy(asc(yyProject.sort));
  const technicians = await db
    .select()
    .from(yyTechnician)
    .where(eq(yyTechnician.workStatus, '1'))
    .orderBy(asc(yyTechnician.id));
  // a 杭州 customer with a default address
  const [row] = await db
    .select({ customer: yyUser, address: yyUserAddress })
    .from(yyUser)
    .innerJoin(yyUserAddress, eq(yyUserAddress.userId, yyUser.id))
    .where(eq(yyUserAddress.isDefault, true))
    .orderBy(asc(yyUser.id))
    .limit(1);
  return { projects, technicians, customer: row!.customer, address: row!.address };
}

export function booking(f: Awaited<ReturnType<typeof fixtures>>, extra: Record<string, unknown> = {}) {
  return {
    customerId: f.customer.id,
    appointmentTime: localTime(2, '10:00'),
    travelMode: '1',
    distance: '8.5',
    source: '2',
    itemList: [{ projectId: f.projects[0]!.id, quantity: 1 }],
    ...extra,
  };
}
