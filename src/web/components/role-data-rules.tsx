import { useEffect, useState } from 'react';
import { Modal } from './modal.tsx';
import { Button } from './ui.tsx';
import { registerWidget, runCommand } from '../shell/runtime.ts';
import { RULE_CONDITION_TEXT, type DataRuleJson, type RuleCondition } from '../../shared/data-rule.ts';
import type { RoleTreeNode } from '../../shared/role.ts';

/** A role as the role list answers it (what the dialog needs). */
interface RoleRef {
  id: string;
  roleCode: string;
  roleName: string;
}

/** What `role.datarule` opens on screen: the menu's rules and those the role holds. */
export interface RoleDataRulesProps {
  role: RoleRef;
  menu: { id: string; name: string };
  rules: DataRuleJson[];
  checked: string[];
}

/**
 * The 数据规则 button of a menu with data rules in the role's authorisation tree: runs
 * `role.datarule` for that role and menu (the dialog below opens).
 */
export const roleDataRuleButton = (node: RoleTreeNode, roleId: string) => (
  <Button
    size="sm"
    variant="link"
    aria-label={`${node.slotTitle} 数据规则`}
    onClick={(e) => {
      e.stopPropagation();
      void runCommand('role.datarule', { role: roleId, menu: node.key }, 'button');
    }}
  >
    数据规则
  </Button>
);

function Body({ role, menu, rules, checked: held, onClose }: RoleDataRulesProps & { onClose(): void }) {
  const [checked, setChecked] = useState(new Set(held));
  const save = async () => {
    const ids = [...checked];
    const result = await runCommand(
      'role.datarule',
      { role: role.roleCode, menu: menu.id, rules: ids, clear: ids.length === 0 },
      'button',
    );
    if (result) onClose();
  };
  return (
    <div className="space-y-3">
      <fieldset className="text-sm">
        <legend className="mb-2 text-gray-600">
          {role.roleName} 在“{menu.name}”持有的数据规则
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

/** The dialog `role.datarule` opens on screen (registered while the role page is open). */
export function RoleDataRulesHost() {
  const [props, setProps] = useState<RoleDataRulesProps | null>(null);
  useEffect(() => registerWidget('role.datarule', (p) => setProps(p as unknown as RoleDataRulesProps)), []);
  return (
    <Modal open={!!props} onOpenChange={(o) => !o && setProps(null)} title="数据规则" width={600}>
      {props && <Body key={`${props.role.id}-${props.menu.id}`} {...props} onClose={() => setProps(null)} />}
    </Modal>
  );
}
