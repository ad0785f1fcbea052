import { useEffect, useState } from 'react';
import { formatKeybinding } from '../../../commands/core/keybinding.ts';
import { Modal } from '../components/modal.tsx';
import { Kbd } from '../components/ui.tsx';
import { IS_MAC } from './keybindings.ts';
import { registerWidget, registry } from './runtime.ts';

/** Keys that belong to a component rather than to a command (menus, tabs, grid rows). */
export const COMPONENT_KEYS: Array<{ keys: string; what: string }> = [
  { keys: 'Tab / Shift+Tab', what: '在控件之间移动；页面顶部的“跳到主要内容”链接直达当前页面' },
  { keys: 'Enter / Shift+F10', what: '表格中聚焦的行：打开行操作菜单' },
  { keys: '↑ ↓ Home End', what: '菜单中移动；Enter 执行，Esc 关闭并回到原处' },
  { keys: '← → Home End', what: '多页签之间移动；Enter 打开' },
  { keys: 'Delete', what: '关闭聚焦的页签（不切换到它）' },
  { keys: 'Esc', what: '关闭菜单、对话框、命令面板' },
];

/** Every keybinding in the registry, grouped by category: the 快捷键 sheet (`?`). */
export function ShortcutsSheet() {
  const [open, setOpen] = useState(false);
  useEffect(() => registerWidget('shortcuts.sheet', () => setOpen(true)), []);
  if (!open) return null;
  const bound = registry.all().filter((c) => c.keybinding);
  const groups = new Map<string, typeof bound>();
  for (const c of bound) groups.set(c.category ?? '其他', [...(groups.get(c.category ?? '其他') ?? []), c]);
  return (
    <Modal open onOpenChange={setOpen} title="快捷键" width={640}>
      {[...groups].map(([category, cmds]) => (
        <section key={category} className="mb-3">
          <h3 className="mb-1 text-sm font-semibold text-gray-700">{category}</h3>
          <table className="w-full text-sm">
            <tbody>
              {cmds.map((c) => (
                <tr key={c.id} className="border-b last:border-0">
                  <td className="py-1 text-gray-800">{c.title}</td>
                  <td className="py-1 text-right">
                    <Kbd>{formatKeybinding(c.keybinding!, IS_MAC)}</Kbd>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      ))}
      <section>
        <h3 className="mb-1 text-sm font-semibold text-gray-700">页面中</h3>
        <table className="w-full text-sm">
          <tbody>
            {COMPONENT_KEYS.map((k) => (
              <tr key={k.keys} className="border-b last:border-0">
                <td className="py-1 text-gray-800">{k.what}</td>
                <td className="py-1 text-right whitespace-nowrap">
                  <Kbd>{k.keys}</Kbd>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
    </Modal>
  );
}
