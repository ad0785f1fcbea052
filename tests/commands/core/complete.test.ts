import { describe, expect, it } from 'vitest';
import { complete } from '../../../commands/core/complete.ts';
import { makeHarness } from '../support.ts';
import { userCommands } from './shell-fixtures.ts';

const h = makeHarness({ commands: userCommands([]), permissions: ['user:list', 'user:freeze'] });
const visible = h.executor.visible();
const at = (line: string) => complete(line, line.length, visible);
const values = (line: string) => at(line).items.map((i) => i.value);

describe('complete', () => {
  it('proposes domains and built-ins first, never an invisible command', () => {
    expect(values('')).toEqual(['sys', 'user', 'clear', 'help', 'set']);
    expect(at('us')).toEqual({
      replaceFrom: 0,
      items: [{ value: 'user', kind: 'command', detail: '用户管理' }],
    });
    expect(values('sys ')).toEqual(['fail']);
  });

  it('proposes the verbs of a domain', () => {
    expect(values('user ')).toEqual(['freeze', 'greet', 'list']);
    expect(at('user fr')).toEqual({
      replaceFrom: 5,
      items: [{ value: 'freeze', kind: 'command', detail: '冻结用户' }],
    });
  });

  it('proposes the flags of a command with their descriptions, and the global flags', () => {
    const result = at('user list --s');
    expect(result.replaceFrom).toBe(10);
    expect(result.items).toEqual([
      { value: '--size', kind: 'flag', detail: '每页条数' },
      { value: '--status', kind: 'flag', detail: '状态（1 正常，2 冻结）' },
    ]);
    expect(values('user list --size 5 --')).toEqual([
      '--csv',
      '--dry-run',
      '--help',
      '--json',
      '--status',
      '--yes',
    ]);
  });

  it('proposes the enum values of a flag, after a space or after =', () => {
    expect(at('user list --status ')).toEqual({
      replaceFrom: 19,
      items: [
        { value: '1', kind: 'value' },
        { value: '2', kind: 'value' },
      ],
    });
    expect(at('user list --status=2')).toEqual({ replaceFrom: 19, items: [{ value: '2', kind: 'value' }] });
    expect(values('user list --size ')).toEqual([]);
  });

  it('completes the command after a pipe or a separator, at the cursor', () => {
    const line = 'user list --status 2 | user fr; help';
    const cursor = line.indexOf(';');
    expect(complete(line, cursor, visible)).toEqual({
      replaceFrom: 28,
      items: [{ value: 'freeze', kind: 'command', detail: '冻结用户' }],
    });
    expect(values('user greet 甲; u')).toEqual(['user']);
  });

  it('offers single-word aliases only', () => {
    const aliased = [
      ...visible,
      { id: 'user.sayHello', title: '打招呼', aliases: ['hello', 'say hello'], async run() {} },
    ];
    expect(complete('he', 2, aliased).items.map((i) => i.value)).toEqual(['hello', 'help']);
    expect(complete('sa', 2, aliased).items).toEqual([]);
  });

  it('completes command paths after help', () => {
    expect(values('help us')).toEqual(['user']);
    expect(values('help user l')).toEqual(['list']);
  });

  it('offers flags when Tab is pressed on an empty positional', () => {
    expect(values('user greet ')).toContain('--json');
    expect(values('user greet 张')).toEqual([]);
  });
});
