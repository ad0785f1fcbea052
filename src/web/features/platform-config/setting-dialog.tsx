import { useEffect, useState, type FormEvent } from 'react';
import type { Page } from '../../../shared/api.ts';
import {
  PLATFORM_CONFIG,
  PLATFORM_CONFIG_LOG,
  SETTING_BY_KEY,
  SETTING_MSG,
  checkSettingValue,
  settingText,
  type SettingDef,
} from '../../../shared/resources/platform-config.ts';
import { Modal } from '../../components/modal.tsx';
import { Button, Field, FormLoading, Input } from '../../components/ui.tsx';
import { call } from '../../lib/api-client.ts';
import { registerWidget, runCommand } from '../../shell/runtime.ts';

interface SettingRow {
  id: string;
  configKey: string;
  name: string;
  value: string;
  defaultValue: string;
  description: string | null;
}

interface LogRow {
  id: string;
  oldValue: string | null;
  newValue: string | null;
  changedBy: string | null;
  changedAt: string;
}

/** The editor of a setting's type: a switch, a number with its unit, or text. */
function ValueEditor({
  def,
  value,
  onChange,
}: {
  def: SettingDef;
  value: string;
  onChange(v: string): void;
}) {
  if (def.type === 'switch') {
    const on = value === 'true';
    return (
      <button
        type="button"
        role="switch"
        aria-checked={on}
        aria-label={def.name}
        onClick={() => onChange(on ? 'false' : 'true')}
        className={`inline-flex h-6 w-12 items-center rounded-full px-0.5 transition-colors focus:outline-none focus-visible:ring-2 focus-visible:ring-[var(--primary)] ${on ? 'bg-[var(--primary)]' : 'bg-gray-400'}`}
      >
        <span
          className={`h-5 w-5 rounded-full bg-white shadow transition-transform ${on ? 'translate-x-6' : ''}`}
        />
        <span className="sr-only">{on ? '开启' : '关闭'}</span>
      </button>
    );
  }
  const numeric = def.type !== 'text';
  return (
    <span className="flex items-center gap-2">
      <Input
        aria-label={def.name}
        value={value}
        inputMode={numeric ? 'decimal' : 'text'}
        maxLength={def.maxLength ?? 500}
        onChange={(e) => onChange(e.target.value)}
      />
      {def.unit && <span className="shrink-0 text-sm text-gray-700">{def.unit}</span>}
    </span>
  );
}

/**
 * 编辑平台配置: the value edited by the setting's type (a switch, a number, money or a percent with
 * its unit, text), checked by the same rules as the server, with its recent changes. Opened by the
 * `platformConfig.edit` command (row 编辑, palette, terminal without a value).
 */
export function SettingDialog() {
  const [id, setId] = useState<string | null>(null);
  const [row, setRow] = useState<SettingRow | null>(null);
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [log, setLog] = useState<LogRow[]>([]);

  useEffect(
    () =>
      registerWidget(`${PLATFORM_CONFIG.decl.name}.form`, (props) => setId(String(props?.id ?? '') || null)),
    [],
  );
  useEffect(() => {
    setRow(null);
    setError(null);
    setLog([]);
    if (!id) return;
    let live = true;
    void (async () => {
      const ep = PLATFORM_CONFIG.endpoints.queryById;
      const r = await call<SettingRow>(ep.method, ep.path, { query: { id } });
      if (!live) return;
      setRow(r);
      setValue(r.value);
      const logs = await call<Page<LogRow>>('GET', PLATFORM_CONFIG_LOG.endpoints.list.path, {
        query: { configKey: r.configKey, pageSize: 5 },
      });
      if (live) setLog(logs.records);
    })();
    return () => {
      live = false;
    };
  }, [id]);

  const def = row ? SETTING_BY_KEY.get(row.configKey) : undefined;
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!row) return;
    if (!def) return setError(SETTING_MSG.unknown);
    const checked = checkSettingValue(def, value);
    if (!checked.ok) return setError(checked.message);
    setError(null);
    const done = await runCommand(`${PLATFORM_CONFIG.decl.name}.edit`, {
      id: row.id,
      value: checked.value,
    });
    if (done) setId(null);
  };

  return (
    <Modal open={!!id} onOpenChange={(o) => !o && setId(null)} title="编辑平台配置" width={560}>
      {row && def ? (
        <form onSubmit={(e) => void submit(e)} aria-label="编辑平台配置" className="space-y-3">
          <div>
            <div className="font-medium">{row.name}</div>
            <div className="font-mono text-xs text-gray-700">{row.configKey}</div>
            {row.description && <p className="mt-1 text-sm text-gray-700">{row.description}</p>}
          </div>
          {def.type === 'switch' ? (
            <div className="space-y-1 text-sm">
              <span className="text-gray-600">当前值</span>
              <div className="flex items-center gap-2">
                <ValueEditor def={def} value={value} onChange={setValue} />
                <span>{settingText(def, value)}</span>
              </div>
            </div>
          ) : (
            <Field label={`当前值（默认 ${settingText(def, row.defaultValue)}）`} error={error}>
              <ValueEditor def={def} value={value} onChange={setValue} />
            </Field>
          )}
          {def.type === 'switch' && error && (
            <p role="alert" className="text-xs text-red-600">
              {error}
            </p>
          )}
          <section aria-label="最近修改">
            <h3 className="mb-1 text-sm text-gray-600">最近修改</h3>
            {log.length ? (
              <ul className="space-y-0.5 text-xs text-gray-700">
                {log.map((l) => (
                  <li key={l.id}>
                    {l.changedAt} {l.changedBy ?? '—'}：{settingText(def, l.oldValue ?? '')} →{' '}
                    {settingText(def, l.newValue ?? '')}
                  </li>
                ))}
              </ul>
            ) : (
              <p className="text-xs text-gray-700">暂无修改记录</p>
            )}
          </section>
          <div className="flex justify-between gap-2">
            <Button onClick={() => setValue(row.defaultValue)}>恢复默认值</Button>
            <span className="flex gap-2">
              <Button onClick={() => setId(null)}>取消</Button>
              <Button type="submit" variant="primary">
                保存
              </Button>
            </span>
          </div>
        </form>
      ) : (
        <FormLoading />
      )}
    </Modal>
  );
}
