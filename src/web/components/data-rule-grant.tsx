import { useEffect, useState } from 'react';
import { Modal } from './modal.tsx';
import { Button } from './ui.tsx';
import { registerWidget, runCommand } from '../shell/runtime.ts';
import { RULE_CONDITION_TEXT, type RuleCondition } from '../../shared/data-rule.ts';
import type { RoleTreeNode } from '../../shared/role.ts';
import { DATA_RULE_GRANT_WIDGET, type DataRuleGrantProps } from '../../../commands/datarule/grant.ts';
import type { DataRuleSlot } from './permission-tree/permission-tree.tsx';

/**
 * The 数据规则 button of a menu with data rules in an authorisation tree: runs the grant command
 * (`role.datarule`, `dept.datarule`, `dept.role.datarule`) with the arguments naming the holder and
 * the menu; the dialog below opens.
 */
export const dataRuleButton =
  (
    commandId: string,
    argsOf: (node: RoleTreeNode, ownerId: string) => Record<string, unknown>,
  ): DataRuleSlot =>
  (node, ownerId) => (
    <Button
      size="sm"
      variant="link"
      aria-label={`${node.slotTitle} 数据规则`}
      onClick={(e) => {
        e.stopPropagation();
        void runCommand(commandId, argsOf(node, ownerId), 'button');
      }}
    >
      数据规则
    </Button>
  );

/** The 数据规则 button of the role 授权 drawer. */
export const roleDataRuleButton = dataRuleButton('role.datarule', (node, roleId) => ({
  role: roleId,
  menu: node.key,
}));

function Body({
  holder,
  menu,
  rules,
  checked: held,
  command,
  onClose,
}: DataRuleGrantProps & { onClose(): void }) {
  const [checked, setChecked] = useState(new Set(held));
  const save = async () => {
    const ids = [...checked];
    const result = await runCommand(
      command.id,
      { ...command.args, rules: ids, clear: ids.length === 0 },
      'button',
    );
    if (result) onClose();
  };
  return (
    <div className="space-y-3">
      <fieldset className="text-sm">
        <legend className="mb-2 text-gray-600">
          {holder} 在“{menu.name}”持有的数据规则
        </legend>
        <ul className="space-y-1">
          {rules.map((r) => (
            <li key={r.id}>
              <label className="flex items-center gap-2">
                <input
                  type="checkbox"
                  checked={checked.has(r.id)}
                  onChange={(e) => {
                    const next = new Set(checked);
                    if (e.target.checked) next.add(r.id);
                    else next.delete(r.id);
                    setChecked(next);
                  }}
                />
                <span>{r.ruleName}</span>
                <span className="font-mono text-xs text-gray-600">
                  {r.ruleColumn} {RULE_CONDITION_TEXT[r.ruleConditions as RuleCondition] ?? r.ruleConditions}{' '}
                  {r.ruleValue}
                </span>
                {r.status !== '1' && <span className="text-xs text-gray-600">（无效）</span>}
              </label>
            </li>
          ))}
        </ul>
      </fieldset>
      <div className="flex justify-end gap-2">
        <Button onClick={onClose}>取消</Button>
        <Button variant="primary" onClick={() => void save()}>
          保存
        </Button>
      </div>
    </div>
  );
}

/** The dialog the data-rule grant commands open on screen (registered while a page offering them is open). */
export function DataRuleGrantHost() {
  const [props, setProps] = useState<DataRuleGrantProps | null>(null);
  useEffect(
    () => registerWidget(DATA_RULE_GRANT_WIDGET, (p) => setProps(p as unknown as DataRuleGrantProps)),
    [],
  );
  return (
    <Modal open={!!props} onOpenChange={(o) => !o && setProps(null)} title="数据规则" width={600}>
      {props && (
        <Body
          key={`${props.command.id}-${JSON.stringify(props.command.args)}`}
          {...props}
          onClose={() => setProps(null)}
        />
      )}
    </Modal>
  );
}
