import { useEffect, useId, useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Modal } from '../../components/modal.tsx';
import { Button, Field, Input } from '../../components/ui.tsx';
import { registerWidget, runCommand } from '../../shell/runtime.ts';
import {
  RULE_CONDITIONS,
  RULE_CONDITION_TEXT,
  SYSTEM_VARIABLES,
  dataRuleBodySchema,
  type DataRuleJson,
  type RuleCondition,
} from '../../../shared/data-rule.ts';
import { RESOURCES } from '../../../shared/resources/index.ts';
import { screenOf, type ResourceField } from '../../../shared/resources/define.ts';
import { menuQuery, menuRulesQuery } from './api/get-menus.ts';

type Draft = Pick<DataRuleJson, 'ruleName' | 'ruleConditions' | 'ruleValue' | 'status'> & {
  id?: string;
  ruleColumn: string;
};
const NEW_RULE: Draft = { ruleName: '', ruleColumn: '', ruleConditions: '=', ruleValue: '', status: '1' };

/** The fields a rule of this menu may name: those of the resource behind it (when it has one). */
const fieldsOf = (component: string | null | undefined): readonly ResourceField[] =>
  RESOURCES.find((r) => component && screenOf(r) === component)?.decl.fields ?? [];

function RuleForm({
  menu,
  component,
  draft,
  onDone,
}: {
  menu: string;
  component: string | null | undefined;
  draft: Draft;
  onDone(): void;
}) {
  const [v, setV] = useState<Draft>(draft);
  const [error, setError] = useState<string | null>(null);
  const listId = useId();
  const fields = fieldsOf(component);
  const set = (k: keyof Draft) => (e: { target: { value: string } }) => setV({ ...v, [k]: e.target.value });
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const parsed = dataRuleBodySchema.safeParse({ ...v, permissionId: menu });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? '操作失败');
    setError(null);
    const args = {
      menu,
      name: v.ruleName,
      column: v.ruleColumn,
      condition: v.ruleConditions,
      value: v.ruleValue,
      status: v.status,
    };
    const result = v.id
      ? await runCommand('datarule.edit', { ...args, rule: v.id }, 'button')
      : await runCommand('datarule.add', args, 'button');
    if (result) onDone();
  };
  return (
    <form
      onSubmit={submit}
      aria-label={v.id ? '编辑数据规则' : '新增数据规则'}
      className="space-y-3 rounded border p-3"
    >
      <div className="grid grid-cols-1 gap-x-4 gap-y-3 sm:grid-cols-2">
        <Field label="规则名称">
          <Input autoFocus value={v.ruleName} onChange={set('ruleName')} />
        </Field>
        <Field label="规则字段">
          <Input
            value={v.ruleColumn}
            onChange={set('ruleColumn')}
            list={fields.length ? listId : undefined}
          />
        </Field>
        <Field label="条件规则">
          <select
            className="w-full rounded border p-1 text-sm"
            value={v.ruleConditions}
            onChange={set('ruleConditions')}
          >
            {RULE_CONDITIONS.map((c) => (
              <option key={c} value={c}>
                {`${c} ${RULE_CONDITION_TEXT[c]}`}
              </option>
            ))}
          </select>
        </Field>
        <Field label="规则值">
          <Input value={v.ruleValue} onChange={set('ruleValue')} />
        </Field>
        <fieldset className="text-sm">
          <legend className="mb-1 text-gray-600">状态</legend>
          <div className="flex gap-3">
            {(
              [
                ['1', '有效'],
                ['0', '无效'],
              ] as const
            ).map(([value, text]) => (
              <label key={value} className="flex items-center gap-1">
                <input
                  type="radio"
                  name="ruleStatus"
                  checked={v.status === value}
                  onChange={() => setV({ ...v, status: value })}
                />
                {text}
              </label>
            ))}
          </div>
        </fieldset>
      </div>
      {fields.length > 0 && (
        <datalist id={listId}>
          {fields.map((f) => (
            <option key={f.key} value={f.key}>
              {f.title}
            </option>
          ))}
        </datalist>
      )}
      <p className="text-xs text-gray-600">
        规则值可用系统变量：
        {Object.values(SYSTEM_VARIABLES)
          .map((names) => `#{${names[0]}}`)
          .join('、')}
      </p>
      {error && (
        <p role="alert" className="text-sm text-red-600">
          {error}
        </p>
      )}
      <div className="flex justify-end gap-2">
        <Button onClick={onDone}>取消</Button>
        <Button type="submit" variant="primary">
          保存
        </Button>
      </div>
    </form>
  );
}

function Panel({ id }: { id: string }) {
  const rules = useQuery(menuRulesQuery(id));
  const menu = useQuery(menuQuery(id));
  const [draft, setDraft] = useState<Draft | null>(null);
  return (
    <div className="space-y-3">
      <div className="flex justify-end">
        <Button variant="primary" onClick={() => setDraft(NEW_RULE)}>
          新增规则
        </Button>
      </div>
      {draft && (
        <RuleForm
          key={draft.id ?? 'new'}
          menu={id}
          component={menu.data?.component}
          draft={draft}
          onDone={() => setDraft(null)}
        />
      )}
      <div className="overflow-x-auto">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">数据规则</caption>
          <thead className="border-b text-gray-600">
            <tr>
              <th className="py-1 pr-2">规则名称</th>
              <th className="py-1 pr-2">规则字段</th>
              <th className="py-1 pr-2">条件</th>
              <th className="py-1 pr-2">规则值</th>
              <th className="py-1 pr-2">状态</th>
              <th className="py-1">操作</th>
            </tr>
          </thead>
          <tbody>
            {(rules.data ?? []).map((r) => (
              <tr key={r.id} className="border-b">
                <td className="py-1 pr-2">{r.ruleName}</td>
                <td className="py-1 pr-2">{r.ruleColumn}</td>
                <td className="py-1 pr-2">
                  {RULE_CONDITION_TEXT[r.ruleConditions as RuleCondition] ?? r.ruleConditions}
                </td>
                <td className="py-1 pr-2 font-mono text-xs">{r.ruleValue}</td>
                <td className="py-1 pr-2">{r.status === '1' ? '有效' : '无效'}</td>
                <td className="py-1">
                  <Button
                    size="sm"
                    variant="link"
                    aria-label={`编辑 ${r.ruleName}`}
                    onClick={() => setDraft({ ...r, ruleColumn: r.ruleColumn ?? '' })}
                  >
                    编辑
                  </Button>
                  <Button
                    size="sm"
                    variant="link"
                    aria-label={`删除 ${r.ruleName}`}
                    onClick={() => void runCommand('datarule.delete', { menu: id, rule: r.id }, 'button')}
                  >
                    删除
                  </Button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        {rules.data?.length === 0 && <p className="py-3 text-center text-sm text-gray-600">暂无数据规则</p>}
      </div>
    </div>
  );
}

/** 数据规则 of a menu, opened by `datarule.list` on a row: its rules, added, edited and deleted. */
export function DataRulePanelHost() {
  const [menu, setMenu] = useState<{ id: string; name: string } | null>(null);
  useEffect(
    () => registerWidget('datarule.panel', (props) => setMenu(props as { id: string; name: string })),
    [],
  );
  return (
    <Modal
      open={!!menu}
      onOpenChange={(o) => !o && setMenu(null)}
      title={`数据规则：${menu?.name ?? ''}`}
      width={900}
    >
      {menu && <Panel key={menu.id} id={menu.id} />}
    </Modal>
  );
}
