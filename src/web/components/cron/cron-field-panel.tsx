/**
 * One field of the cron editor: its modes as radio buttons, each with its numbers (held within the
 * spec's bounds by the shared model). Changing a number selects its mode.
 */
import { useEffect, useId, useState, type ReactNode } from 'react';
import {
  CRON_BOUNDS,
  CRON_FIELD_TITLE,
  FIELD_MODES,
  NTH_WEEKDAY,
  WEEKDAY_TEXT,
  defaultInput,
  fieldText,
  modeOf,
  type CronField,
  type CronMode,
  type ModeInput,
} from '../../../shared/cron-editor.ts';

const UNIT: Record<CronField, string> = {
  second: '秒',
  minute: '分钟',
  hour: '小时',
  day: '日',
  month: '月',
  week: '周',
  year: '年',
};

/** The accessible name of a mode whose row holds inputs. */
const MODE_NAME: Partial<Record<CronMode, string>> = {
  increment: '循环',
  range: '周期',
  specific: '指定',
  nearestWeekday: '最近工作日',
  nth: '第几周的星期几',
  lastOfMonth: '本月最后一个星期几',
};

const box = 'w-16 rounded border border-gray-300 px-1 py-0.5 text-sm disabled:bg-gray-100';

function NumberBox(p: {
  label: string;
  value: number;
  range: readonly [number, number];
  onChange(v: number): void;
}) {
  return (
    <input
      type="number"
      aria-label={p.label}
      className={box}
      min={p.range[0]}
      max={p.range[1]}
      value={p.value}
      onChange={(e) => p.onChange(Number(e.target.value))}
    />
  );
}

function WeekdayBox(p: { label: string; value: number; onChange(v: number): void }) {
  return (
    <select
      aria-label={p.label}
      className="rounded border border-gray-300 px-1 py-0.5 text-sm"
      value={p.value}
      onChange={(e) => p.onChange(Number(e.target.value))}
    >
      {WEEKDAY_TEXT.map((t, i) => (
        <option key={t} value={i + 1}>
          {t}
        </option>
      ))}
    </select>
  );
}

export function CronFieldPanel({
  field,
  text,
  disabled,
  onChange,
}: {
  field: CronField;
  text: string;
  /** the day while a week is set (spec §5) */
  disabled?: boolean;
  onChange(text: string): void;
}) {
  const id = useId();
  const read = modeOf(field, text);
  const [inputs, setInputs] = useState<ModeInput>(() => read?.input ?? defaultInput(field));
  // a change from outside (the expression typed, a forced field) shows its numbers
  useEffect(() => {
    const now = modeOf(field, text);
    if (now) setInputs((old) => ({ ...old, ...now.input }));
  }, [field, text]);

  const b = CRON_BOUNDS[field];
  const unit = UNIT[field];
  const title = CRON_FIELD_TITLE[field];
  const choose = (mode: CronMode, patch: Partial<ModeInput> = {}) => {
    const next = { ...inputs, ...patch };
    setInputs(next);
    onChange(fieldText(field, mode, next));
  };
  const num = (mode: CronMode, key: keyof ModeInput, label: string, range: readonly [number, number]) =>
    field === 'week' && key !== 'interval' && key !== 'nth' ? (
      <WeekdayBox label={label} value={inputs[key] as number} onChange={(v) => choose(mode, { [key]: v })} />
    ) : (
      <NumberBox
        label={label}
        value={inputs[key] as number}
        range={range}
        onChange={(v) => choose(mode, { [key]: v })}
      />
    );

  const body = (mode: CronMode): ReactNode => {
    switch (mode) {
      case 'every':
        return field === 'week' ? '每周的每一天' : `每${unit}`;
      case 'none':
        return '不指定';
      case 'increment':
        return (
          <>
            从 {num(mode, 'start', `${title}：开始`, b.start)} {field === 'week' ? '' : unit}开始，每{' '}
            {num(mode, 'interval', `${title}：间隔`, b.interval)} {field === 'week' ? '天' : unit}执行一次
          </>
        );
      case 'range':
        return (
          <>
            周期从 {num(mode, 'from', `${title}：从`, b.values)} 到{' '}
            {num(mode, 'to', `${title}：到`, b.values)}
            {field === 'week' ? '' : ` ${unit}`}
          </>
        );
      case 'specific':
        return field === 'year' ? (
          <>
            指定{' '}
            <input
              aria-label={`${title}：指定`}
              className="w-40 rounded border border-gray-300 px-1 py-0.5 text-sm"
              value={inputs.values.join(',')}
              onChange={(e) =>
                choose(mode, {
                  values: e.target.value
                    .split(/[,，\s]+/)
                    .filter(Boolean)
                    .map(Number),
                })
              }
            />
          </>
        ) : (
          '指定'
        );
      case 'nearestWeekday':
        return <>每月 {num(mode, 'at', '日：最近工作日', CRON_BOUNDS.day.values)} 号最近的那个工作日</>;
      case 'lastDay':
        return '本月最后一天';
      case 'lastWeekday':
        return '本月最后一个工作日';
      case 'nth':
        return (
          <>
            本月第 {num(mode, 'nth', '周：第几周', NTH_WEEKDAY)} 周的 {num(mode, 'at', '周：星期', b.values)}
          </>
        );
      case 'lastOfMonth':
        return <>本月最后一个 {num(mode, 'at', '周：最后一个星期', b.values)}</>;
    }
  };

  const values = Array.from({ length: b.values[1] - b.values[0] + 1 }, (_, i) => b.values[0] + i);
  const toggle = (v: number) => {
    const set = new Set(read?.mode === 'specific' ? inputs.values : []);
    if (set.has(v)) set.delete(v);
    else set.add(v);
    choose('specific', { values: [...set] });
  };

  return (
    <fieldset disabled={disabled} className="space-y-2 text-sm disabled:opacity-60">
      <legend className="sr-only">{title}</legend>
      {disabled && <p className="text-xs text-gray-600">已指定周，日不可用（在“周”中选择“不指定”后可用）</p>}
      {FIELD_MODES[field].map((mode) => (
        <div key={mode} className="flex flex-wrap items-center gap-1">
          <input
            type="radio"
            id={`${id}-${mode}`}
            name={`${id}-mode`}
            aria-label={typeof body(mode) === 'string' ? undefined : MODE_NAME[mode]}
            checked={read?.mode === mode}
            onChange={() => choose(mode)}
          />
          {typeof body(mode) === 'string' ? (
            <label htmlFor={`${id}-${mode}`}>{body(mode)}</label>
          ) : (
            <span className="flex flex-wrap items-center gap-1">{body(mode)}</span>
          )}
          {mode === 'specific' && field !== 'year' && (
            <div
              role="group"
              aria-label={`${title}：指定`}
              className="mt-1 flex w-full flex-wrap gap-x-2 gap-y-1 pl-5"
            >
              {values.map((v) => (
                <label key={v} className="inline-flex w-12 items-center gap-0.5">
                  <input
                    type="checkbox"
                    checked={read?.mode === 'specific' && inputs.values.includes(v)}
                    onChange={() => toggle(v)}
                  />
                  {field === 'week' ? WEEKDAY_TEXT[v - 1] : String(v).padStart(2, '0')}
                </label>
              ))}
            </div>
          )}
        </div>
      ))}
    </fieldset>
  );
}
