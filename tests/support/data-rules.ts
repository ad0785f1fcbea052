import { eq } from 'drizzle-orm';
import type { Db } from '../../src/server/db/client.ts';
import { sysPermission, sysPermissionDataRule } from '../../src/server/db/schema/index.ts';
import { newId } from '../../src/server/lib/query/ids.ts';

/**
 * Give 职务管理 (/isystem/position) a data rule limiting it to the caller's department
 * (`sysOrgCode RIGHT_LIKE #{sys_org_code}`), written straight into the tables: the menu and the
 * new rule's id.
 */
export async function positionDepartmentRule(db: Db, ruleName: string) {
  const [menu] = await db.select().from(sysPermission).where(eq(sysPermission.url, '/isystem/position'));
  if (!menu) throw new Error('the seeded 职务管理 menu is missing');
  const ruleId = newId();
  await db.insert(sysPermissionDataRule).values({
    id: ruleId,
    permissionId: menu.id,
    ruleName,
    ruleColumn: 'sysOrgCode',
    ruleConditions: 'RIGHT_LIKE',
    ruleValue: '#{sys_org_code}',
  });
  await db.update(sysPermission).set({ ruleFlag: 1 }).where(eq(sysPermission.id, menu.id));
  return { menu, ruleId };
}
