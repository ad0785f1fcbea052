/**
 * The 省市区 cascader of forms, search bars and the super query: one select per level of the area
 * tree (src/shared/area.ts, loaded lazily), each choice opening the next level. Choosing a province
 * or a city is a valid value too (a filter then matches everything inside it). `multiple` keeps a
 * list of chosen divisions (comma-joined codes).
 */
import { useEffect, useState } from 'react';
import { Button } from '../ui.tsx';
import type * as AreaTree from '../../../shared/area.ts';

type AreaModule = typeof AreaTree;

let loading: Promise<AreaModule> | undefined;
/** The area tree, loaded once on first use. */
export const loadArea = (): Promise<AreaModule> => (loading ??= import('../../../shared/area.ts'));

/** The area module once loaded (undefined while loading). */
export function useArea(): AreaModule | undefined {
  const [mod, setMod] = useState<AreaModule>();
  useEffect(() => {
    let live = true;
    void loadArea().then((m) => live && setMod(() => m));
    return () => {
      live = false;
    };
  }, []);
  return mod;
}

const LEVELS = ['省', '市', '区县'];

/** One division chosen through the levels. */
function Cascader({
  label,
  value,
  onChange,
  area,
  className = '',
  required = false,
}: {
  label: string;
  value: string;
  onChange(code: string): void;
  area: AreaModule;
  className?: string;
  /** the first level says it is required (a division must be chosen) */
  required?: boolean;
}) {
  const path = value ? area.areaPath(value).map((n) => n.code) : [];
  // the selects shown: the root's, then one under each chosen division that has children
  const parents = [area.AREA_ROOT, ...path].filter((code) => area.areaChildren(code).length > 0);
  return (
    <span className={`inline-flex flex-wrap gap-1 ${className}`}>
      {parents.slice(0, 3).map((parent, i) => (
        <select
          key={parent}
          aria-label={`${label}${LEVELS[i]}`}
          aria-required={(required && i === 0) || undefined}
          className="rounded border border-gray-300 p-1 text-sm"
          value={path[i] ?? ''}
          onChange={(e) => onChange(e.target.value || (i > 0 ? path[i - 1]! : ''))}
        >
          <option value="">{`请选择${LEVELS[i]}`}</option>
          {area.areaChildren(parent).map((n) => (
            <option key={n.code} value={n.code}>
              {n.name}
            </option>
          ))}
        </select>
      ))}
    </span>
  );
}

export function AreaInput({
  label,
  value,
  onChange,
  multiple = false,
  required = false,
}: {
  label: string;
  /** a code, or comma-joined codes when multiple */
  value: string;
  onChange(value: string): void;
  multiple?: boolean;
  required?: boolean;
}) {
  const area = useArea();
  const [draft, setDraft] = useState('');
  if (!area) return <span className="text-sm text-gray-500">加载地区…</span>;
  if (!multiple)
    return (
      <span role="group" aria-label={label}>
        <Cascader label={label} value={value} onChange={onChange} area={area} required={required} />
      </span>
    );
  const codes = value ? value.split(',').filter(Boolean) : [];
  const add = () => {
    if (!draft || codes.includes(draft)) return;
    onChange([...codes, draft].join(','));
    setDraft('');
  };
  return (
    <div role="group" aria-label={label} className="space-y-1">
      <ul className="flex flex-wrap gap-1" aria-label={`已选${label}`}>
        {codes.map((code) => (
          <li key={code} className="inline-flex items-center gap-1 rounded bg-gray-100 px-2 text-sm">
            {area.areaText(code)}
            <Button
              size="sm"
              variant="link"
              aria-label={`移除 ${area.areaText(code)}`}
              onClick={() => onChange(codes.filter((c) => c !== code).join(','))}
            >
              ×
            </Button>
          </li>
        ))}
      </ul>
      <span className="inline-flex flex-wrap items-center gap-1">
        <Cascader
          label={label}
          value={draft}
          onChange={setDraft}
          area={area}
          required={required && codes.length === 0}
        />
        <Button size="sm" onClick={add} disabled={!draft}>
          添加
        </Button>
      </span>
    </div>
  );
}
