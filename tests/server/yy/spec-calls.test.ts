import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../support/app.ts';
import { CODE, MSG } from '../../../src/shared/api.ts';
import { methodsOf, type EndpointContract } from '../../../src/shared/contracts.ts';
import { BANNER, BANNER_FORBID } from '../../../src/shared/resources/banner.ts';
import { CUSTOMER } from '../../../src/shared/resources/customer.ts';
import { PARTNER, PARTNER_PICKER, PARTNER_UPDATE_STATUS } from '../../../src/shared/resources/partner.ts';
import { PROJECT_MAP } from '../../../src/shared/resources/project.ts';
import { TECHNICIAN_MAP } from '../../../src/shared/resources/technician.ts';

/**
 * The `/yy` calls the spec names (issue #10 "Done when"), each on the spec's method: served to the
 * operations staff (运营专员: reads succeed, writes answer with a business message, never 404/405),
 * refused to finance and employee accounts by the server.
 */
let t: TestApp;
const token: Record<string, string> = {};
beforeAll(async () => {
  t = await createTestApp();
  for (const u of ['yunying', 'caiwu', 'yuangong']) token[u] = await t.login(u);
});
afterAll(async () => t?.close());

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
/** [the spec's text, its contract, whether it only reads] */
const CALLS: Array<[string, EndpointContract, boolean]> = [
  ['POST /yy/yyPartner/add', PARTNER.endpoints.add, false],
  ['POST /yy/yyPartner/edit', PARTNER.endpoints.edit, false],
  ['GET /yy/yyPartner/partnerList', PARTNER_PICKER, true],
  ['PUT /yy/yyPartner/updateStatus', PARTNER_UPDATE_STATUS, false],
  ['GET /yy/yyProject/getProjectMap', PROJECT_MAP, true],
  ['GET /yy/yyTechnician/getTechMap', TECHNICIAN_MAP, true],
  ['GET /yy/yyUser/queryById', CUSTOMER.endpoints.queryById, true],
  ['POST /yy/yyUser/edit', CUSTOMER.endpoints.edit, false],
  ['POST /yy/yyImages/add', BANNER.endpoints.add, false],
  ['PUT /yy/yyImages/edit', BANNER.endpoints.edit, false],
  ['DELETE /yy/yyImages/delete', BANNER.endpoints.delete, false],
  ['POST /yy/yyImages/forbiddenImage', BANNER_FORBID, false],
];

describe('the spec’s /yy calls', () => {
  it.each(CALLS)('%s is served on that method', async (spec, contract, reads) => {
    const [method, path] = spec.split(' ') as [Method, string];
    expect(contract.path).toBe(path);
    expect(methodsOf(contract)).toContain(method);
    // queryById needs a customer: the first seeded one
    const first = (await t.call('GET', CUSTOMER.endpoints.list.path, { token: token.yunying })).body.result
      .records[0] as { id: string };
    const query = { id: first.id };
    const r = await t.call(method, path, {
      token: token.yunying,
      ...(method === 'GET' || method === 'DELETE' ? { query } : { body: {} }),
    });
    expect(r.status, spec).toBe(200);
    expect(r.body.code, spec).not.toBe(CODE.NO_AUTH);
    if (reads) expect(r.body, spec).toMatchObject({ success: true });
    // a write without its input is refused with a message (nothing written)
    else expect(r.body, spec).toMatchObject({ success: false, message: expect.any(String) });

    for (const who of ['caiwu', 'yuangong']) {
      const refused = await t.call(method, path, {
        token: token[who],
        ...(method === 'GET' || method === 'DELETE' ? { query } : { body: { id: first.id } }),
      });
      // finance reads partners for reconciliation; no staff account writes
      if (!reads)
        expect(refused.body, `${who} ${spec}`).toMatchObject({
          success: false,
          code: CODE.NO_AUTH,
          message: MSG.noAuth,
        });
    }
  });
});
