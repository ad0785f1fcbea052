/**
 * The two help-example sweeps share one split of the registry: commands of the console page
 * (`page: true`) are run in the browser's terminal (tests/e2e/terminal-sweep.test.ts), every other
 * command against the server alone (tests/commands/help-examples.test.ts), which checks that the
 * browser plan below takes exactly the commands it leaves out.
 */
import { describeArgs } from '../../commands/core/schema-info.ts';
import type { CommandRegistry } from '../../commands/core/registry.ts';
import type { CommandDefinition, ContextKeys } from '../../commands/core/types.ts';

/** The command lines of a command's help examples, with `--dry-run` when the command takes it. */
export function exampleLines(def: CommandDefinition): string[] {
  const dryRun = describeArgs(def).some((f) => f.name === 'dryRun');
  return (def.examples ?? []).map((e) => (dryRun ? `${e} --dry-run` : e));
}

/**
 * Where the browser sweep runs a page command, in this order: on a list page (用户管理: its grid
 * with export, import and 高级查询, a row ticked), on the editable-grid demo (a row ticked), on
 * 部门管理 (its sheet's 导出 and 导入), on 分析页 (its charts), among several tabs, and last what
 * ends the session.
 */
export type SweepStage = 'list' | 'editable' | 'depart' | 'charts' | 'tabs' | 'last';
export const SWEEP_STAGES: readonly SweepStage[] = ['list', 'editable', 'depart', 'charts', 'tabs', 'last'];
/** The 部门管理 page the `depart` stage runs on. */
export const DEPART_PAGE = '/isystem/depart';
/** The page with charts the `charts` stage runs on (分析页). */
export const CHARTS_PAGE = '/dashboard/analysis';

/** The context keys each screen of the sweep gives (a command goes to the first whose keys its `when` accepts). */
const STAGE_KEYS: Record<'list' | 'editable' | 'depart' | 'charts', ContextKeys> = {
  list: {
    grid: {
      pageKey: 'user',
      title: '用户',
      exportUrl: '/sys/user/exportXls',
      importUrl: '/sys/user/importExcel',
      queryKey: ['users'],
      superQuery: true,
    },
    selection: ['1'],
  },
  editable: { editableGrid: true },
  depart: { route: DEPART_PAGE },
  charts: { route: CHARTS_PAGE },
};

/** Commands that end the session: nothing can run after them on the page. */
const ENDS_SESSION = new Set(['auth.logout']);

export interface SweepRun {
  def: CommandDefinition;
  stage: SweepStage;
  lines: string[];
}

/**
 * The browser sweep's plan: every page command of the registry with its stage, stages in order
 * (registry order inside a stage); `unplanned` names page commands that no stage offers.
 */
export function terminalSweepPlan(registry: CommandRegistry): { runs: SweepRun[]; unplanned: string[] } {
  const runs: SweepRun[] = [];
  const unplanned: string[] = [];
  const accepts = (def: CommandDefinition, keys: ContextKeys) => {
    try {
      return !def.when || def.when({ username: 'admin', ...keys });
    } catch {
      return false;
    }
  };
  for (const def of registry.all()) {
    if (!def.page) continue;
    const stage: SweepStage | undefined = ENDS_SESSION.has(def.id)
      ? 'last'
      : def.id.startsWith('tab.')
        ? 'tabs'
        : accepts(def, STAGE_KEYS.list)
          ? 'list'
          : accepts(def, STAGE_KEYS.editable)
            ? 'editable'
            : accepts(def, STAGE_KEYS.depart)
              ? 'depart'
              : accepts(def, STAGE_KEYS.charts)
                ? 'charts'
                : undefined;
    if (stage) runs.push({ def, stage, lines: exampleLines(def) });
    else unplanned.push(def.id);
  }
  runs.sort((a, b) => SWEEP_STAGES.indexOf(a.stage) - SWEEP_STAGES.indexOf(b.stage));
  return { runs, unplanned };
}
