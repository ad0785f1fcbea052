import { eq } from 'drizzle-orm';
import {
  CHECK_RULE_LIMITS,
  CHECK_RULE_MSG,
  checkRuleValue,
  parseCheckRule,
} from '../../shared/check-rule.ts';
import { CHECK_RULE, CHECK_RULE_CHECK } from '../../shared/resources/check-rule.ts';
import { sysCheckRule } from '../db/schema/index.ts';
import { BizError, bare, fail } from '../lib/http/result.ts';
import { route } from '../lib/http/route.ts';
import type { ServerResource } from './register.ts';

type Q = Record<string, string | undefined>;

/** The value of checkByCode: the client URL-encodes it once more (JeecgBoot decodes it again). */
function decodedValue(raw: string | undefined): string {
  const v = raw ?? '';
  try {
    return decodeURIComponent(v);
  } catch {
    return v;
  }
}

/**
 * 编码校验规则: the generated family, every saved rule's JSON checked (parts, digits, patterns that
 * compile), plus checkByCode for forms.
 */
export const checkRuleServer: ServerResource = {
  resource: CHECK_RULE,
  table: sysCheckRule,
  hooks: {
    beforeSave({ data }) {
      if (typeof data.ruleJson !== 'string') return;
      const parsed = parseCheckRule(data.ruleJson);
      if (!parsed.ok) throw new BizError(parsed.message);
      data.ruleJson = JSON.stringify(parsed.parts);
    },
  },
  routes(app) {
    route<{ Querystring: Q }>(app, CHECK_RULE_CHECK, async (req) => {
      const code = req.query.ruleCode?.trim();
      const [rule] = code
        ? await app.db.select().from(sysCheckRule).where(eq(sysCheckRule.ruleCode, code)).limit(1)
        : [];
      if (!rule) throw new BizError(CHECK_RULE_MSG.unknown);
      const value = decodedValue(req.query.value);
      if (value.length > CHECK_RULE_LIMITS.value) throw new BizError(CHECK_RULE_MSG.tooLong);
      const parsed = parseCheckRule(rule.ruleJson);
      if (!parsed.ok) throw new BizError(parsed.message);
      const failure = checkRuleValue(parsed.parts, value);
      return failure ? { ...fail(failure.message), result: failure } : bare(null);
    });
  },
};
