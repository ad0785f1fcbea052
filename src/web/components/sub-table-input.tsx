/**
 * A sub table edited inside a form (JeecgBoot's one-to-many form, e.g. a customer's 服务地址): one
 * row per record with the sub resource's inputs, rows added and removed, and one row marked by a
 * radio when the table has a `single` field (the default address: exactly one). Values are text,
 * as in the form; the shared rules check the rows on submit and on the server.
 */
import { useId } from 'react';
import { Button } from './ui.tsx';
import { FieldInput, type FieldInputProps } from './fields/field-input.tsx';

/** A field of a sub table row (as the form's own fields). */
export interface SubTableField extends Pick<
  FieldInputProps,
  'type' | 'dictCode' | 'options' | 'upload' | 'multiple' | 'reference' | 'pcode'
> {
  key: string;
  label: string;
  /** refused blank: its header is marked and each row's control says `aria-required` */
  required?: boolean;
}

/** A sub table of a form. */
export interface FormSubTable {
  /** wire property of the rows (`addressList`) */
  key: string;
  title: string;
  fields: SubTableField[];
  /** the boolean field exactly one row holds (shown as a radio) */
  single?: string;
  max: number;
}

export type SubRow = Record<string, string> & { _key: string };

let rowSeq = 0;
/** A row of text values (from a loaded record, or empty). */
export function subRow(table: FormSubTable, record: Record<string, unknown> = {}): SubRow {
  const row: SubRow = { _key: `r${++rowSeq}` };
  for (const f of table.fields) {
    const v = record[f.key];
    row[f.key] = v === null || v === undefined ? '' : String(v);
  }
  return row;
}

/** The rows as the endpoint takes them (the single field as a boolean). */
export function subRowValues(table: FormSubTable, rows: SubRow[]): Array<Record<string, unknown>> {
  return rows.map(({ _key, ...row }) =>
    table.single ? { ...row, [table.single]: row[table.single] === 'true' } : row,
  );
}

/** Inputs that are a group of controls labelled by the label they are given. */
const GROUPED = new Set<SubTableField['type']>(['image', 'images', 'area', 'location', 'richtext']);

export function SubTableInput({
  table,
  rows,
  onChange,
  error,
}: {
  table: FormSubTable;
  rows: SubRow[];
  onChange(rows: SubRow[]): void;
  error?: string;
}) {
  const id = useId();
  const { single } = table;
  const singleField = table.fields.find((f) => f.key === single);
  const shown = table.fields.filter((f) => f.key !== single);
  const set = (i: number, key: string, value: string) =>
    onChange(rows.map((r, j) => (j === i ? { ...r, [key]: value } : r)));
  const mark = (i: number) =>
    single && onChange(rows.map((r, j) => ({ ...r, [single]: j === i ? 'true' : 'false' })));
  const add = () => {
    const row = subRow(table);
    if (single) row[single] = rows.some((r) => r[single] === 'true') ? 'false' : 'true';
    onChange([...rows, row]);
  };
  const remove = (i: number) => {
    const left = rows.filter((_, j) => j !== i);
    // the default goes to the first row left when its row is removed
    if (single && left.length && !left.some((r) => r[single] === 'true'))
      left[0] = { ...left[0]!, [single]: 'true' };
    onChange(left);
  };
  const errorId = `${id}-error`;

  return (
    <fieldset
      className="min-w-0 space-y-2 text-sm"
      aria-describedby={error ? errorId : undefined}
      aria-invalid={error ? true : undefined}
      data-invalid={error ? 'true' : undefined}
    >
      <legend className="text-gray-600">{table.title}</legend>
      <div className="overflow-x-auto rounded border border-gray-200">
        <table className="min-w-full text-left text-sm">
          <caption className="sr-only">{table.title}</caption>
          <thead className="bg-gray-50">
            <tr>
              <th scope="col" className="px-2 py-1 font-medium">
                序号
              </th>
              {shown.map((f) => (
                <th key={f.key} scope="col" className="px-2 py-1 font-medium whitespace-nowrap">
                  {f.required && (
                    <span aria-hidden="true" className="mr-0.5 text-red-600">
                      *
                    </span>
                  )}
                  {f.label}
                </th>
              ))}
              {singleField && (
                <th scope="col" className="px-2 py-1 font-medium whitespace-nowrap">
                  {singleField.label}
                </th>
              )}
              <th scope="col" className="px-2 py-1 font-medium">
                操作
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.length === 0 && (
              <tr>
                <td
                  colSpan={shown.length + (singleField ? 3 : 2)}
                  className="px-2 py-3 text-center text-gray-600"
                >
                  暂无{table.title}
                </td>
              </tr>
            )}
            {rows.map((row, i) => (
              <tr key={row._key} className="border-t border-gray-200 align-top">
                <td className="px-2 py-1 tabular-nums">{i + 1}</td>
                {shown.map((f) => {
                  const label = `第${i + 1}行${f.label}`;
                  const inputId = `${id}-${i}-${f.key}`;
                  return (
                    <td key={f.key} className="px-2 py-1">
                      {!GROUPED.has(f.type) && (
                        <label htmlFor={inputId} className="sr-only">
                          {label}
                        </label>
                      )}
                      <FieldInput
                        {...f}
                        id={inputId}
                        label={label}
                        aria-required={f.required || undefined}
                        value={row[f.key] ?? ''}
                        onChange={(v) => set(i, f.key, v)}
                      />
                    </td>
                  );
                })}
                {singleField && (
                  <td className="px-2 py-1 text-center">
                    <input
                      type="radio"
                      name={`${id}-single`}
                      aria-label={`第${i + 1}行设为${singleField.label}`}
                      checked={row[single!] === 'true'}
                      onChange={() => mark(i)}
                    />
                  </td>
                )}
                <td className="px-2 py-1">
                  <Button size="sm" variant="link" aria-label={`删除第${i + 1}行`} onClick={() => remove(i)}>
                    删除
                  </Button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <Button size="sm" onClick={add} disabled={rows.length >= table.max}>
        添加{table.title}
      </Button>
      {error && (
        <span id={errorId} role="alert" className="block text-xs text-red-600">
          {error}
        </span>
      )}
    </fieldset>
  );
}
