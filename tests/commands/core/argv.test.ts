import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { formatArgs, parseArgv, tokenize } from '../../../commands/core/argv.ts';
import { CommandError } from '../../../commands/core/errors.ts';
import type { CommandDefinition } from '../../../commands/core/types.ts';

const userAdd: Pick<CommandDefinition, 'id' | 'args' | 'positional'> = {
  id: 'user.add',
  positional: ['username', 'realname'],
  args: z.object({
    username: z.string().describe('登录账号'),
    realname: z.string().optional().describe('姓名'),
    age: z.number().int().optional().describe('年龄'),
    status: z.enum(['1', '2']).default('1').describe('状态'),
    sex: z
      .union([z.literal(1), z.literal(2)])
      .optional()
      .describe('性别'),
    notify: z.boolean().default(true).describe('通知'),
    resetPassword: z.boolean().optional().describe('重置密码'),
    roles: z.array(z.string()).optional().describe('角色'),
    scores: z.array(z.coerce.number()).optional().describe('分数'),
    dryRun: z.boolean().default(false).describe('演练'),
  }),
};

const userFreeze: Pick<CommandDefinition, 'id' | 'args' | 'positional'> = {
  id: 'user.freeze',
  positional: ['usernames'],
  args: z.object({
    usernames: z.array(z.string()).describe('账号'),
    reason: z.string().optional().describe('原因'),
  }),
};

function parseError(fn: () => unknown): string {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(CommandError);
    return (error as Error).message;
  }
  throw new Error('expected an error');
}

describe('tokenize', () => {
  it('honours double and single quotes, escapes and Chinese text', () => {
    expect(tokenize(`user add 张三 "王 小明" '李 四' a\\ b --reason "说 \\"你好\\""`)).toEqual([
      'user',
      'add',
      '张三',
      '王 小明',
      '李 四',
      'a b',
      '--reason',
      '说 "你好"',
    ]);
  });

  it('keeps single-quoted text literal, empty quotes as a word, and reads Chinese quotes', () => {
    expect(tokenize(`a 'x\\y $z' "" “中文 引号” ‘单 引’`)).toEqual([
      'a',
      'x\\y $z',
      '',
      '中文 引号',
      '单 引',
    ]);
  });

  it('splits on tabs and the full-width space', () => {
    expect(tokenize('user\tlist\u3000--json')).toEqual(['user', 'list', '--json']);
  });

  it('throws on an unclosed quote', () => {
    expect(parseError(() => tokenize('user add "张三'))).toBe('语法错误: 引号未闭合');
  });
});

