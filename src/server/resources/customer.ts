import {
  CUSTOMER,
  CUSTOMER_ADDRESS,
  CUSTOMER_ADDRESSES,
  CUSTOMER_MSG,
} from '../../shared/resources/customer.ts';
import { yyBreachRecord, yyUser, yyUserAddress } from '../db/schema/index.ts';
import { and, eq, sql } from 'drizzle-orm';
import { BizError, ok } from '../lib/http/result.ts';
import { rowReach } from '../lib/access/row-scope.ts';
import { oneParam } from '../lib/http/validate.ts';
import { childrenOf } from './children.ts';
import type { ServerResource } from './register.ts';

/** 客户地址: read only here (written with the customer, as its 服务地址 sub table). */
export const customerAddressServer: ServerResource = {
  resource: CUSTOMER_ADDRESS,
  table: yyUserAddress,
  // an address belongs to its customer's tenant
  tenant: { parent: () => customerServer, key: 'userId' },
};

/**
 * 客户: the generated family with the 服务地址 sub table (`addressList` on add and edit replaces
 * the addresses in the customer's transaction; queryById answers them), and
 * queryYyUserAddressByMainId. The balance is never written here; a new customer is 正常, 普通会员,
 * 后台录入 unless told.
 */
export const customerServer: ServerResource = {
  resource: CUSTOMER,
  table: yyUser,
  tenant: { column: 'tenantId' },
  children: [{ key: 'addressList', server: customerAddressServer, parentKey: 'userId', sortKey: 'sortNo' }],
  computed: {
    // 违约次数: late cancellations with a fee (yy_breach_record)
    breachCount: () =>
      sql`select count(*)::int from ${yyBreachRecord} where ${yyBreachRecord.customerId} = ${yyUser.id} and ${yyBreachRecord.kind} = 'lateCancel'`,
    // 地址数: the customer's service addresses
    addressCount: () =>
      sql`select count(*)::int from ${yyUserAddress} where ${yyUserAddress.userId} = ${yyUser.id}`,
  },
  hooks: {
    beforeSave({ op, data, original }) {
      // a blacklisted customer cannot book: the reason is what the refusal tells the operator
      const merged = { ...original, ...data };
      if (merged.blacklisted === true && !String(merged.blacklistReason ?? '').trim())
        throw new BizError(CUSTOMER_MSG.blacklistReason);
      // taken off the list without a reason sent: the old reason goes too; one sent is kept as sent
      if (data.blacklisted === false && data.blacklistReason === undefined) data.blacklistReason = null;
      if (op !== 'add') return;
      data.status ??= '1';
      data.memberLevel ??= '1';
      data.source ??= '5';
    },
  },
  routes(app) {
    const children = childrenOf(customerServer, app.config.timezone);
    app.get<{ Querystring: Record<string, string | string[] | undefined> }>(
      CUSTOMER_ADDRESSES.path,
      { config: { perm: CUSTOMER_ADDRESSES.permission } },
      async (req) => {
        const id = oneParam(req.query, 'id');
        if (!id) throw new BizError(CUSTOMER.notFound);
        // the addresses of a customer this caller reaches only
        const [reached] = await app.db
          .select({ id: yyUser.id })
          .from(yyUser)
          .where(and(eq(yyUser.id, id), await rowReach(req, customerServer)));
        if (!reached) return ok([]);
        const { addressList } = await children.read(app.db, id, app.config.timezone);
        return ok(addressList);
      },
    );
  },
};
