import { invoke, type EndpointContract } from '../../src/shared/contracts.ts';
import type { RoleDataRules } from '../../src/shared/data-rule.ts';
import type { CommandContext, CommandResult } from '../core/types.ts';
import { RULE_COLUMNS, findRule, ruleRow } from './targets.ts';

/** The widget the grant commands open on screen: the rules offered on a menu, those held checked. */
export const DATA_RULE_GRANT_WIDGET = 'datarule.grant';

/**
 * Who is given a menu's data rules (a role, a department, a department role) and through which
 * endpoints: the same grant for the three (`role datarule`, `dept datarule`, `dept role datarule`).
 */
export interface RuleHolder {
  /** the holder as messages and the dialog name it */
  name: string;
  /** GET of the rules offered on the menu and those held (`drChecked`), its path filled */
  rulesPath: string;
  save: EndpointContract;
  /** the body fields naming the holder in the save */
  body: Record<string, string>;
  /** the command and its arguments naming holder and menu: the dialog runs it again to save */
  command: { id: string; args: Record<string, unknown> };
  invalidate: unknown[][];
}

/** What the grant dialog is opened with. */
export interface DataRuleGrantProps extends Record<string, unknown> {
  holder: string;
  menu: { id: string; name: string };
  rules: RoleDataRules['datarule'];
  checked: string[];
  command: RuleHolder['command'];
}

/**
 * Show or set the data rules a holder holds on a menu. Without rules: the rules offered, those
 * held marked (on screen, a dialog to check them); with rules: the holder holds exactly these;
 * `clear`: none; `dryRun`: say what would be held, change nothing.
 */
export async function grantRules(
  ctx: CommandContext,
  holder: RuleHolder,
  menu: { id: string; name: string },
  opts: { rules?: string[]; clear?: boolean; dryRun?: boolean },
): Promise<CommandResult | undefined> {
  const held = await ctx.api.get<RoleDataRules>(holder.rulesPath);
  const checked = new Set((held.drChecked ?? '').split(',').filter(Boolean));
  const words = (opts.rules ?? []).flatMap((w) => w.split(',')).filter(Boolean);
  if (!opts.clear && words.length === 0) {
    if (ctx.open) {
      const props: DataRuleGrantProps = {
        holder: holder.name,
        menu,
        rules: held.datarule,
        checked: [...checked],
        command: holder.command,
      };
      await ctx.open(DATA_RULE_GRANT_WIDGET, props);
      return undefined;
    }
    const rows = held.datarule.map((r) => ({ ...ruleRow(r), held: checked.has(r.id) ? '✓' : '' }));
    return {
      message: `${holder.name} 在“${menu.name}”持有 ${checked.size} 条数据规则`,
      table: { columns: [{ key: 'held', title: '持有' }, ...RULE_COLUMNS], rows },
      records: rows,
    };
  }
  const chosen = opts.clear ? [] : words.map((w) => findRule(held.datarule, w));
  const ids = chosen.map((r) => r.id);
  if (opts.dryRun) {
    const rows = held.datarule
      .filter((r) => checked.has(r.id) !== ids.includes(r.id))
      .map((r) => ({ ...ruleRow(r), held: ids.includes(r.id) ? '+' : '−' }));
    return {
      message: `演练：${holder.name} 在“${menu.name}”将持有 ${ids.length} 条数据规则，变更 ${rows.length} 条（未执行）`,
      table: { columns: [{ key: 'held', title: '变更' }, ...RULE_COLUMNS], rows },
    };
  }
  const message = await invoke<string>(ctx.api, holder.save, {
    permissionId: menu.id,
    ...holder.body,
    dataRuleIds: ids.join(','),
  });
  return {
    message: `${String(message)}（${holder.name} · ${menu.name}：${ids.length} 条数据规则）`,
    invalidate: holder.invalidate,
  };
}
