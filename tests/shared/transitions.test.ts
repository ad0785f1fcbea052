import { describe, expect, it } from 'vitest';
import { RESOURCES } from '../../src/shared/resources/index.ts';
import type { ResourceStates } from '../../src/shared/resources/transitions.ts';
import { isIrreversible, settableStates } from '../../src/shared/resources/transitions.ts';

/** Which declared actions cannot be undone, from the state graph alone (their commands confirm even one row). */
describe('isIrreversible', () => {
  const irreversible = (name: string) => {
    const states = (RESOURCES.find((r) => r.decl.name === name)!.decl as { states?: ResourceStates }).states!;
    return Object.entries(states.transitions)
      .filter(([, t]) => isIrreversible(states, t))
      .map(([action]) => action);
  };

  it('审核通过 of a partner is one way; its other actions and every work status and sale state go back', () => {
    expect(irreversible('partner')).toEqual(['approve']);
    expect(irreversible('technician')).toEqual([]);
    expect(irreversible('goods')).toEqual([]);
    expect(irreversible('banner')).toEqual([]);
  });

  it('follows chains of actions: a way back through another state counts', () => {
    const states: ResourceStates = {
      field: 's',
      transitions: {
        a: { title: 'a', from: ['0'], to: '1' },
        b: { title: 'b', from: ['1'], to: '2' },
        c: { title: 'c', from: ['2'], to: '0' },
        d: { title: 'd', from: ['2'], to: '9' },
      },
    };
    expect(Object.values(states.transitions).map((t) => isIrreversible(states, t))).toEqual([
      false,
      false,
      false,
      true,
    ]);
  });
});

/** What a 修改状态 dialog offers for the chosen rows (issue 27: it offered changes it then refused). */
describe('settableStates', () => {
  const partner = (RESOURCES.find((r) => r.decl.name === 'partner')!.decl as { states?: ResourceStates })
    .states!;
  const all = ['0', '1', '2', '3'];

  it('offers only the states a declared action leads to from every row, with the reason they need', () => {
    // 停用: only 启用 (back to 正常), never 待审核
    expect(settableStates(partner, ['3'], all)).toEqual([{ to: '1', reasonRequired: false }]);
    // 待审核: 审核通过 or 驳回 (a reason required)
    expect(settableStates(partner, ['0'], all)).toEqual([
      { to: '1', reasonRequired: false },
      { to: '2', reasonRequired: true },
    ]);
    // rows in states with no common way: nothing
    expect(settableStates(partner, ['0', '2'], all)).toEqual([]);
    // 待审核 and 停用 both go to 正常 (审核通过, 启用)
    expect(settableStates(partner, ['0', '3'], all)).toEqual([{ to: '1', reasonRequired: false }]);
    expect(settableStates(partner, [], all)).toEqual([]);
  });

  it('counts a row already in the state as done where the setter skips it', () => {
    const technician = (
      RESOURCES.find((r) => r.decl.name === 'technician')!.decl as { states?: ResourceStates }
    ).states!;
    expect(settableStates(technician, ['1', '3'], ['1', '2', '3', '4'], 'skip').map((s) => s.to)).toEqual([
      '1',
      '2',
      '3',
      '4',
    ]);
    expect(settableStates(technician, ['3', '3'], ['1', '3'], 'skip').map((s) => s.to)).toEqual(['1']);
  });
});
