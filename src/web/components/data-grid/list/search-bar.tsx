import { useState, type FormEvent } from 'react';
import { Button, Field, Input } from '../../ui.tsx';
import { useSession } from '../../../lib/session.ts';
import type { SearchField } from './types.ts';
import { AreaInput } from '../../fields/area-input.tsx';
import { RefInput } from '../../fields/ref-input.tsx';
import { DateInput } from '../../date-input.tsx';

/** The query form above a list: submit searches from page 1, 重置 clears it. */
export function SearchBar({
  fields,
  onSearch,
  onReset,
}: {
  fields: SearchField[];
  onSearch(values: Record<string, string>): void;
  onReset(): void;
}) {
  const [draft, setDraft] = useState<Record<string, string>>({});
  const { dicts } = useSession();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSearch(Object.fromEntries(Object.entries(draft).filter(([, v]) => v.trim() !== '')));
  };
  const set = (key: string, value: string) => setDraft((d) => ({ ...d, [key]: value }));
  return (
    <form
      onSubmit={submit}
      className="flex flex-wrap items-end gap-3 rounded bg-white p-3 shadow-sm"
      aria-label="查询条件"
    >
      {fields.map((f) => {
        const options = f.options ?? dicts[f.dictCode ?? '']?.map((d) => ({ value: d.value, text: d.text }));
        if (f.type === 'area')
          return (
            <div key={f.key} className="text-sm">
              <span className="mb-1 block text-gray-600">{f.label}</span>
              <AreaInput label={f.label} value={draft[f.key] ?? ''} onChange={(v) => set(f.key, v)} />
            </div>
          );
        if (f.type === 'ref' && f.reference)
          return (
            <label key={f.key} className="text-sm">
              <span className="mb-1 block text-gray-600">{f.label}</span>
              <RefInput
                label={f.label}
                value={draft[f.key] ?? ''}
                onChange={(v) => set(f.key, v)}
                reference={f.reference}
                emptyText="全部"
                className="rounded border p-1"
              />
            </label>
          );
        if (f.type === 'date')
          return (
            <Field key={f.key} label={f.label}>
              <DateInput
                label={f.label}
                className="w-40"
                value={draft[f.key] ?? ''}
                onChange={(v) => set(f.key, v)}
              />
            </Field>
          );
        return (
          <Field key={f.key} label={f.label}>
            {f.type === 'select' ? (
              <select
                className="rounded border p-1"
                value={draft[f.key] ?? ''}
                onChange={(e) => set(f.key, e.target.value)}
              >
                <option value="">全部</option>
                {(options ?? []).map((o) => (
                  <option key={o.value} value={o.value}>
                    {o.text}
                  </option>
                ))}
              </select>
            ) : (
              <Input
                className="w-40"
                placeholder="支持 *模糊* !不等于 >=v <=v"
                value={draft[f.key] ?? ''}
                onChange={(e) => set(f.key, e.target.value)}
              />
            )}
          </Field>
        );
      })}
      <Button type="submit" variant="primary">
        查询
      </Button>
      <Button
        onClick={() => {
          setDraft({});
          onReset();
        }}
      >
        重置
      </Button>
    </form>
  );
}
