import { eq } from 'drizzle-orm';
import type { Result } from '../../shared/api.ts';
import {
  CUSTOMER,
  CUSTOMER_ADDRESS,
  CUSTOMER_ADDRESSES,
  CUSTOMER_MSG,
} from '../../shared/resources/customer.ts';
import { yyUser, yyUserAddress } from '../db/schema/index.ts';
import type { Db } from '../db/client.ts';
import { newId } from '../lib/ids.ts';
import { BizError, ok } from '../lib/result.ts';
import { oneParam } from '../lib/validate.ts';
import { caller } from '../plugins/auth.ts';
import { fieldChecks, toColumns } from './field-types.ts';
import { generate, type ServerResource } from './register.ts';

const addressChecks = fieldChecks(CUSTOMER_ADDRESS.decl.fields);
const MAX_ADDRESSES = 20;

/**
 * The `addressList` of an add or edit, each row checked by the address declaration's rules (the
 * row named in the message); at most one default, the first when none is marked. Undefined when
 * not sent (an edit then leaves the addresses as they are).
 */
async function parseAddresses(db: Db, raw: unknown): Promise<Array<Record<string, unknown>> | undefined> {
  if (raw === undefined) return undefined;
  if (!Array.isArray(raw)) throw new BizError(CUSTOMER_MSG.addresses);
  if (raw.length > MAX_ADDRESSES) throw new BizError(CUSTOMER_MSG.tooMany);
  const rows: Array<Record<string, unknown>> = [];
  for (const [i, item] of raw.entries()) {
    const parsed = CUSTOMER_ADDRESS.addSchema.safeParse(item ?? {});
    if (!parsed.success)
      throw new BizError(
        CUSTOMER_MSG.addressRow(i + 1, parsed.error.issues[0]?.message ?? CUSTOMER_MSG.addresses),
      );
    const data = parsed.data as Record<string, unknown>;
    try {
      await addressChecks(db, data);
    } catch (e) {
      if (e instanceof BizError) throw new BizError(CUSTOMER_MSG.addressRow(i + 1, e.message));
      throw e;
    }
    rows.push(toColumns(CUSTOMER_ADDRESS.decl.fields, { ...data, isDefault: data.isDefault === true }));
  }
  const defaults = rows.filter((r) => r.isDefault).length;
  if (defaults > 1) throw new BizError(CUSTOMER_MSG.oneDefault);
  if (defaults === 0 && rows.length) rows[0]!.isDefault = true;
  return rows;
}

/** Replace a customer's addresses, all or nothing. */
async function replaceAddresses(db: Db, userId: string, rows: Array<Record<string, unknown>>, by: string) {
  await db.transaction(async (tx) => {
    await tx.delete(yyUserAddress).where(eq(yyUserAddress.userId, userId));
    if (rows.length)
      await tx.insert(yyUserAddress).values(
        rows.map((r, i) => ({
          ...(r as typeof yyUserAddress.$inferInsert),
          id: newId(),
          userId,
          sortNo: i + 1,
          createBy: by,
        })),
      );
  });
}

/** 客户地址: read only here (written with the customer). */
export const customerAddressServer: ServerResource = {
  resource: CUSTOMER_ADDRESS,
  table: yyUserAddress,
};
const addressGen = generate(customerAddressServer);

/**
 * 客户: the generated family, plus the addresses: `addressList` on add and edit replaces them
 * (checked before the customer is written), queryById and queryYyUserAddressByMainId answer them.
 * The balance is never written here; a new customer is 正常, 普通会员, 后台录入 unless told.
 */
export const customerServer: ServerResource = {
  resource: CUSTOMER,
  table: yyUser,
  hooks: {
    beforeSave({ op, data }) {
      if (op !== 'add') return;
      data.status ??= '1';
      data.memberLevel ??= '1';
      data.source ??= '5';
    },
  },
  override: {
    add: (generated) => async (req, reply) => {
      const body = (req.body ?? {}) as Record<string, unknown>;
      const addresses = await parseAddresses(req.server.db, body.addressList);
      const res = await generated(req, reply);
      if (addresses?.length) {
        const [row] = await req.server.db
          .select({ id: yyUser.id })
          .from(yyUser)
          .where(eq(yyUser.mobile, String(body.mobile).trim()));
        if (row) await replaceAddresses(req.server.db, row.id, addresses, caller(req).user.username);
      }
      return res;
    },
    edit: (generated) => async (req, reply) => {
      const body = (req.body ?? {}) as Record<string, unknown>;
      const addresses = await parseAddresses(req.server.db, body.addressList);
      const res = await generated(req, reply);
      if (addresses)
        await replaceAddresses(req.server.db, String(body.id).trim(), addresses, caller(req).user.username);
      return res;
    },
    queryById: (generated) => async (req, reply) => {
      const res = (await generated(req, reply)) as Result<Record<string, unknown>>;
      const tz = req.server.config.timezone;
      res.result.addressList = await addressesOf(req.server.db, String(res.result.id), tz);
      return res;
    },
  },
  routes(app) {
    app.get<{ Querystring: Record<string, string | string[] | undefined> }>(
      CUSTOMER_ADDRESSES.path,
      { config: { perm: CUSTOMER_ADDRESSES.permission } },
      async (req) => {
        const id = oneParam(req.query, 'id');
        if (!id) throw new BizError(CUSTOMER.notFound);
        return ok(await addressesOf(app.db, id, app.config.timezone));
      },
    );
  },
};

async function addressesOf(db: Db, userId: string, tz: string) {
  const rows = await db
    .select()
    .from(yyUserAddress)
    .where(eq(yyUserAddress.userId, userId))
    .orderBy(yyUserAddress.sortNo);
  return (await addressGen.list.decorator(db, tz))(rows as never);
}
