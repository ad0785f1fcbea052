import type { Dispatch } from 'react';
import { SUPER_QUERY_RULES, type SuperQueryField } from '../../../../shared/super-query.ts';
import { Button } from '../../ui.tsx';
import { rulesFor, type BuilderAction, type BuilderState } from './builder-state.ts';
import { ValueEditor } from './value-editor.tsx';

const selectCls =
  'rounded border border-gray-300 p-1 text-sm focus:border-[var(--primary)] focus:outline-none';

/** Match type (且 / 或) and the condition rows: field, rule, value editor, add and remove. */
export function ConditionRows({
  fields,
  state,
  dispatch,
}: {
  fields: SuperQueryField[];
  state: BuilderState;
  dispatch: Dispatch<BuilderAction>;
}) {
  const byName = new Map(fields.map((f) => [f.field, f]));
  return (
    <div className="min-w-0 flex-1 space-y-3">
      <fieldset className="flex items-center gap-4 text-sm">
        <legend className="float-left mr-2 text-gray-600">匹配方式</legend>
        {(
          [
            ['and', '且（所有条件都满足）'],
            ['or', '或（任一条件满足）'],
          ] as const
        ).map(([value, text]) => (
          <label key={value} className="flex items-center gap-1">
            <input
              type="radio"
              name="superQueryMatchType"
              value={value}
              checked={state.matchType === value}
              onChange={() => dispatch({ type: 'matchType', matchType: value })}
            />
            {text}
          </label>
        ))}
      </fieldset>
      <ol aria-label="查询条件" className="space-y-2">
        {state.rows.map((row, index) => {
          const field = byName.get(row.field);
          const n = index + 1;
          return (
            <li key={row.key} className="flex items-start gap-2">
              <select
                aria-label={`条件${n}字段`}
                className={`${selectCls} w-36`}
                value={row.field}
                onChange={(e) => dispatch({ type: 'field', index, field: byName.get(e.target.value) })}
              >
                <option value="">选择查询字段</option>
                {fields.map((f) => (
                  <option key={f.field} value={f.field}>
                    {f.title}
                  </option>
                ))}
              </select>
              <select
                aria-label={`条件${n}规则`}
                className={`${selectCls} w-28`}
                value={row.rule}
                onChange={(e) =>
                  dispatch({ type: 'rule', index, rule: e.target.value, fieldType: field?.type })
                }
              >
                {rulesFor(field?.type).map((r) => (
                  <option key={r} value={r}>
                    {SUPER_QUERY_RULES[r]}
                  </option>
                ))}
              </select>
              <ValueEditor
                field={field}
                row={row}
                label={`条件${n}值`}
                onChange={(val) => dispatch({ type: 'value', index, val })}
              />
              <Button
                aria-label={`在条件${n}后添加条件`}
                onClick={() => dispatch({ type: 'add', after: index })}
              >
                +
              </Button>
              <Button
                aria-label={`删除条件${n}`}
                variant="danger"
                onClick={() => dispatch({ type: 'remove', index })}
              >
                −
              </Button>
            </li>
          );
        })}
      </ol>
      {state.rows.length === 0 && (
        <div className="flex items-center gap-2 text-sm text-gray-500">
          没有任何查询条件
          <Button onClick={() => dispatch({ type: 'add' })}>添加条件</Button>
        </div>
      )}
    </div>
  );
}
