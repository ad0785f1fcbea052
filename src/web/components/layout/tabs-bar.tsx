import { useState } from 'react';
import { useNavigate } from '@tanstack/react-router';
import { useTabs } from '../../shell/tabs.ts';
import { runCommand } from '../../shell/runtime.ts';
import { useMenu } from '../../shell/use-commands.ts';

/** Multipage tabs with the four-item context menu; every action runs a command. */
export function TabsBar() {
  const { tabs, active } = useTabs();
  const navigate = useNavigate();
  const contextMenu = useMenu('tab.context');
  const [menu, setMenu] = useState<{ key: string; x: number; y: number } | null>(null);
  return (
    <div
      role="tablist"
      aria-label="多页签"
      className="flex gap-1 overflow-x-auto border-b bg-white px-2 pt-1"
      onClick={() => setMenu(null)}
    >
      {tabs.map((t) => (
        <div
          key={t.key}
          role="tab"
          aria-selected={t.key === active}
          tabIndex={0}
          onClick={() => void navigate({ href: t.key })}
          onKeyDown={(e) => {
            if (e.key === 'Enter') void navigate({ href: t.key });
          }}
          onContextMenu={(e) => {
            e.preventDefault();
            setMenu({ key: t.key, x: e.clientX, y: e.clientY });
          }}
          className={`flex cursor-pointer items-center gap-1 rounded-t border border-b-0 px-3 py-1 text-sm ${t.key === active ? 'bg-[var(--primary-soft)] text-[var(--primary)]' : 'bg-gray-50 text-gray-600'}`}
        >
          <span>{t.title}</span>
          <button
            type="button"
            aria-label={`关闭 ${t.title}`}
            className="text-gray-400 hover:text-red-500"
            onClick={(e) => {
              e.stopPropagation();
              void runCommand('tab.close', { key: t.key }, 'button');
            }}
          >
            ×
          </button>
        </div>
      ))}
      {menu && (
        <ul
          role="menu"
          className="fixed z-50 rounded border bg-white py-1 text-sm shadow"
          style={{ left: menu.x, top: menu.y }}
        >
          {contextMenu.map((m) => (
            <li key={m.id}>
              <button
                role="menuitem"
                type="button"
                className="block w-full px-4 py-1 text-left hover:bg-gray-100"
                onClick={() => {
                  setMenu(null);
                  void runCommand(m.id, { key: menu.key }, 'menu');
                }}
              >
                {m.label}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
