import { and, eq, inArray, or } from 'drizzle-orm';
import { z } from 'zod';
import {
  HTML_TEMPLATE_TYPES,
  parseTestData,
  renderTemplate,
  TEMPLATE_MSG,
} from '../../shared/message-template.ts';
import { MESSAGE_TEMPLATE, TEMPLATE_RENDER, TEMPLATE_SEND } from '../../shared/resources/message-template.ts';
import { sysAnnouncement, sysAnnouncementSend, sysMessageTemplate, sysUser } from '../db/schema/index.ts';
import { newId } from '../lib/query/ids.ts';
import { BizError, ok } from '../lib/http/result.ts';
import { route } from '../lib/http/route.ts';
import { parseWith, requiredIds } from '../lib/http/validate.ts';
import { caller } from '../plugins/auth.ts';
import { userReach } from '../repos/user-tenants.ts';
import type { ServerResource } from './register.ts';

const renderBody = z.object({
  templateCode: z.string().trim().max(100).optional(),
  templateContent: z.string().max(10_000).optional(),
  templateType: z.string().max(10).optional(),
  /** a JSON object, or its text (JeecgBoot's testData is text) */
  testData: z.union([z.string().max(4000), z.record(z.string(), z.unknown())]).optional(),
});

const sendBody = z.object({
  templateCode: z
    .string({ error: TEMPLATE_MSG.templateRequired })
    .trim()
    .min(1, TEMPLATE_MSG.templateRequired)
    .max(100),
  /** the channel: the system message ('4' of dict msgType, JeecgBoot's 'system') when left out */
  msgType: z.string().trim().max(32).optional(),
  receiver: z.string({ error: TEMPLATE_MSG.receiverRequired }).max(40_000),
  testData: z.union([z.string().max(4000), z.record(z.string(), z.unknown())]).optional(),
});

/** The channels sendMsg delivers through: the system message only. */
const SYSTEM_CHANNELS = new Set(['', '4', 'system']);
/** Most users one sendMsg reaches. */
const RECEIVER_CAP = 1000;

/** 消息模板: the generated family; test data must be a JSON object; the test render. */
export const messageTemplateServer: ServerResource = {
  resource: MESSAGE_TEMPLATE,
  table: sysMessageTemplate,
  hooks: {
    beforeSave({ data }) {
      if (
        typeof data.templateTestJson === 'string' &&
        typeof parseTestData(data.templateTestJson) === 'string'
      )
        throw new BizError(TEMPLATE_MSG.badJson);
    },
  },
  routes(app) {
    route(app, TEMPLATE_RENDER, async (req) => {
      const body = parseWith(renderBody, req.body ?? {});
      let content = body.templateContent;
      let type = body.templateType;
      let data = body.testData;
      if (body.templateCode) {
        const [row] = await app.db
          .select()
          .from(sysMessageTemplate)
          .where(eq(sysMessageTemplate.templateCode, body.templateCode));
        if (!row) throw new BizError(MESSAGE_TEMPLATE.decl.commands.ref.notFound);
        content ??= row.templateContent;
        type ??= row.templateType;
        data ??= row.templateTestJson ?? undefined;
      }
      if (!content) throw new BizError(TEMPLATE_MSG.noContent);
      const values = typeof data === 'object' ? data : parseTestData(data);
      if (typeof values === 'string') throw new BizError(values);
      return ok(renderTemplate(content, values, HTML_TEMPLATE_TYPES.includes(type ?? '')));
    });

    /**
     * 发送测试: the template filled with `testData`, titled by its name, delivered as a released
     * system message (msgCategory 2) to each receiver the caller reaches, then pushed to their bells.
     */
    route(app, TEMPLATE_SEND, async (req) => {
      const me = caller(req).user;
      const body = parseWith(sendBody, req.body ?? {});
      if (!SYSTEM_CHANNELS.has(body.msgType ?? '')) throw new BizError(TEMPLATE_MSG.channelUnsupported);
      const names = [...new Set(requiredIds(body.receiver, TEMPLATE_MSG.receiverRequired))];
      if (names.length > RECEIVER_CAP) throw new BizError(TEMPLATE_MSG.tooManyReceivers(RECEIVER_CAP));
      const [template] = await app.db
        .select()
        .from(sysMessageTemplate)
        .where(eq(sysMessageTemplate.templateCode, body.templateCode));
      if (!template) throw new BizError(MESSAGE_TEMPLATE.decl.commands.ref.notFound);
      const data = body.testData ?? template.templateTestJson ?? undefined;
      const values = typeof data === 'object' ? data : parseTestData(data);
      if (typeof values === 'string') throw new BizError(values);
      // the original client's picker sends usernames; ids are taken too
      const users = await app.db
        .select({ id: sysUser.id, username: sysUser.username })
        .from(sysUser)
        .where(
          and(
            or(inArray(sysUser.username, names), inArray(sysUser.id, names)),
            eq(sysUser.delFlag, 0),
            userReach(req),
          ),
        );
      const named = new Set(users.flatMap((u) => [u.id, u.username]));
      if (names.some((n) => !named.has(n))) throw new BizError(TEMPLATE_MSG.unknownReceivers);
      const userIds = [...new Set(users.map((u) => u.id))];
      const rendered = renderTemplate(
        template.templateContent,
        values,
        HTML_TEMPLATE_TYPES.includes(template.templateType),
      );
      const id = newId();
      const now = new Date();
      await app.db.transaction(async (tx) => {
        await tx.insert(sysAnnouncement).values({
          id,
          titile: template.templateName,
          msgContent: rendered.content,
          sender: me.username,
          priority: 'L',
          msgCategory: '2',
          msgType: 'USER',
          sendStatus: '1',
          sendTime: now,
          userIds: `${userIds.join(',')},`,
          createBy: me.username,
        });
        await tx
          .insert(sysAnnouncementSend)
          .values(userIds.map((userId) => ({ id: newId(), anntId: id, userId, createBy: me.username })));
      });
      for (const userId of userIds)
        app.notices.send(userId, { cmd: 'user', msgId: id, msgTxt: template.templateName });
      return ok(null, TEMPLATE_MSG.sent);
    });
  },
};