describe('parseArgv', () => {
  it('fills positional fields in order and reads flags both ways', () => {
    const { args } = parseArgv(userAdd, ['alice', '爱丽丝', '--age', '30', '--status=2', '--sex', '1']);
    expect(args).toEqual({ username: 'alice', realname: '爱丽丝', age: 30, status: '2', sex: 1 });
  });

  it('reads booleans as --x, --no-x and --x=false, and kebab or camel flag names', () => {
    expect(parseArgv(userAdd, ['a', '--no-notify', '--reset-password']).args).toEqual({
      username: 'a',
      notify: false,
      resetPassword: true,
    });
    expect(parseArgv(userAdd, ['a', '--notify=false', '--resetPassword=true']).args).toMatchObject({
      notify: false,
      resetPassword: true,
    });
    expect(parseError(() => parseArgv(userAdd, ['a', '--notify=maybe']))).toBe(
      '参数 --notify 应为 true 或 false: maybe',
    );
  });

  it('coerces numbers and enums, with Chinese errors', () => {
    expect(parseArgv(userAdd, ['a', '--age', '-5']).args).toMatchObject({ age: -5 });
    expect(parseError(() => parseArgv(userAdd, ['a', '--age', 'abc']))).toBe('参数 --age 应为数字: abc');
    expect(parseError(() => parseArgv(userAdd, ['a', '--status', '3']))).toBe('参数 --status 的可选值: 1, 2');
    expect(parseError(() => parseArgv(userAdd, ['a', '--sex', '男']))).toBe('参数 --sex 的可选值: 1, 2');
  });

  it('collects arrays from repeated flags and comma lists', () => {
    const { args } = parseArgv(userAdd, ['a', '--roles', 'admin,运营', '--roles', 'hr', '--scores=1,2.5']);
    expect(args).toMatchObject({ roles: ['admin', '运营', 'hr'], scores: [1, 2.5] });
  });

  it('lets a trailing array positional take every remaining word', () => {
    expect(parseArgv(userFreeze, ['alice', 'bob', '--reason', '违规 操作', 'carol']).args).toEqual({
      usernames: ['alice', 'bob', 'carol'],
      reason: '违规 操作',
    });
  });

  it('rejects unknown flags, extra words and flags without a value', () => {
    expect(parseError(() => parseArgv(userAdd, ['a', '--x', '1']))).toBe('未知参数: --x');
    expect(parseError(() => parseArgv(userAdd, ['a', '-q']))).toBe('未知参数: -q');
    expect(parseError(() => parseArgv(userAdd, ['a', 'b', 'c']))).toBe('多余的参数: c');
    expect(parseError(() => parseArgv(userAdd, ['a', '--age']))).toBe('参数 --age 需要一个值');
    expect(parseError(() => parseArgv(userAdd, ['a', '--age', '--json']))).toBe('参数 --age 需要一个值');
  });

  it('returns the global flags apart from the args', () => {
    const { args, globals } = parseArgv(userFreeze, ['alice', '--json', '-y', '--help']);
    expect(args).toEqual({ usernames: ['alice'] });
    expect(globals).toEqual({ json: true, csv: false, yes: true, dryRun: false, help: true });
    expect(parseArgv(userFreeze, ['--csv', '--yes']).globals).toMatchObject({ csv: true, yes: true });
  });

  it('also passes --dry-run to a command that declares dryRun', () => {
    expect(parseArgv(userAdd, ['a', '--dry-run'])).toEqual({
      args: { username: 'a', dryRun: true },
      globals: { json: false, csv: false, yes: false, dryRun: true, help: false },
    });
    expect(parseArgv(userFreeze, ['a', '--dry-run']).args).toEqual({ usernames: ['a'] });
  });

  it('treats everything after -- as positional', () => {
    expect(parseArgv(userFreeze, ['--', '--weird', '-x']).args).toEqual({ usernames: ['--weird', '-x'] });
  });

  it('works without an args schema', () => {
    expect(parseArgv({}, ['--json']).args).toEqual({});
    expect(parseError(() => parseArgv({}, ['x']))).toBe('多余的参数: x');
  });
});

describe('formatArgs', () => {
  it('writes positional words, flags and quotes, skipping defaults', () => {
    const line = formatArgs(userAdd, {
      username: 'alice',
      realname: '王 小明',
      status: '1',
      notify: false,
      age: -3,
      roles: ['admin', '运营'],
    });
    expect(line).toBe('user add alice "王 小明" --age=-3 --no-notify --roles admin,运营');
  });

  it('round-trips through tokenize and parseArgv', () => {
    const args = { usernames: ['alice', '张 三', 'say "hi"'], reason: '违规$1' };
    const line = formatArgs(userFreeze, args);
    expect(line).toBe('user freeze alice "张 三" "say \\"hi\\"" --reason "违规\\$1"');
    expect(parseArgv(userFreeze, tokenize(line).slice(2)).args).toEqual(args);
  });

  it('puts positional words that look like flags after --', () => {
    const line = formatArgs(userFreeze, { usernames: ['-x', 'bob'], reason: 'r' });
    expect(line).toBe('user freeze --reason r -- -x bob');
    expect(parseArgv(userFreeze, tokenize(line).slice(2)).args).toEqual({
      usernames: ['-x', 'bob'],
      reason: 'r',
    });
  });
});
