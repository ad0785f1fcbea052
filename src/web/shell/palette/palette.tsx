import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { Command } from 'cmdk';
import * as Dialog from '@radix-ui/react-dialog';
import type { CommandDefinition } from '../../../../commands/core/types.ts';
import { describeArgs, type FieldInfo } from '../../../../commands/core/schema-info.ts';
import { formatKeybinding } from '../../../../commands/core/keybinding.ts';
import { commandPath } from '../../../../commands/core/argv.ts';
import { useSession } from '../../lib/session.ts';
import { runCommand } from '../runtime.ts';
import { useVisibleCommands } from '../use-commands.ts';
import { IS_MAC } from '../keybindings.ts';
import { Button, Kbd } from '../../components/ui.tsx';
import { buildSearchIndex } from './search-index.ts';
import { loadPinyin, type PinyinSupport } from './pinyin.ts';
import { rank } from './rank.ts';

const RECENT_MAX = 20;
const recentKey = (user: string) => `palette.recent.${user}`;
const readRecent = (user: string): string[] => {
  try {
    return JSON.parse(localStorage.getItem(recentKey(user)) ?? '[]') as string[];
  } catch {
    return [];
  }
};

/** The argument step: a form generated from the command's schema. */
function ArgsForm({
  def,
  onDone,
}: {
  def: CommandDefinition;
  onDone(args: Record<string, unknown> | null): void;
}) {
  const fields = describeArgs(def);
  const [values, setValues] = useState<Record<string, unknown>>({});
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onDone(Object.fromEntries(Object.entries(values).filter(([, v]) => v !== '' && v !== undefined)));
  };
  const input = (f: FieldInfo, i: number) => {
    const common = {
      id: `arg-${f.name}`,
      autoFocus: i === 0,
      className: 'w-full rounded border px-2 py-1 text-sm',
    };
    if (f.kind === 'enum')
      return (
        <select
          {...common}
          value={String(values[f.name] ?? '')}
          onChange={(e) => setValues({ ...values, [f.name]: e.target.value })}
        >
          <option value="">请选择</option>
          {f.values?.map((v) => (
            <option key={String(v)} value={String(v)}>
              {String(v)}
            </option>
          ))}
        </select>
      );
    if (f.kind === 'boolean')
      return (
        <input
          id={common.id}
          type="checkbox"
          checked={Boolean(values[f.name])}
          onChange={(e) => setValues({ ...values, [f.name]: e.target.checked })}
        />
      );
    return (
      <input
        {...common}
        type={/password/i.test(f.name) ? 'password' : 'text'}
        value={String(values[f.name] ?? '')}
        onChange={(e) => setValues({ ...values, [f.name]: e.target.value })}
      />
    );
  };
  return (
    <form onSubmit={submit} className="space-y-3 p-4" aria-label={`${def.title} 参数`}>
      <p className="text-sm font-medium">{def.title}</p>
      {fields.map((f, i) => (
        <label key={f.name} htmlFor={`arg-${f.name}`} className="block space-y-1 text-sm">
          <span className="text-gray-600">
            {f.description ?? f.name}
            {!f.optional && <span className="text-red-500"> *</span>}
          </span>
          {input(f, i)}
        </label>
      ))}
      <div className="flex justify-end gap-2">
        <Button onClick={() => onDone(null)}>返回</Button>
        <Button type="submit" variant="primary">
          执行
        </Button>
      </div>
    </form>
  );
}

/**
 * Command palette (Mod+K): our own ranking over every visible command (titles, aliases, ids and
 * pinyin, loaded lazily), recent commands first, shortcuts shown, an argument step for commands
 * that need arguments.
 */
export default function Palette({ onClose }: { onClose(): void }) {
  const commands = useVisibleCommands();
  const user = useSession().userInfo?.username ?? 'anonymous';
  const [query, setQuery] = useState('');
  const [pinyin, setPinyin] = useState<PinyinSupport | undefined>();
  const [argsFor, setArgsFor] = useState<CommandDefinition | null>(null);
  const [recent, setRecent] = useState(() => readRecent(user));
  useEffect(() => {
    let live = true;
    loadPinyin()
      .then((p) => live && setPinyin(p))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, []);
  const byId = useMemo(() => new Map(commands.map((c) => [c.id, c])), [commands]);
  const index = useMemo(
    () =>
      buildSearchIndex(
        commands.map((c) => ({
          id: c.id,
          title: c.title,
          aliases: c.aliases,
          keywords: [...(c.keywords ?? []), c.category ?? ''],
        })),
        pinyin,
      ),
    [commands, pinyin],
  );
  const results = useMemo(() => rank(index, query, { limit: 50, recent }), [index, query, recent]);

  const execute = (def: CommandDefinition, args: Record<string, unknown> = {}) => {
    const next = [def.id, ...recent.filter((r) => r !== def.id)].slice(0, RECENT_MAX);
    localStorage.setItem(recentKey(user), JSON.stringify(next));
    setRecent(next);
    onClose();
    void runCommand(def.id, args, 'palette');
  };
  const choose = (id: string) => {
    const def = byId.get(id);
    if (!def) return;
    if (describeArgs(def).some((f) => !f.optional)) setArgsFor(def);
    else execute(def);
  };

  return (
    <Dialog.Root open onOpenChange={(o) => !o && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/20" />
        <Dialog.Content
          aria-describedby={undefined}
          className="fixed left-1/2 top-24 z-50 w-[640px] max-w-[95vw] -translate-x-1/2 overflow-hidden rounded-lg bg-white shadow-2xl"
        >
          <Dialog.Title className="sr-only">命令面板</Dialog.Title>
          {argsFor ? (
            <ArgsForm def={argsFor} onDone={(args) => (args ? execute(argsFor, args) : setArgsFor(null))} />
          ) : (
            <Command shouldFilter={false} label="命令面板" loop>
              <Command.Input
                autoFocus
                value={query}
                onValueChange={setQuery}
                placeholder="搜索菜单和命令（中文、拼音、首字母、英文）"
                className="w-full border-b px-4 py-3 text-sm outline-none"
              />
              <Command.List className="max-h-[60vh] overflow-y-auto p-1">
                <Command.Empty className="p-4 text-sm text-gray-500">没有匹配的命令</Command.Empty>
                {results.map((r) => {
                  const def = byId.get(r.id)!;
                  return (
                    <Command.Item
                      key={r.id}
                      value={r.id}
                      onSelect={choose}
                      className="flex cursor-pointer items-center gap-3 rounded px-3 py-2 text-sm data-[selected=true]:bg-[var(--primary-soft)]"
                    >
                      <span className="flex-1 truncate">
                        {def.title}
                        <span className="ml-2 text-xs text-gray-600">{def.category}</span>
                      </span>
                      <span className="font-mono text-xs text-gray-600">{commandPath(def.id)}</span>
                      {def.keybinding && <Kbd>{formatKeybinding(def.keybinding, IS_MAC)}</Kbd>}
                    </Command.Item>
                  );
                })}
              </Command.List>
            </Command>
          )}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
