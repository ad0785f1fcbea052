import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { eq } from 'drizzle-orm';
import { RULE_MESSAGES } from '../../../../shared/validation.ts';
import { updatePasswordSchema } from '../../../../shared/user.ts';
import { sysUser } from '../../../db/schema/index.ts';
import { verifyPassword } from '../../../lib/access/password.ts';
import { BizError, bare, ok, okMessage } from '../../../lib/http/result.ts';
import { setPassword } from '../../../repos/user-write.ts';
import { parseWith } from '../../../lib/http/validate.ts';
import { userDeparts } from '../../../repos/departs.ts';
import { userJson } from '../../../repos/user-json.ts';
import { caller } from '../../../plugins/auth.ts';
import { ENDPOINTS } from '../../../../shared/endpoints.ts';
import { route, routeOf } from '../../../lib/http/route.ts';

const selectDepartBody = z.object({
  orgCode: z.string({ error: '请选择部门' }).trim().min(1, '请选择部门'),
  username: z.string().optional(),
});

/** What every signed-in user may do to their own account: departments and password. */
export default async function selfRoutes(app: FastifyInstance) {
  route(app, ENDPOINTS.self.departs, async (req) => {
    const { user } = caller(req);
    const departs = await userDeparts(app.db, user.id);
    return ok({ list: departs, orgCode: user.orgCode });
  });

  app.route({
    ...routeOf(ENDPOINTS.self.selectDepart),
    handler: async (req) => {
      const { user } = caller(req);
      const body = parseWith(selectDepartBody, req.body);
      if (body.username && body.username !== user.username) throw new BizError('只允许切换自己的部门！');
      const departs = await userDeparts(app.db, user.id);
      if (departs.length === 0) throw new BizError('您尚未设置部门信息!');
      if (!departs.some((d) => d.orgCode === body.orgCode)) throw new BizError('所选部门不属于当前用户');
      await app.db.update(sysUser).set({ orgCode: body.orgCode }).where(eq(sysUser.id, user.id));
      return bare({ userInfo: userJson({ ...user, orgCode: body.orgCode }, app.config.timezone) });
    },
  });

  route(
    app,
    ENDPOINTS.self.updatePassword,
    { config: { whilePasswordChangeRequired: true } },
    async (req) => {
      const { user } = caller(req);
      const body = parseWith(updatePasswordSchema, req.body);
      if (body.username && body.username !== user.username) throw new BizError('只允许修改自己的密码！');
      if (body.password !== body.confirmpassword) throw new BizError(RULE_MESSAGES.passwordMismatch);
      if (!(await verifyPassword(user, body.oldpassword)).ok) throw new BizError('旧密码输入错误!');
      if (user.mustChangePassword && body.password === body.oldpassword)
        throw new BizError('新密码不能与旧密码相同');
      await setPassword(app.db, user.id, body.password, user.username, { mustChange: false });
      return okMessage('密码重置成功!');
    },
  );
}
