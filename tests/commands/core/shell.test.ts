import { describe, expect, it } from 'vitest';
import { parseScript, runScript } from '../../../commands/core/shell.ts';
import type { RunScriptOptions } from '../../../commands/core/shell.ts';
import { wordText } from '../../../commands/core/lexer.ts';
import { makeHarness } from '../support.ts';
import { userCommands } from './shell-fixtures.ts';

function setup(overrides: Partial<RunScriptOptions> = {}) {
  const log: Array<{ id: string; args: unknown; input?: unknown }> = [];
  const h = makeHarness({ commands: userCommands(log), permissions: ['user:list', 'user:freeze'] });
  const lines: string[] = [];
  const errors: string[] = [];
  const opts: RunScriptOptions = {
    source: 'terminal',
    signal: new AbortController().signal,
    out: (line) => lines.push(line),
    err: (line) => errors.push(line),
    vars: new Map(),
    ...overrides,
  };
  const run = (script: string) => runScript(script, h.executor, opts);
  return { h, log, lines, errors, opts, run };
}

describe('parseScript', () => {
  it('splits statements, conditions and pipes and drops comments', () => {
    const script = parseScript(
      'user list --status 2 | user freeze --yes; a b && c # comment ; not code\nd || e "f g"',
    );
    expect(script.map((p) => [p.when, p.text])).toEqual([
      ['always', 'user list --status 2 | user freeze --yes'],
      ['always', 'a b'],
      ['ok', 'c'],
      ['always', 'd'],
      ['fail', 'e "f g"'],
    ]);
    expect(script[0]?.commands.map((c) => c.words.map(wordText))).toEqual([
      ['user', 'list', '--status', '2'],
      ['user', 'freeze', '--yes'],
    ]);
  });

  it('lets a line end with && or | and continue on the next line', () => {
    expect(parseScript('a &&\n b |\n c').map((p) => p.commands.length)).toEqual([1, 2]);
  });

  it('keeps variables for run time and ignores blank statements', () => {
    const [pipeline] = parseScript(';;\n\n user greet "$who ${x}y" \'$lit\'');
    expect(pipeline?.commands[0]?.words[2]?.parts).toEqual([
      { variable: 'who' },
      { text: ' ' },
      { variable: 'x' },
      { text: 'y' },
    ]);
    expect(pipeline?.commands[0]?.words[3]?.parts).toEqual([{ text: '$lit' }]);
  });

  it.each([
    ['| a', '语法错误: | 附近缺少命令'],
    ['a |', '语法错误: | 附近缺少命令'],
    ['a && ; b', '语法错误: && 附近缺少命令'],
    ['a ||', '语法错误: || 附近缺少命令'],
    ['echo "open', '语法错误: 引号未闭合'],
  ])('reports a syntax error in %s', (text, message) => {
    expect(() => parseScript(text)).toThrow(message);
  });
});

