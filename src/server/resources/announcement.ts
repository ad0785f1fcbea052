import type { FastifyInstance, FastifyRequest } from 'fastify';
import { and, count, desc, eq, inArray, like, notExists, sql } from 'drizzle-orm';
import {
  ANNOUNCEMENT,
  NOTICE_ENDPOINTS,
  NOTICE_MSG,
  SEND_STATUS,
  type NoticeItem,
} from '../../shared/resources/announcement.ts';
import { sysAnnouncement, sysAnnouncementSend, sysUser } from '../db/schema/index.ts';
import type { Db } from '../db/client.ts';
import { newId } from '../lib/query/ids.ts';
import { escapeLike, parsePaging, str } from '../lib/query/query-generator.ts';
import { BizError, bare, ok, okMessage, page } from '../lib/http/result.ts';
import { route } from '../lib/http/route.ts';
import { formatDateTime } from '../lib/http/time.ts';
import { NOTHING_SELECTED, oneParam, requiredIds } from '../lib/http/validate.ts';
import { caller } from '../plugins/auth.ts';
import { rowReach } from '../lib/access/row-scope.ts';
import type { ServerResource } from './register.ts';
import { valueAfter } from './types.ts';
import { RESOURCE_MSG } from '../../shared/resources/define.ts';

type Q = Record<string, string | undefined>;
type Row = typeof sysAnnouncement.$inferSelect;

const live = () => eq(sysAnnouncement.delFlag, '0');
const userIdList = (v: unknown) =>
  String(v ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);

/** Deliver every released ALL notice the user has no row of yet (JeecgBoot does this on listByUser). */
async function deliverBroadcasts(db: Db, userId: string) {
  await db
    .insert(sysAnnouncementSend)
    .select(
      db
        .select({
          id: sql<string>`substr(md5(${sysAnnouncement.id} || ${userId}), 1, 32)`.as('id'),
          anntId: sysAnnouncement.id,
          userId: sql<string>`${userId}`.as('user_id'),
          readFlag: sql<string>`'0'`.as('read_flag'),
          readTime: sql<Date | null>`null`.as('read_time'),
          createBy: sql<string>`'system'`.as('create_by'),
          createTime: sql<Date>`now()`.as('create_time'),
          updateBy: sql<string | null>`null`.as('update_by'),
          updateTime: sql<Date | null>`null`.as('update_time'),
        })
        .from(sysAnnouncement)
        .where(
          and(
            live(),
            eq(sysAnnouncement.msgType, 'ALL'),
            eq(sysAnnouncement.sendStatus, SEND_STATUS.released),
            notExists(
              db
                .select({ one: sql`1` })
                .from(sysAnnouncementSend)
                .where(
                  and(
                    eq(sysAnnouncementSend.anntId, sysAnnouncement.id),
                    eq(sysAnnouncementSend.userId, userId),
                  ),
                ),
            ),
          ),
        ),
    )
    .onConflictDoNothing();
}

/** A user's deliveries of released, live notices, newest first. */
function myNotices(db: Db, userId: string, where: ReturnType<typeof and>) {
  return db
    .select({ a: sysAnnouncement, s: sysAnnouncementSend })
    .from(sysAnnouncementSend)
    .innerJoin(sysAnnouncement, eq(sysAnnouncement.id, sysAnnouncementSend.anntId))
    .where(
      and(
        eq(sysAnnouncementSend.userId, userId),
        live(),
        eq(sysAnnouncement.sendStatus, SEND_STATUS.released),
        where,
      ),
    );
}

const item = (a: Row, readFlag: string, tz: string, sendId?: string): NoticeItem => ({
  id: sendId ?? a.id,
  anntId: a.id,
  titile: a.titile,
  msgContent: a.msgContent,
  sender: a.sender,
  sendTime: formatDateTime(a.sendTime, tz),
  createTime: formatDateTime(a.createTime, tz),
  priority: a.priority,
  msgCategory: a.msgCategory,
  openType: a.openType,
  openPage: a.openPage,
  readFlag,
});

/** The users a notice names (`USER` notices): the refusal when there are none or unknown ones. */
async function usersRefusal(db: Db, row: Record<string, unknown>): Promise<string | undefined> {
  if (row.msgType !== 'USER') return undefined;
  const users = userIdList(row.userIds);
  if (!users.length) return NOTICE_MSG.noUsers;
  const found = await db.select({ id: sysUser.id }).from(sysUser).where(inArray(sysUser.id, users));
  return found.length !== new Set(users).size ? NOTICE_MSG.unknownUsers : undefined;
}

