import { describe, expect, it } from 'vitest';
import type { Completion } from '../../../commands/core/complete.ts';
import {
  LIST_MAX,
  applyCompletion,
  commonPrefix,
  formatCandidates,
} from '../../../src/web/shell/terminal/completion.ts';

const items = (...values: string[]) => values.map((value) => ({ value, kind: 'command' as const }));

describe('applying a completion', () => {
  it('completes a single candidate and adds a space', () => {
    const c: Completion = { replaceFrom: 5, items: items('freeze') };
    expect(applyCompletion('user fr', 7, c)).toEqual({ text: 'user freeze ', cursor: 12, candidates: [] });
  });

  it('keeps the text after the cursor and steps over an existing space', () => {
    const c: Completion = { replaceFrom: 0, items: items('user') };
    expect(applyCompletion('us list', 2, c)).toEqual({ text: 'user list', cursor: 5, candidates: [] });
  });

  it('adds no space after a value ending with =', () => {
    const c: Completion = { replaceFrom: 10, items: items('--status=') };
    expect(applyCompletion('user list --st', 14, c).text).toBe('user list --status=');
  });

  it('extends several candidates to their common prefix and returns them to list', () => {
    const c: Completion = { replaceFrom: 9, items: items('--reason', '--realname') };
    const outcome = applyCompletion('user add --r', 12, c);
    expect(outcome.text).toBe('user add --rea');
    expect(outcome.cursor).toBe(14);
    expect(outcome.candidates.map((i) => i.value)).toEqual(['--reason', '--realname']);
  });

  it('leaves the line unchanged with no candidate or no longer prefix', () => {
    expect(applyCompletion('zz', 2, { replaceFrom: 0, items: [] })).toEqual({
      text: 'zz',
      cursor: 2,
      candidates: [],
    });
    const same = applyCompletion('user ', 5, { replaceFrom: 5, items: items('add', 'list') });
    expect(same.text).toBe('user ');
    expect(same.candidates).toHaveLength(2);
  });

  it('computes the common prefix case-insensitively', () => {
    expect(commonPrefix(['User', 'users', 'usage'])).toBe('Us');
    expect(commonPrefix(['abc'])).toBe('abc');
    expect(commonPrefix([])).toBe('');
  });
});

describe('listing candidates', () => {
  it('lists values with descriptions one per line, aligned (CJK is two columns)', () => {
    const lines = formatCandidates(
      [
        { value: 'list', kind: 'command', detail: '用户列表' },
        { value: 'freeze', kind: 'command', detail: '冻结用户' },
      ],
      80,
    );
    expect(lines).toEqual(['  list    用户列表', '  freeze  冻结用户']);
  });

  it('lists bare values in columns that fit the width', () => {
    expect(formatCandidates(items('1', '2', '3'), 80)).toEqual(['1  2  3']);
    expect(formatCandidates(items('alpha', 'beta', 'gamma'), 14)).toEqual(['alpha  beta', 'gamma']);
  });

  it(`shows at most ${LIST_MAX} candidates and says how many there are`, () => {
    const many = items(...Array.from({ length: 120 }, (_, i) => `v${i}`));
    const lines = formatCandidates(many, 4); // too narrow for two columns
    expect(lines).toHaveLength(LIST_MAX + 1);
    expect(lines.at(-1)).toBe('… 共 120 项');
  });
});
