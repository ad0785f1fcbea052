import { describe, expect, it } from 'vitest';
import { RESOURCES } from '../../src/shared/resources/index.ts';
import type { ResourceStates } from '../../src/shared/resources/transitions.ts';
import { isIrreversible } from '../../src/shared/resources/transitions.ts';

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
