import type { FastifyInstance } from 'fastify';
import { eq, inArray } from 'drizzle-orm';
import { CODE, MSG } from '../../../../shared/api.ts';
import {
  DICT_MSG,
  dictItemAddSchema,
  dictItemEditSchema,
  dictItemSaveBatchSchema,
} from '../../../../shared/dict-admin.ts';
import { PERM } from '../../../../shared/permissions.ts';
import { SOCKET_KEYS } from '../../../../shared/realtime.ts';
import { requestCaseId } from '../../../lib/realtime/vxe-hub.ts';
import { sysDictItem } from '../../../db/schema/index.ts';
import { listEntities } from '../../../lib/query/entity-list.ts';
import { newId } from '../../../lib/query/ids.ts';
import { BizError, bare, fail, ok, okMessage, page } from '../../../lib/http/result.ts';
import { parsePaging } from '../../../lib/query/query-generator.ts';
import { NOTHING_SELECTED, dryRunOf, oneParam, parseWith, requiredIds } from '../../../lib/http/validate.ts';
import { RESOURCE_MSG } from '../../../../shared/resources/define.ts';
import { caller } from '../../../plugins/auth.ts';
import {
  DICT_ITEM_LIST,
  assertItemValueFree,
  assertValueFitsDict,
  dictItemJson,
  findDict,
  findDictItem,
  itemsOfDict,
  planItemBatch,
} from '../../../repos/dict-admin.ts';
import { ENDPOINTS } from '../../../../shared/endpoints.ts';
import { route, routeOf } from '../../../lib/http/route.ts';

type Q = Record<string, string | undefined>;

/**
 * Dictionary items (jeecg-api.md §6.5 `/sys/dictItem`): the list of one dictionary in sort order,
 * add, edit, delete, and `saveBatch`, which saves the editable item grid in one transaction.
 */
export default async function dictItemRoutes(app: FastifyInstance) {
  const db = app.db;
  const tz = app.config.timezone;

  /** Always in `sortOrder`: `column`/`order` are ignored, as JeecgBoot's item list does. */
  route<{ Querystring: Q }>(app, ENDPOINTS.dictItem.list, async (req) => {
    // the original client opens its item list before a dictionary is chosen: an empty page
    if (!req.query.dictId?.trim()) {
      const { pageNo, pageSize } = parsePaging(req.query);
      return bare(page([], 0, pageNo, pageSize));
    }
    const query = { ...req.query, column: undefined, order: undefined };
    return bare(await listEntities(db, DICT_ITEM_LIST, query, tz));
  });

  route(app, ENDPOINTS.dictItem.add, async (req) => {
    const b = parseWith(dictItemAddSchema, req.body);
    const dict = await findDict(db, b.dictId);
    if (!dict) throw new BizError(DICT_MSG.dictNotFound);
    assertValueFitsDict(dict, b.itemValue);
    await assertItemValueFree(db, dict.id, b.itemValue);
    await db.insert(sysDictItem).values({
      id: newId(),
      dictId: dict.id,
      itemText: b.itemText,
      itemValue: b.itemValue,
      itemColor: b.itemColor,
      description: b.description,
      sortOrder: b.sortOrder ?? 0,
      status: b.status ?? 1,
      createBy: caller(req).user.username,
    });
    return okMessage('保存成功！');
  });

  app.route({
    ...routeOf(ENDPOINTS.dictItem.edit),
    handler: async (req) => {
      const b = parseWith(dictItemEditSchema, req.body);
      const item = await findDictItem(db, b.id);
      const dict = item && (await findDict(db, item.dictId));
      if (!item || !dict) throw new BizError(DICT_MSG.notFound);
      assertValueFitsDict(dict, b.itemValue);
      await assertItemValueFree(db, dict.id, b.itemValue, item.id);
      await db
        .update(sysDictItem)
        .set({
          itemText: b.itemText,
          itemValue: b.itemValue,
          itemColor: b.itemColor,
          description: b.description,
          sortOrder: b.sortOrder ?? item.sortOrder,
          status: b.status ?? item.status,
          updateBy: caller(req).user.username,
          updateTime: new Date(),
        })
        .where(eq(sysDictItem.id, item.id));
      return okMessage('编辑成功!');
    },
  });

  route<{ Querystring: Q }>(app, ENDPOINTS.dictItem.delete, async (req) => {
    const id = oneParam(req.query, 'id');
    if (!id) throw new BizError(NOTHING_SELECTED);
    const gone = await db.delete(sysDictItem).where(eq(sysDictItem.id, id)).returning({ id: sysDictItem.id });
    if (gone.length === 0) throw new BizError(DICT_MSG.notFound);
    return okMessage('删除成功!');
  });

  /** `ids` (the original client sends a trailing comma): all or nothing, every id an existing item. */
  route<{ Querystring: Q }>(app, ENDPOINTS.dictItem.deleteBatch, async (req) => {
    const ids = [...new Set(requiredIds(req.query.ids))];
    await db.transaction(async (tx) => {
      const gone = await tx
        .delete(sysDictItem)
        .where(inArray(sysDictItem.id, ids))
        .returning({ id: sysDictItem.id });
      if (gone.length !== ids.length) throw new BizError(DICT_MSG.notFound);
    });
    return okMessage('删除成功!');
  });

  /**
   * The item form's uniqueness check (JeecgBoot's doDictItemCheck): `itemValue` within the
   * dictionary `dictId`, the item `id` being edited left out.
   */
  route<{ Querystring: Q }>(app, ENDPOINTS.dictItem.dictItemCheck, async (req) => {
    const itemValue = oneParam(req.query, 'itemValue');
    const dictId = oneParam(req.query, 'dictId');
    if (!itemValue) throw new BizError(DICT_MSG.itemValueRequired);
    const dict = dictId ? await findDict(db, dictId) : undefined;
    if (!dict) throw new BizError(DICT_MSG.dictNotFound);
    await assertItemValueFree(db, dict.id, itemValue, oneParam(req.query, 'id'));
    return okMessage(DICT_MSG.itemValueFree);
  });

  /**
   * The editable grid's values `{dictId, rows, deleteIds}`: all or nothing. Needs dict:edit, plus
   * dict:add for new rows and dict:delete for removed ones. Answers the dictionary's items as saved;
   * with `dryRun` the same checks, then the counts it would write (nothing written).
   */
  route(app, ENDPOINTS.dictItem.saveBatch, async (req) => {
    const me = caller(req);
    const { dryRun, body } = dryRunOf(req.body);
    const b = parseWith(dictItemSaveBatchSchema, body);
    const dict = await findDict(db, b.dictId);
    if (!dict) throw new BizError(DICT_MSG.dictNotFound);
    const plan = await planItemBatch(db, dict, b.rows, b.deleteIds, me.user.username);
    if ((plan.inserts && !me.perms.has(PERM.dict.add)) || (plan.deletes && !me.perms.has(PERM.dict.delete)))
      return fail(MSG.noAuth, CODE.NO_AUTH);
    if (dryRun)
      return ok({ inserts: plan.inserts, updates: plan.updates, deletes: plan.deletes }, RESOURCE_MSG.dryRun);
    const written = new Set(await plan.run());
    const items = (await itemsOfDict(db, dict.id)).map((i) => dictItemJson(i, tz));
    // open item grids of this dictionary (any instance) show the rows this save inserted or changed
    await app.realtime.publishSaved(SOCKET_KEYS.dictItem, PERM.dict.list, requestCaseId(req.headers), () =>
      Promise.resolve(items.filter((i) => written.has(i.id))),
    );
    return ok(items, '保存成功！');
  });
}