/** Push to the bells a notice reaches: its chosen users, or every socket. */
function push(app: FastifyInstance, rows: Array<Record<string, unknown>>, withText: boolean) {
  for (const row of rows) {
    const message = {
      msgId: String(row.id),
      // the category lets each bell decide whether it alerts (账户设置 → 新消息通知)
      ...(row.msgCategory != null ? { msgCategory: String(row.msgCategory) } : {}),
      ...(withText ? { msgTxt: String(row.titile) } : {}),
    };
    if (row.msgType === 'USER')
      for (const u of new Set(userIdList(row.userIds))) app.notices.send(u, { cmd: 'user', ...message });
    else app.notices.send(null, { cmd: 'topic', ...message });
  }
}

/**
 * 系统通告: the generated list, add and edit of live notices (deletes are logical), release and
 * revoke (pushed live), and the reader's calls: listByUser, mark read, read all, 我的消息.
 */
export const announcementServer: ServerResource = {
  resource: ANNOUNCEMENT,
  table: sysAnnouncement,
  scope: live,
  hooks: {
    async beforeSave({ db, data, original }) {
      const type = data.msgType ?? original?.msgType ?? 'ALL';
      if (data.msgType === null) data.msgType = 'ALL';
      if (data.priority === null) data.priority = 'L';
      if (data.msgCategory === null) data.msgCategory = '1';
      if (type !== 'USER') return;
      // a user list sent empty clears it: the notice must not be stored as USER without users
      const users = userIdList(valueAfter(data, original, 'userIds'));
      if (!users.length) throw new BizError(NOTICE_MSG.noUsers);
      const found = await db.select({ id: sysUser.id }).from(sysUser).where(inArray(sysUser.id, users));
      if (found.length !== new Set(users).size) throw new BizError(NOTICE_MSG.unknownUsers);
    },
  },
  transitions: {
    // release: marked sent, delivered to chosen users in the same transaction, pushed after commit
    release: {
      guard: ({ tx, row }) => usersRefusal(tx, row),
      set: ({ user }) => ({ sendTime: new Date(), sender: user.username, cancelTime: null }),
      async effects({ tx, row, user }) {
        if (row.msgType !== 'USER') return;
        await tx
          .insert(sysAnnouncementSend)
          .values(
            [...new Set(userIdList(row.userIds))].map((userId) => ({
              id: newId(),
              anntId: row.id,
              userId,
              createBy: user.username,
            })),
          )
          .onConflictDoNothing();
      },
      afterCommit: ({ app, rows }) => push(app, rows, true),
    },
    // revoke: bells re-read their list and the revoked notice leaves them
    revoke: {
      set: () => ({ cancelTime: new Date() }),
      afterCommit: ({ app, rows }) => push(app, rows, false),
    },
  },
  override: {
    delete: () => async (req) => {
      const id = oneParam(req.query, 'id');
      if (!id) throw new BizError(NOTHING_SELECTED);
      return retire(req, [id]);
    },
    deleteBatch: () => async (req) => retire(req, [...new Set(requiredIds(req.query.ids))]),
  },
  routes(app) {
    const db = app.db;
    const tz = app.config.timezone;

    route<{ Querystring: Q }>(app, NOTICE_ENDPOINTS.listByUser, async (req) => {
      const me = caller(req).user;
      await deliverBroadcasts(db, me.id);
      const size = Math.min(Math.max(Number(req.query.pageSize) || 5, 1), 50);
      const of = async (category: string) => {
        const where = and(eq(sysAnnouncementSend.readFlag, '0'), eq(sysAnnouncement.msgCategory, category));
        const [rows, [total]] = await Promise.all([
          myNotices(db, me.id, where).orderBy(desc(sysAnnouncement.sendTime)).limit(size),
          db
            .select({ n: count() })
            .from(sysAnnouncementSend)
            .innerJoin(sysAnnouncement, eq(sysAnnouncement.id, sysAnnouncementSend.anntId))
            .where(
              and(
                eq(sysAnnouncementSend.userId, me.id),
                live(),
                eq(sysAnnouncement.sendStatus, SEND_STATUS.released),
                where,
              ),
            ),
        ]);
        return { list: rows.map((r) => ({ ...item(r.a, '0', tz), id: r.a.id })), total: total?.n ?? 0 };
      };
      const [annt, sys] = [await of('1'), await of('2')];
      return ok({
        anntMsgList: annt.list,
        anntMsgTotal: annt.total,
        sysMsgList: sys.list,
        sysMsgTotal: sys.total,
      });
    });

    route(app, NOTICE_ENDPOINTS.read, async (req) => {
      const me = caller(req).user;
      const anntId = str((req.body as Q | null)?.anntId) ?? '';
      await db
        .update(sysAnnouncementSend)
        .set({ readFlag: '1', readTime: new Date(), updateBy: me.username, updateTime: new Date() })
        .where(and(eq(sysAnnouncementSend.anntId, anntId), eq(sysAnnouncementSend.userId, me.id)));
      return bare(null);
    });

    route(app, NOTICE_ENDPOINTS.readAll, async (req) => {
      const me = caller(req).user;
      await deliverBroadcasts(db, me.id);
      await db
        .update(sysAnnouncementSend)
        .set({ readFlag: '1', readTime: new Date() })
        .where(and(eq(sysAnnouncementSend.userId, me.id), eq(sysAnnouncementSend.readFlag, '0')));
      app.notices.send(me.id, { cmd: 'topic' });
      return okMessage(NOTICE_MSG.readAll);
    });

    route<{ Querystring: Q }>(app, NOTICE_ENDPOINTS.syncNotic, async (req) => {
      const me = caller(req).user;
      const anntId = oneParam(req.query, 'anntId');
      if (anntId) {
        const [mine] = await myNotices(db, me.id, eq(sysAnnouncement.id, anntId)).limit(1);
        if (!mine) throw new BizError(RESOURCE_MSG.notFound);
      }
      // no text: the bell reloads without reading the title aloud again
      app.notices.send(me.id, { cmd: 'topic' });
      return bare(null);
    });

    route<{ Querystring: Q }>(app, NOTICE_ENDPOINTS.mine, async (req) => {
      const me = caller(req).user;
      await deliverBroadcasts(db, me.id);
      const q = req.query;
      const { pageNo, pageSize, offset } = parsePaging(q);
      const title = str(q.titile);
      const where = and(
        title ? like(sysAnnouncement.titile, `%${escapeLike(title)}%`) : undefined,
        str(q.readFlag) ? eq(sysAnnouncementSend.readFlag, str(q.readFlag)!) : undefined,
        str(q.msgCategory) ? eq(sysAnnouncement.msgCategory, str(q.msgCategory)!) : undefined,
        str(q.sender) ? eq(sysAnnouncement.sender, str(q.sender)!) : undefined,
      );
      const rows = await myNotices(db, me.id, where)
        .orderBy(desc(sysAnnouncement.sendTime), desc(sysAnnouncementSend.id))
        .limit(pageSize)
        .offset(offset);
      const [total] = await db
        .select({ n: count() })
        .from(sysAnnouncementSend)
        .innerJoin(sysAnnouncement, eq(sysAnnouncement.id, sysAnnouncementSend.anntId))
        .where(
          and(
            eq(sysAnnouncementSend.userId, me.id),
            live(),
            eq(sysAnnouncement.sendStatus, SEND_STATUS.released),
            where,
          ),
        );
      return bare(
        page(
          rows.map((r) => item(r.a, r.s.readFlag, tz, r.s.id)),
          total?.n ?? 0,
          pageNo,
          pageSize,
        ),
      );
    });
  },
};

/** Delete notices logically (JeecgBoot's del_flag), all or nothing. */
async function retire(req: FastifyRequest, ids: string[]) {
  const by = caller(req).user.username;
  // a notice out of the caller's reach (data rules) is not there for them
  const reach = await rowReach(req, announcementServer);
  await req.server.db.transaction(async (tx) => {
    const gone = await tx
      .update(sysAnnouncement)
      .set({ delFlag: '1', updateBy: by, updateTime: new Date() })
      .where(and(inArray(sysAnnouncement.id, ids), live(), reach))
      .returning({ id: sysAnnouncement.id });
    if (gone.length !== ids.length) throw new BizError(ANNOUNCEMENT.notFound);
  });
  return okMessage(RESOURCE_MSG.deleted);
}
