import { eq } from 'drizzle-orm';
import { z } from 'zod';
import {
  HTML_TEMPLATE_TYPES,
  parseTestData,
  renderTemplate,
  TEMPLATE_MSG,
} from '../../shared/message-template.ts';
import { MESSAGE_TEMPLATE, TEMPLATE_RENDER } from '../../shared/resources/message-template.ts';
import { sysMessageTemplate } from '../db/schema/index.ts';
import { BizError, ok } from '../lib/http/result.ts';
import { route } from '../lib/http/route.ts';
import { parseWith } from '../lib/http/validate.ts';
import type { ServerResource } from './register.ts';

const renderBody = z.object({
  templateCode: z.string().trim().max(100).optional(),
  templateContent: z.string().max(10_000).optional(),
  templateType: z.string().max(10).optional(),
  /** a JSON object, or its text (JeecgBoot's testData is text) */
  testData: z.union([z.string().max(4000), z.record(z.string(), z.unknown())]).optional(),
});

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
  },
};
