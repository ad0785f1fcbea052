/**
 * The terminal's help-example sweep (issue #27): every registered command shows at least one
 * example in `help <command>`, and every example runs through the real executor and script runner
 * against one seeded server without an error — with `--dry-run` when the command takes it
 * (commands without one write for real, on this suite's copy of the database).
 *
 * `PENDING` names the commands not there yet (no example, or one that fails, with the reason
 * printed by the test): the sweep fails when one of them is fixed and not struck off, and when any
 * other command falls short.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeArgs } from '../../commands/core/schema-info.ts';
import { commandHelp } from '../../commands/core/help.ts';
import { serverHarness } from './server-harness.ts';

/** Commands whose examples are still to be written or fixed (keep it shrinking). */
const PENDING: readonly string[] = [
  'tab.closeLeft',
  'tab.closeOthers',
  'tab.closeRight',
  'tab.close',
  'account.changePassword',
  'account.switchDepart',
  'auth.logout',
  'file.upload',
  'grid.addRow',
  'grid.deleteRows',
  'grid.detail',
  'grid.export',
  'grid.import',
  'grid.insertRow',
  'grid.moveDown',
  'grid.moveUp',
  'grid.refresh',
  'grid.popup',
  'grid.superQuery',
  'dict.saveItems',
  'commission.royalty',
  'dispatch.explain',
  'techShift.week',
  'techShift.saveWeek',
  'order.quote',
  'notice.release',
  'notice.revoke',
  'ossFile.upload',
  'ossFile.download',
  'messageTemplate.test',
  'log.clear',
  'log.tail',
  'dept.move',
  'dept.add',
  'dept.delete',
  'dept.role.add',
  'dept.role.delete',
  'dept.savePermissions',
  'dept.role.savePermissions',
  'dept.role.users',
  'dept.datarule',
  'dept.role.datarule',
  'online.forceLogout',
  'recycle.restore',
  'recycle.purge',
  'role.authorize',
  'role.savePermissions',
  'role.datarule',
  'menu.add',
  'menu.edit',
  'menu.delete',
  'datarule.edit',
  'datarule.delete',
  'user.tenant',
  'technician.services.add',
  'user.delete',
  'user.resetPassword',
  'platformConfig.edit',
  'appVersion.add',
  'fare.add',
  'partner.add',
  'partner.resubmit',
  'partner.enable',
  'project.add',
  'technician.add',
  'techService.add',
  'techShift.add',
  'techShiftException.add',
  'dispatchCity.add',
  'banner.add',
  'banner.edit',
  'goods.add',
  'customer.add',
  'checkRule.add',
  'category.edit',
  'job.add',
  'ossFile.delete',
  'messageTemplate.add',
  'messageTemplate.edit',
  'messageTemplate.delete',
  'tenant.add',
  'tenant.edit',
  'order.add',
  'order.assign',
  'commission.add',
  'withdraw.add',
  'materialOrder.add',
  'statement.edit',
  'statement.confirm',
];

let h: Awaited<ReturnType<typeof serverHarness>>;
beforeAll(async () => {
  h = await serverHarness('admin');
  // a command asking for confirmation is answered yes (a dry run asks nothing)
  h.state.answer = true;
});
afterAll(async () => h?.close());

describe('help examples', () => {
  it('every command has one, shown by help, and each runs without an error', async () => {
    const problems: string[] = [];
    const reasons: string[] = [];
    for (const def of h.registry.all()) {
      const examples = def.examples ?? [];
      if (!examples.length) {
        problems.push(def.id);
        reasons.push(`${def.id}: no example`);
        continue;
      }
      expect(commandHelp(def).join('\n')).toContain(examples[0]);
      const dryRun = describeArgs(def).some((f) => f.name === 'dryRun');
      let failed = false;
      for (const example of examples) {
        const line = dryRun ? `${example} --dry-run` : example;
        const { results } = await h.terminal(line);
        const bad = results.find((r) => r.status !== 'ok');
        if (bad) {
          failed = true;
          reasons.push(`${def.id}: ${line} → ${bad.status} ${bad.error ?? ''}`);
        }
      }
      if (failed) problems.push(def.id);
    }
    if (problems.join() !== PENDING.join()) console.log(reasons.join('\n'));
    expect(problems).toEqual(PENDING);
  });
});
