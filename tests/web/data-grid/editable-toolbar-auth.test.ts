import { describe, expect, it } from 'vitest';
import { visibleToolbarButtons } from '../../../src/web/components/data-grid/editable/toolbar-auth.ts';

const entry = (action: string, status = '1') => ({ action, type: '2', status });
const ALL = ['add', 'insert', 'remove', 'moveUp', 'moveDown'];

describe('editable grid toolbar under an auth prefix', () => {
  const allAuth = [entry('roster:add'), entry('roster:batch_delete'), entry('other:add')];

  it('shows every button without a prefix, or when the user holds the codes', () => {
    expect([...visibleToolbarButtons(undefined, [], allAuth)]).toEqual(ALL);
    expect([...visibleToolbarButtons('roster', allAuth, allAuth)]).toEqual(ALL);
  });

  it('hides 新增 for a missing add code and 删除 for a missing batch_delete code', () => {
    expect([...visibleToolbarButtons('roster', [entry('roster:batch_delete')], allAuth)]).toEqual([
      'insert',
      'remove',
      'moveUp',
      'moveDown',
    ]);
    expect([...visibleToolbarButtons('roster', [entry('roster:add')], allAuth)]).toEqual([
      'add',
      'insert',
      'moveUp',
      'moveDown',
    ]);
    expect([...visibleToolbarButtons('roster', [], allAuth)]).toEqual(['insert', 'moveUp', 'moveDown']);
  });

  it('keeps buttons whose code the system does not define or has disabled', () => {
    expect([...visibleToolbarButtons('nothing', [], allAuth)]).toEqual(ALL);
    const disabled = [entry('roster:add', '0'), entry('roster:batch_delete', '0')];
    expect([...visibleToolbarButtons('roster', [], disabled)]).toEqual(ALL);
  });
});
