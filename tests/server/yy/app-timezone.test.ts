/**
 * One zone for local months: the views (财务明细, 技师财务统计) read APP_TIMEZONE from the database
 * (`yy_app_timezone()`, written by the app at its start), the endpoints and statement generation
 * take it from the configuration. With a zone other than the default, an entry near a month's end
 * falls in the same month everywhere; a view with a zone of its own would put it in the next.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../support/app.ts';
import { TECH_FINANCE } from '../../../src/shared/resources/tech-finance.ts';
import { STATEMENT_GENERATE } from '../../../src/shared/resources/statement.ts';
import { VISIT_FINANCE, VISIT_FINANCE_STATISTICS } from '../../../src/shared/resources/visit-finance.ts';

const ZONE = 'America/Los_Angeles';
/** 2031-10-31 13:00 in Los Angeles, 2031-11-01 04:00 in Shanghai */
const AT = '2031-10-31T20:00:00Z';

let t: TestApp;
let token: string;
const q = async <T>(text: string, params: unknown[] = []) =>
  (await t.database.rawQuery(text, params)).rows as T[];

beforeAll(async () => {
  t = await createTestApp({ timezone: ZONE });
  token = await t.login('caiwu');
});
afterAll(async () => t?.close());

describe('APP_TIMEZONE', () => {
  it('is the zone of the views, the endpoints and the statements alike', async () => {
    expect(await q(`select yy_app_timezone() as z`)).toEqual([{ z: ZONE }]);
    const [o] = await q<{ id: string; order_no: string; technician_id: string; partner_id: string }>(
      `select id, order_no, technician_id, partner_id from yy_visit_order
        where technician_id is not null and area_code is not null order by id limit 1`,
    );
    const entry = (key: string, account: string, accountId: string | null, kind: string, amount: string) =>
      q(
        `insert into yy_ledger_entry (id, entry_key, body_hash, account, account_id, kind, amount, order_id,
           order_no, technician_id, partner_id, tenant_id, create_by, create_time)
         values (md5($1), $1, 'x', $2, $3, $4, $5::numeric, $6, $7, $8, $9, (select min(id) from sys_tenant),
           'test', $10::timestamptz)`,
        [key, account, accountId, kind, amount, o!.id, o!.order_no, o!.technician_id, o!.partner_id, AT],
      );
    await entry('tz:payment', 'customer', 'c', 'payment', '-100.00');
    await entry('tz:commission', 'technician', o!.technician_id, 'commission', '30.00');
    await entry('tz:platform', 'platform', null, 'platformShare', '70.00');

    const stats = await t.call('GET', VISIT_FINANCE_STATISTICS.path, { token, query: { month: '2031-10' } });
    expect(stats.body.result).toMatchObject({ orderCount: 1, paidAmount: '100.00' });
    const view = async (month: string) =>
      (await t.call('GET', VISIT_FINANCE.endpoints.list.path, { token, query: { month } })).body.result
        .records as Array<{ paidAmount: string }>;
    expect((await view('2031-10')).map((r) => r.paidAmount)).toEqual(['100.00']);
    expect(await view('2031-11')).toEqual([]);
    const tech = await t.call('GET', TECH_FINANCE.endpoints.list.path, {
      token,
      query: { technicianId: o!.technician_id, month: '2031-10' },
    });
    expect(tech.body.result.records).toMatchObject([{ commission: '30.00' }]);
    const gen = await t.call('POST', STATEMENT_GENERATE.path, { token, body: { period: '2031-10' } });
    expect(gen.body.success, JSON.stringify(gen.body)).toBe(true);
    const [s] = await q<{ period_amount: string }>(
      `select period_amount::text from yy_statement where period = '2031-10' and account_id = $1`,
      [o!.technician_id],
    );
    expect(s).toEqual({ period_amount: '30.00' });
  });
});
