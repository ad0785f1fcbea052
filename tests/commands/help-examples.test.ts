/**
 * The terminal's help-example sweep (issue #27): every registered command shows at least one
 * example in `help <command>`, and every example runs through the real executor and script runner
 * against one seeded server without an error — with `--dry-run` when the command takes it
 * (commands without one write for real, on this suite's copy of the database).
 *
 * Commands of the console page (`page: true`: tabs, session, dialogs, the grid on screen) refuse to
 * run here; their examples run in the browser's terminal (tests/e2e/terminal-sweep.test.ts), and this
 * sweep checks that the browser's plan takes exactly the commands it leaves out.
 *
 * `PENDING` names the commands not there yet (no example, or one that fails, with the reason
 * printed by the test): the sweep fails when one of them is fixed and not struck off, and when any
 * other command falls short.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commandHelp } from '../../commands/core/help.ts';
import { exampleLines, terminalSweepPlan } from '../support/terminal-sweep.ts';
import { OSS_FILE_UPLOAD } from '../../src/shared/resources/oss-file.ts';
import { postParts } from '../server/import-support.ts';
import { serverHarness } from './server-harness.ts';

/** Commands whose examples are still to be written or fixed (keep it shrinking). */
const PENDING: readonly string[] = [];

let h: Awaited<ReturnType<typeof serverHarness>>;
beforeAll(async () => {
  h = await serverHarness('admin');
  // a command asking for confirmation is answered yes (a dry run asks nothing)
  h.state.answer = true;
  // The seed holds no data rule: the role and department data-rule examples name 职务管理's rules
  // (datarule add's own example runs after them, in registry order).
  // The other prerequisites the seed lacks, each made as an operator would: a draft notice
  // (notice release), a deleted user (recycle restore / purge), a message template (messageTemplate
  // test, edit, delete), a rejected and a disabled partner (partner resubmit, enable), draft
  // statements (statement edit, confirm), a second user's session (online forceLogout never
  // ends the caller's), a file in 文件管理 (uploaded as its 上传 does: ossFile download, delete).
  for (const line of [
    `datarule add 职务管理 示例规则 createBy = '#{sys_user_code}'`,
    'announcement add 示例草稿',
    'user add bin_demo 回收示例 --password Demo@12345',
    'user delete bin_demo',
    `messageTemplate add demo_tpl 示例模板 '你好，\${name}' --template-type 4`,
    // two partners of their own, so the seeded pending ones and the technicians stay as they are
    'partner add 示例商户甲 --partner-type 1 --contact 张三 --mobile 13800000011 --area 330106 --share-ratio 10',
    'partner list --status 待审核 | grep 示例商户甲 | partner reject --reason 示例',
    'partner add 示例商户乙 --partner-type 1 --contact 李四 --mobile 13800000012 --area 330106 --share-ratio 10',
    'partner list --status 待审核 | grep 示例商户乙 | partner approve',
    'partner list --status 正常 | grep 示例商户乙 | partner disable --reason 示例',
    'statement generate --month 2026-11',
    // a department role holding 职务管理, its department holding the menu and its data rule (dept
    // role users, savePermissions, datarule)
    'dept perm 财务部 职务管理',
    'dept datarule 财务部 职务管理 示例规则',
    'dept role add 财务部 fin_sweep 示例部门角色',
    'dept role savePermissions fin_sweep 职务管理 --depart 财务部',
    // every registered job class is scheduled by the seed: one is deleted, for job add to add back
    'job list --job-class-name org.jeecg.modules.quartz.job.SampleParamJob | job delete',
    // a pending order nobody was dispatched to (the seeded ones all were): the newest order, paid
    `order add 悦客6810 '2030-01-01 10:00:00' --travel-mode 打车 --distance 5 --source 客服 --item-list '[{"projectId":"全身推拿","quantity":1}]'`,
    'order list --status 待支付 | head 1 | order pay --pay-method 微信支付',
  ]) {
    const { results } = await h.terminal(line);
    const failed = results.filter((r) => r.status !== 'ok');
    expect(failed.map((r) => `${line}: ${r.status} ${r.error ?? ''}`)).toEqual([]);
  }
  const upload = await postParts(h.t, OSS_FILE_UPLOAD.path, h.token, [
    { name: 'file', filename: '示例说明.txt', content: Buffer.from('示例') },
  ]);
  expect(upload.body.success).toBe(true);
  await h.t.login('yuangong');
});
afterAll(async () => h?.close());

describe('help examples', () => {
  it('every command has one, shown by help, and each runs without an error', async () => {
    const problems: string[] = [];
    const reasons: string[] = [];
    /** the page commands, left to the browser sweep */
    const onPage: string[] = [];
    for (const def of h.registry.all()) {
      const examples = def.examples ?? [];
      if (!examples.length) {
        problems.push(def.id);
        reasons.push(`${def.id}: no example`);
        continue;
      }
      expect(commandHelp(def).join('\n')).toContain(examples[0]);
      if (def.page) {
        onPage.push(def.id);
        continue;
      }
      let failed = false;
      for (const line of exampleLines(def)) {
        const { results } = await h.terminal(line);
        const bad = results.find((r) => r.status !== 'ok');
        if (bad) {
          failed = true;
          reasons.push(`${def.id}: ${line} → ${bad.status} ${bad.error ?? ''}`);
        }
      }
      if (failed) problems.push(def.id);
    }
    // EXAMPLES_VERBOSE=1 prints the reasons (and the list) even when the list is up to date
    if (problems.join() !== PENDING.join() || process.env.EXAMPLES_VERBOSE)
      console.log(`${reasons.join('\n')}\nPENDING ${JSON.stringify(problems)}`);
    expect(problems).toEqual(PENDING);
    // nothing falls between the two sweeps: the browser's plan runs exactly the commands left out
    const plan = terminalSweepPlan(h.registry);
    expect(plan.unplanned, 'page commands no screen of the browser sweep offers').toEqual([]);
    expect(plan.runs.map((r) => r.def.id).sort()).toEqual(onPage.sort());
    expect(onPage.length).toBeGreaterThan(0);
    // every command of the registry, one after another: longer than one test usually takes
  });
});
