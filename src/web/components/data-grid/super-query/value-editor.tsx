import type { SuperQueryField } from '../../../../shared/super-query.ts';
import { useSession } from '../../../lib/session.ts';
import { Input } from '../../ui.tsx';
import type { BuilderRow } from './builder-state.ts';
import { DateInput } from '../../date-input.tsx';
import { CheckList, DepartPicker, UserPicker } from './pickers.tsx';
import { AreaInput } from '../../fields/area-input.tsx';
import { RefInput } from '../../fields/ref-input.tsx';

const textOf = (v: string | string[]) => (Array.isArray(v) ? v.join(',') : v);

/** The options of a `select` field: its dictionary from the session cache, else its fixed options. */
export function useFieldOptions(field: SuperQueryField | undefined): Array<{ value: string; text: string }> {
  const { dicts } = useSession();
  if (!field) return [];
  const dict = field.dictCode ? dicts[field.dictCode] : undefined;
  return (
    dict?.map((d) => ({ value: String(d.value), text: d.text ?? d.title ?? d.label })) ?? field.options ?? []
  );
}

/**
 * The value editor of a condition row, by the field's type: text, number, date, datetime,
 * dictionary select, user or department picker; `in` takes several values (checkboxes or a
 * comma-separated list).
 */
export function ValueEditor({
  field,
  row,
  label,
  onChange,
}: {
  field: SuperQueryField | undefined;
  row: BuilderRow;
  label: string;
  onChange(val: string | string[]): void;
}) {
  const options = useFieldOptions(field);
  const isIn = row.rule === 'in';
  const cls = 'min-w-0 flex-1';
  switch (field?.type) {
    case 'select':
      if (isIn) return <CheckList label={label} options={options} value={row.val} onChange={onChange} />;
      return (
        <select
          aria-label={label}
          className={`${cls} rounded border border-gray-300 p-1 text-sm`}
          value={textOf(row.val)}
          onChange={(e) => onChange(e.target.value)}
        >
          <option value="">请选择</option>
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.text}
            </option>
          ))}
        </select>
      );
    case 'user':
      return <UserPicker label={label} value={row.val} multiple={isIn} onChange={onChange} />;
    case 'depart':
      return <DepartPicker label={label} value={row.val} multiple={isIn} onChange={onChange} />;
    case 'area':
      if (!isIn) return <AreaInput label={label} value={textOf(row.val)} onChange={onChange} />;
      break;
    case 'ref':
      if (!isIn && field.reference)
        return (
          <RefInput
            label={label}
            value={textOf(row.val)}
            onChange={onChange}
            reference={field.reference}
            className={`${cls} rounded border border-gray-300 p-1 text-sm`}
          />
        );
      break;
    case 'date':
    case 'datetime':
    case 'int':
    case 'number':
      if (!isIn)
        return <ScalarInput type={field.type} label={label} value={textOf(row.val)} onChange={onChange} />;
      break;
  }
  return (
    <Input
      aria-label={label}
      className={cls}
      disabled={!field}
      placeholder={isIn ? '多个值用逗号分隔' : field ? '请输入值' : '请先选择字段'}
      value={textOf(row.val)}
      onChange={(e) => onChange(e.target.value)}
    />
  );
}

function ScalarInput({
  type,
  label,
  value,
  onChange,
}: {
  type: 'date' | 'datetime' | 'int' | 'number';
  label: string;
  value: string;
  onChange(val: string): void;
}) {
  if (type === 'datetime' || type === 'date')
    return (
      <DateInput kind={type} label={label} className="min-w-0 flex-1" value={value} onChange={onChange} />
    );
  return (
    <Input
      aria-label={label}
      className="min-w-0 flex-1"
      type="number"
      step={type === 'int' ? 1 : 'any'}
      value={value}
      onChange={(e) => onChange(e.target.value)}
    />
  );
}
