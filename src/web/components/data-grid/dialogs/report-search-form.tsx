import { useState, type FormEvent } from 'react';
import { Button, Input } from '../../ui.tsx';
import type { DictOption, RpQueryItem } from './popup-report-api.ts';

/** Items shown before 展开 (JeecgBoot marks the third on `hidden: "1"`). */
const isCollapsed = (item: RpQueryItem) => item.hidden === '1';

/**
 * The search form of a popup report: one control per search item (text, dictionary select, or a
 * begin/end pair for `group` items), collapsed from the third item on, 查询 and 重置.
 */
export function ReportSearchForm({
  items,
  dictOptions,
  onSearch,
}: {
  items: RpQueryItem[];
  dictOptions: Record<string, DictOption[]>;
  onSearch(values: Record<string, string>): void;
}) {
  const [values, setValues] = useState<Record<string, string>>({});
  const [expanded, setExpanded] = useState(false);
  const set = (k: string, v: string) => setValues((old) => ({ ...old, [k]: v }));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSearch(values);
  };
  const control = (item: RpQueryItem) => {
    const options = dictOptions[item.field];
    if (item.mode === 'group')
      return (
        <span className="flex items-center gap-1">
          <Input
            aria-label={`${item.label}开始`}
            value={values[`${item.field}_begin`] ?? ''}
            onChange={(e) => set(`${item.field}_begin`, e.target.value)}
          />
          ~
          <Input
            aria-label={`${item.label}结束`}
            value={values[`${item.field}_end`] ?? ''}
            onChange={(e) => set(`${item.field}_end`, e.target.value)}
          />
        </span>
      );
    if (options)
      return (
        <select
          aria-label={item.label}
          value={values[item.field] ?? ''}
          onChange={(e) => set(item.field, e.target.value)}
          className="w-full rounded border border-gray-300 px-2 py-1 text-sm"
        >
          <option value="">请选择</option>
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.text ?? o.label ?? o.value}
            </option>
          ))}
        </select>
      );
    return (
      <Input
        aria-label={item.label}
        placeholder={`请输入${item.label}`}
        value={values[item.field] ?? ''}
        onChange={(e) => set(item.field, e.target.value)}
      />
    );
  };
  const shown = items.filter((i) => expanded || !isCollapsed(i));
  const collapsible = items.some(isCollapsed);
  return (
    <form
      role="search"
      aria-label="查询条件"
      onSubmit={submit}
      className="mb-3 flex flex-wrap items-end gap-3"
    >
      {shown.map((item) => (
        <label key={item.field} className="flex w-72 items-center gap-2 text-sm">
          <span className="shrink-0 text-gray-600">{item.label}</span>
          {control(item)}
        </label>
      ))}
      <span className="flex gap-2">
        <Button type="submit" variant="primary">
          查询
        </Button>
        <Button
          onClick={() => {
            setValues({});
            onSearch({});
          }}
        >
          重置
        </Button>
        {collapsible && (
          <Button variant="link" aria-expanded={expanded} onClick={() => setExpanded((v) => !v)}>
            {expanded ? '收起' : '展开'}
          </Button>
        )}
      </span>
    </form>
  );
}
