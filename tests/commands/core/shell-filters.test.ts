import { describe, expect, it } from 'vitest';
import { runScript } from '../../../commands/core/shell.ts';
import type { RunScriptOptions } from '../../../commands/core/shell.ts';
import { runPipeFilter } from '../../../commands/core/filters.ts';
import { makeHarness } from '../support.ts';
import { userCommands } from './shell-fixtures.ts';

function setup() {
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
  };
  const run = (script: string) => runScript(script, h.executor, opts);
  return { log, lines, errors, run };
}

/** The first column of the printed table's body (after header and rule). */
const firstColumn = (lines: string[]) => lines.slice(2).map((l) => l.split(/\s+/)[0]);

describe('pipe filters', () => {
  it('head, tail, grep, sort and count work on the printed rows', async () => {
    const t = setup();
    await t.run('user list | head 2');
    expect(firstColumn(t.lines)).toEqual(['alice', 'bob']);
    t.lines.length = 0;
    await t.run('user list | tail 1');
    expect(firstColumn(t.lines)).toEqual(['carol']);
    t.lines.length = 0;
    await t.run('user list | grep 鲍');
    expect(firstColumn(t.lines)).toEqual(['bob']);
    t.lines.length = 0;
    await t.run('user list | grep -v -i ALICE | sort -r 账号');
    expect(firstColumn(t.lines)).toEqual(['carol', 'bob']);
    t.lines.length = 0;
    await t.run('user list | count');
    expect(t.lines).toEqual(['3']);
    expect(t.errors).toEqual([]);
  });

  it('select keeps the named columns, by key or title', async () => {
    const t = setup();
    await t.run('user list | select 姓名 | head 1');
    expect(t.lines[0]?.trim()).toBe('姓名');
    expect(t.lines[2]?.trim()).toBe('爱丽丝');
    expect(t.lines.join('\n')).not.toContain('alice');
  });

  it('passes the whole records of the kept rows on to the next command', async () => {
    const t = setup();
    await t.run('user list | grep carol | select 姓名 | user freeze --yes');
    expect(t.log.at(-1)?.input).toEqual([{ id: '3', username: 'carol', realname: '卡罗', status: 2 }]);
  });

  it('keeps the output format the command asked for', async () => {
    const t = setup();
    await t.run('user list --json | head 1');
    expect(JSON.parse(t.lines.join('\n'))).toEqual([{ username: 'alice', realname: '爱丽丝' }]);
  });

  it('says what is wrong', async () => {
    const t = setup();
    await t.run('head 3');
    await t.run('user list | sort 年龄');
    await t.run('user list | head x');
    await t.run('user list | grep');
    expect(t.errors).toEqual([
      'head 需要管道输入，例如: user list | head',
      '没有这一列: 年龄',
      '不是正整数: x',
      '用法: grep [-v] [-i] <文本>',
    ]);
  });

  it('sorts numbers as numbers with -n and text in Chinese collation', () => {
    const input = { records: [{ n: 10 }, { n: 9 }, { n: 100 }] };
    const out = runPipeFilter('sort', ['-n', 'n'], input);
    expect(out.records).toEqual([{ n: 9 }, { n: 10 }, { n: 100 }]);
  });
});

describe('help', () => {
  it('help <group> lists the commands of a group', async () => {
    const t = setup();
    await t.run('help user');
    const text = t.lines.join('\n');
    expect(text).toContain('user 组的命令');
    expect(text).toContain('user list');
    expect(text).toContain('user freeze');
    expect(text).not.toContain('sys fail');
    expect(t.errors).toEqual([]);
  });

  it('help lists the filters, help <filter> explains one, an unknown group is still unknown', async () => {
    const t = setup();
    await t.run('help');
    expect(t.lines.join('\n')).toContain('grep [-v] [-i] <文本>');
    t.lines.length = 0;
    await t.run('help head');
    expect(t.lines).toEqual(['head [n] — 只保留前 n 行（默认 10）']);
    await t.run('help nosuch');
    expect(t.errors[0]).toContain('未知命令');
  });
});
