import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, ne } from 'drizzle-orm';
import { yyProject, yyTechnician, yyTechnicianService } from '../../src/server/db/schema/index.ts';
import { TECHNICIAN } from '../../src/shared/resources/technician.ts';
import { TECH_SERVICE, TECH_SERVICE_MSG } from '../../src/shared/resources/technician-service.ts';
import { createTestApp, type TestApp } from '../support/app.ts';
import { addUser, hideByRule, loginAdded, roleWithout } from '../support/tenant-users.ts';

/**
 * 技师服务 addBatch reaches its technician through the caller's row scope (lib/access/row-scope.ts
 * `rowReach` of 技师): a technician a data rule hides from the caller is as missing, and gets no
 * service through it.
 */
let t: TestApp;
let admin: string;
let ruled: string;
let hidden: string;
let visible: string;
let project: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin');
  const db = t.database.db;
  const role = await roleWithout(t, 'tech_ruled');
  await addUser(t, admin, 'tech_ruled', { roleId: role, tenants: '1', phone: '13700000031' });
  const technicians = await db
    .select({ id: yyTechnician.id })
    .from(yyTechnician)
    .where(ne(yyTechnician.workStatus, '4'))
    .limit(2);
  [hidden, visible] = technicians.map((r) => r.id) as [string, string];
  [{ id: project }] = (await db
    .select({ id: yyProject.id })
    .from(yyProject)
    .where(eq(yyProject.status, '1'))
    .limit(1)) as [{ id: string }];
  // neither technician offers the project yet
  await db.delete(yyTechnicianService).where(eq(yyTechnicianService.projectId, project));
  await hideByRule(t, role, TECHNICIAN.decl.component!, hidden);
  ruled = await loginAdded(t, 'tech_ruled');
});
afterAll(async () => t?.close());

const services = (technicianId: string) =>
  t.database.db
    .select({ id: yyTechnicianService.id })
    .from(yyTechnicianService)
    .where(eq(yyTechnicianService.technicianId, technicianId));

describe('addBatch within the caller’s row scope', () => {
  it('refuses a technician hidden by a data rule as missing, and serves a visible one', async () => {
    const batch = (technicianId: string) =>
      t.call('POST', `${TECH_SERVICE.decl.path}/addBatch`, {
        token: ruled,
        body: { technicianId, projectIds: [project] },
      });
    const before = (await services(hidden)).length;
    expect((await batch(hidden)).body).toMatchObject({
      success: false,
      message: TECH_SERVICE_MSG.technicianInvalid,
    });
    expect(await services(hidden)).toHaveLength(before);
    // the same caller opens the project for a technician they reach
    expect((await batch(visible)).body).toMatchObject({ success: true, message: '已开通 1 个项目' });
    // the administrator, whom no rule narrows, reaches the hidden one
    const asAdmin = await t.call('POST', `${TECH_SERVICE.decl.path}/addBatch`, {
      token: admin,
      body: { technicianId: hidden, projectIds: [project] },
    });
    expect(asAdmin.body).toMatchObject({ success: true });
    expect(await services(hidden)).toHaveLength(before + 1);
  });
});
