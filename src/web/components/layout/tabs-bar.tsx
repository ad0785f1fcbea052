import { useRef, useState, type KeyboardEvent } from 'react';
import { useNavigate } from '@tanstack/react-router';
import { HOME_PATH, useTabs } from '../../shell/tabs.ts';
import { runCommand } from '../../shell/runtime.ts';
import { useMenu } from '../../shell/use-commands.ts';
import { PopupMenu, below } from '../popup-menu.tsx';

/**
 * Multipage tabs (WAI-ARIA tabs): one tab in the Tab order, ←/→/Home/End move between tabs,
 * Enter or Space opens one, Delete closes the focused tab without switching to it, Shift+F10 or
 * the context-menu key opens the four-item context menu. The × is for the mouse (the keyboard has
 * Delete), so the tab holds no nested control; 首页 has none.
 */
export function TabsBar() {
  const { tabs, active } = useTabs();
  const navigate = useNavigate();
  const contextMenu = useMenu('tab.context');
  const [menu, setMenu] = useState<{ key: string; x: number; y: number } | null>(null);
  const list = useRef<HTMLDivElement>(null);
  const closeTab = (key: string) => void runCommand('tab.close', { key }, 'button');

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>, i: number, key: string) => {
    const all = [...(list.current?.querySelectorAll<HTMLElement>('[role=tab]') ?? [])];
    const go = (n: number) => all[(n + all.length) % all.length]?.focus();
    const keys: Record<string, () => void> = {
      ArrowRight: () => go(i + 1),
      ArrowLeft: () => go(i - 1),
      Home: () => go(0),
      End: () => go(all.length - 1),
      Enter: () => void navigate({ href: key }),
      ' ': () => void navigate({ href: key }),
      Delete: () => {
        closeTab(key);
        go(i - 1);
      },
      ContextMenu: () => setMenu({ key, ...below(e.currentTarget) }),
    };
    const name = e.key === 'F10' && e.shiftKey ? 'ContextMenu' : e.key;
    const act = keys[name];
    if (!act) return;
    e.preventDefault();
    act();
  };

  return (
    <div
      ref={list}
      role="tablist"
      aria-label="多页签"
      className="flex gap-1 overflow-x-auto border-b bg-white px-2 pt-1"
    >
      {tabs.map((t, i) => {
        const selected = t.key === active;
        return (
          <div
            key={t.key}
            role="tab"
            aria-selected={selected}
            aria-keyshortcuts={t.key === HOME_PATH ? 'Shift+F10' : 'Delete Shift+F10'}
            title={t.key === HOME_PATH ? t.title : `${t.title}（Delete 关闭，Shift+F10 更多）`}
            tabIndex={selected ? 0 : -1}
            onClick={() => void navigate({ href: t.key })}
            onKeyDown={(e) => onKeyDown(e, i, t.key)}
            onContextMenu={(e) => {
              e.preventDefault();
              setMenu({ key: t.key, x: e.clientX, y: e.clientY });
            }}
            className={`flex min-h-8 shrink-0 cursor-pointer items-center gap-1 rounded-t border border-b-0 px-3 text-sm focus:outline-none focus-visible:ring-2 focus-visible:ring-[var(--primary)] ${selected ? 'bg-[var(--primary-soft)] text-[var(--primary)]' : 'bg-gray-50 text-gray-700'}`}
          >
            <span>{t.title}</span>
            {t.key !== HOME_PATH && (
              <span
                aria-hidden
                data-close-tab={t.key}
                className="-mr-1 inline-flex h-6 w-6 items-center justify-center rounded text-gray-600 hover:bg-gray-200 hover:text-red-700"
                onClick={(e) => {
                  e.stopPropagation();
                  closeTab(t.key);
                }}
              >
                ×
              </span>
            )}
          </div>
        );
      })}
      {menu && (
        <PopupMenu
          label="页签操作"
          items={contextMenu.map((m) => ({ id: m.id, label: m.label }))}
          at={menu}
          onClose={() => setMenu(null)}
          onChoose={(id) => void runCommand(id, { key: menu.key }, 'menu')}
        />
      )}
    </div>
  );
}