describe('runScript', () => {
  it('pipes the records of one command into the next as input', async () => {
    const { run, log, lines, h } = setup();
    const results = await run('user list --status 2 | user freeze --yes');
    expect(results.map((r) => r.status)).toEqual(['ok']);
    expect(log[1]).toEqual({
      id: 'user.freeze',
      args: { usernames: [] },
      input: [
        { id: '2', username: 'bob', realname: '鲍勃', status: 2 },
        { id: '3', username: 'carol', realname: '卡罗', status: 2 },
      ],
    });
    expect(lines).toEqual(['已冻结 2 个用户: bob, carol']);
    expect(h.confirms).toEqual([]);
    expect(h.audit.map((e) => [e.id, e.source, e.outcome])).toEqual([
      ['user.list', 'terminal', 'ok'],
      ['user.freeze', 'terminal', 'ok'],
    ]);
  });

  it('prints the last result as an aligned table, JSON or CSV', async () => {
    const { run, lines } = setup();
    await run('user list --status 1');
    expect(lines).toEqual(['账号   姓名', '─────  ──────', 'alice  爱丽丝']);
    lines.length = 0;
    await run('user list --status 1 --json');
    expect(JSON.parse(lines.join('\n'))).toEqual([{ username: 'alice', realname: '爱丽丝' }]);
    lines.length = 0;
    await run('user list --csv');
    expect(lines).toEqual(['账号,姓名', 'alice,爱丽丝', 'bob,鲍勃', 'carol,卡罗']);
  });

  it('runs every statement after ; but short-circuits && and ||', async () => {
    const { run, log, errors } = setup();
    const results = await run(
      'sys fail; user greet a && user greet b; sys fail && user greet c || user greet d',
    );
    expect(results.map((r) => r.status)).toEqual(['error', 'ok', 'ok', 'error', 'skipped', 'ok']);
    expect(
      log.map((l) => l.id === 'user.greet' && (l.args as { name: string }).name).filter(Boolean),
    ).toEqual(['a', 'b', 'd']);
    expect(errors).toEqual(['失败了', '失败了']);
    expect(results[0]?.error).toBe('失败了');
  });

  it('sets and expands variables, with set and with name=value', async () => {
    const { run, lines, opts, errors } = setup();
    await run('set who="张 三" n=2\nuser greet "$who"; greeting=早上好; user greet ${greeting}呀');
    expect(lines).toEqual(['你好，张 三', '你好，早上好呀']);
    expect(opts.vars.get('n')).toBe('2');
    lines.length = 0;
    await run("user greet '$who'; set");
    expect(lines).toEqual(['你好，$who', 'who=张 三', 'n=2', 'greeting=早上好']);
    const [result] = await run('user greet $nobody');
    expect(result?.status).toBe('error');
    expect(errors).toEqual(['未定义的变量: $nobody']);
  });

  it('ignores comments', async () => {
    const { run, log } = setup();
    const results = await run('# whole line\nuser greet 甲 # trailing user greet 乙');
    expect(results).toHaveLength(1);
    expect(log).toEqual([{ id: 'user.greet', args: { name: '甲' } }]);
  });

  it('asks to confirm a dangerous command unless --yes', async () => {
    const { run, h, lines } = setup();
    h.state.answer = false;
    await run('user freeze alice');
    expect(h.confirms).toEqual(['确定执行「冻结用户」吗?']);
    expect(lines).toEqual(['已取消']);
    expect(h.audit[0]?.outcome).toBe('declined');
  });

  it('reports unknown commands, bad flags and missing permissions', async () => {
    const { run, errors } = setup();
    const results = await run('user frezee bob; user list --nope; sys secret; user list --dry-run');
    expect(results.map((r) => r.status)).toEqual(['error', 'error', 'error', 'error']);
    expect(errors).toEqual([
      '未知命令: user frezee',
      '未知参数: --nope',
      '没有权限，请联系管理员授权',
      '该命令不支持 --dry-run',
    ]);
  });

  it('stops the script when the signal aborts', async () => {
    const controller = new AbortController();
    const { run, errors } = setup({ signal: controller.signal });
    controller.abort();
    const results = await run('user greet a; user greet b');
    expect(results.map((r) => r.status)).toEqual(['skipped', 'skipped']);
    expect(errors).toEqual([]);
  });

  it('prints a syntax error instead of running anything', async () => {
    const { run, log, errors } = setup();
    const results = await run('user greet a; user greet "b');
    expect(results).toEqual([
      { text: 'user greet a; user greet "b', status: 'error', error: '语法错误: 引号未闭合' },
    ]);
    expect(log).toEqual([]);
    expect(errors).toEqual(['语法错误: 引号未闭合']);
  });

  it('resolves kebab-case verbs and one- or multi-word aliases', async () => {
    const { run, log, h } = setup();
    h.registry.register({
      id: 'user.sayHello',
      title: '打招呼',
      aliases: ['hello', 'say hello'],
      async run() {
        log.push({ id: 'user.sayHello', args: {} });
      },
    });
    const results = await run('user say-hello; USER sayhello; hello; say hello');
    expect(results.map((r) => r.status)).toEqual(['ok', 'ok', 'ok', 'ok']);
    expect(log.map((l) => l.id)).toEqual([
      'user.sayHello',
      'user.sayHello',
      'user.sayHello',
      'user.sayHello',
    ]);
  });

  it('calls the clear built-in', async () => {
    let cleared = 0;
    const { run } = setup({ clear: () => (cleared += 1) });
    await run('clear');
    expect(cleared).toBe(1);
  });
});

describe('help', () => {
  it('help lists the groups with their categories and counts, not every command', async () => {
    const { run, lines } = setup();
    await run('help');
    expect(lines[0]).toContain('help --all');
    expect(lines.some((l) => /^ {2}user +用户管理（\d+ 个命令）$/.test(l))).toBe(true);
    expect(lines.some((l) => /^ +user list /.test(l))).toBe(false);
    // a command the user may not run is nowhere in it
    expect(lines.some((l) => l.includes('sys secret'))).toBe(false);
    const all: string[] = [];
    const full = setup();
    await full.run('help --all');
    all.push(...full.lines);
    expect(lines.length).toBeLessThan(all.length);
  });

  it('help --all lists every visible command by category with its title and keybinding', async () => {
    const { run, lines } = setup();
    await run('help --all');
    expect(lines).toContain('用户管理');
    expect(lines).toContain('  user list    用户列表  Ctrl+Shift+L');
    expect(lines).toContain('  user freeze  冻结用户');
    expect(lines).toContain('  sys fail     总是失败');
    expect(lines.some((l) => l.includes('sys secret'))).toBe(false);
    expect(lines.indexOf('用户管理')).toBeLessThan(lines.indexOf('  user list    用户列表  Ctrl+Shift+L'));
  });

  it('shows the usage, arguments, flags, defaults, enum values, keybinding and permission of one command', async () => {
    const { run, lines } = setup({ isMac: true });
    await run('help user list');
    expect(lines).toEqual([
      'user list — 用户列表',
      '用法: user list [--status <1|2>] [--size <数字>]',
      '选项:',
      // '<数字>' counts 6 columns: the descriptions line up on screen
      '  --status <1|2>  状态（1 正常，2 冻结）（可选值: 1, 2）',
      '  --size <数字>   每页条数（默认: 10）',
      '全局选项: --json 输出 JSON，--csv 输出 CSV，--yes 跳过确认，--dry-run 演练不执行，--help 帮助',
      '快捷键: ⌘⇧L',
      '权限: user:list',
    ]);
  });

  it('answers --help like help <command>, and hides commands the user may not run', async () => {
    const { run, lines, errors } = setup();
    await run('user freeze --help');
    expect(lines.slice(0, 4)).toEqual([
      'user freeze — 冻结用户',
      '用法: user freeze [usernames...] [--reason <文本>]',
      '参数:',
      '  [usernames...]  要冻结的账号（默认: []；可重复或用逗号分隔）',
    ]);
    expect(lines).toContain('危险操作: 执行前需要确认（--yes 跳过确认）');
    await run('help sys secret');
    expect(errors).toEqual(['未知命令: sys secret']);
  });
});
