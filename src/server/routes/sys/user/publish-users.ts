import type { FastifyInstance, FastifyRequest } from 'fastify';
import { PERM } from '../../../../shared/permissions.ts';
import { SOCKET_KEYS } from '../../../../shared/realtime.ts';
import { decorateUsers, selectUsersWithNames, USER_RULE_TARGET } from '../../../repos/users.ts';
import { requestCaseId } from '../../../lib/realtime/vxe-hub.ts';
import { liveUsersIn } from '../../../repos/user-write.ts';
import { hiddenByCode } from '../../../lib/access/field-rights.ts';
import { userTenantIds } from '../../../lib/access/tenant-scope.ts';
import { USER_FIELD_KEYS } from './read.ts';

/**
 * Send saved users, as the list shows them, to every open users grid (all instances): an
 * administrator's save (crud.ts) and a user's save of their own profile (account.ts).
 */
export const publishSavedUsers = async (app: FastifyInstance, req: FastifyRequest, ids: string[]) =>
  app.realtime.publishSaved(
    SOCKET_KEYS.user,
    PERM.user.list,
    requestCaseId(req.headers),
    async () =>
      decorateUsers(app.db, await selectUsersWithNames(app.db, liveUsersIn(ids)), app.config.timezone),
    {
      // a user's row reaches only the grids of users sharing one of its tenants, without the
      // fields they lack the rights of
      tenantsOf: (row) =>
        userTenantIds({ relTenantIds: (row as { relTenantIds?: string | null }).relTenantIds ?? null }),
      hiddenBy: await hiddenByCode(app, PERM.user.list, USER_FIELD_KEYS),
      // receivers whose data rules narrow the user list refetch it instead
      ruleMenu: USER_RULE_TARGET.component,
    },
  );
