import { useEffect, useId, useState } from 'react';
import * as Dialog from '@radix-ui/react-dialog';
import { THEME_COLORS, settingsStore, useSettings, type Settings } from './settings.ts';
import { registerWidget } from './runtime.ts';

function Toggle({ label, k }: { label: string; k: keyof Settings }) {
  const s = useSettings();
  return (
    <label className="flex items-center justify-between py-1 text-sm">
      {label}
      <input
        type="checkbox"
        checked={Boolean(s[k])}
        onChange={(e) => settingsStore.update({ [k]: e.target.checked })}
      />
    </label>
  );
}

/**
 * The look's controls (theme colour, menu style, layout, content width, header, weak mode,
 * multipage): the 系统设置 drawer and 账户设置 → 个性化设置 show the same ones. Changes go to the
 * settings store; the signed-in user's are saved on the server (account-prefs.ts).
 */
export function SettingsControls() {
  const s = useSettings();
  const id = useId();
  return (
    <>
      <h3 className="mb-2 text-sm text-gray-700">主题色</h3>
      <div className="mb-4 flex flex-wrap gap-2">
        {THEME_COLORS.map((c) => (
          <button
            key={c.color}
            type="button"
            title={c.name}
            aria-label={c.name}
            aria-pressed={s.color === c.color}
            className={`h-6 w-6 rounded ${s.color === c.color ? 'ring-2 ring-offset-2 ring-gray-400' : ''}`}
            style={{ background: c.color }}
            onClick={() => settingsStore.update({ color: c.color })}
          />
        ))}
      </div>
      <label htmlFor={`${id}-theme`} className="mb-2 block text-sm text-gray-700">
        整体风格
      </label>
      <select
        id={`${id}-theme`}
        className="mb-4 w-full rounded border p-1 text-sm"
        value={s.theme}
        onChange={(e) => settingsStore.update({ theme: e.target.value as Settings['theme'] })}
      >
        <option value="light">亮色菜单</option>
        <option value="dark">暗色菜单</option>
      </select>
      <label htmlFor={`${id}-layout`} className="mb-2 block text-sm text-gray-700">
        导航模式
      </label>
      <select
        id={`${id}-layout`}
        className="mb-4 w-full rounded border p-1 text-sm"
        value={s.layout}
        onChange={(e) => settingsStore.update({ layout: e.target.value as Settings['layout'] })}
      >
        <option value="sidemenu">侧边栏导航</option>
        <option value="topmenu">顶部栏导航</option>
      </select>
      <label htmlFor={`${id}-width`} className="mb-2 block text-sm text-gray-700">
        内容区域宽度
      </label>
      <select
        id={`${id}-width`}
        className="mb-4 w-full rounded border p-1 text-sm"
        value={s.contentWidth}
        onChange={(e) => settingsStore.update({ contentWidth: e.target.value as Settings['contentWidth'] })}
      >
        <option value="Fixed">固定</option>
        <option value="Fluid">流式</option>
      </select>
      <Toggle label="固定 Header" k="fixedHeader" />
      <Toggle label="下滑时隐藏 Header" k="autoHideHeader" />
      <Toggle label="固定侧边菜单" k="fixSiderbar" />
      <Toggle label="色弱模式" k="weak" />
      <Toggle label="多页签模式" k="multipage" />
    </>
  );
}

/** 系统设置 drawer: theme colour, menu style, layout, content width, header, weak mode, multipage. */
export function SettingsDrawer() {
  const [open, setOpen] = useState(false);
  useEffect(() => registerWidget('settings.drawer', () => setOpen(true)), []);
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/20" />
        <Dialog.Content
          className="fixed right-0 top-0 z-50 h-full w-80 overflow-y-auto bg-white p-5 shadow-xl"
          aria-describedby={undefined}
        >
          <Dialog.Title className="mb-4 text-base font-semibold">系统设置</Dialog.Title>
          <SettingsControls />
          <Dialog.Close className="mt-6 rounded border px-3 py-1 text-sm">关闭</Dialog.Close>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
