import { describe, expect, it } from 'vitest';
import { attachTerminal, runInTerminal } from '../../../src/web/shell/terminal/run-queue.ts';

describe('lines run in the terminal from elsewhere', () => {
  it('wait for a terminal to mount, then go to the newest mounted one', () => {
    const a: string[][] = [];
    const b: string[][] = [];
    runInTerminal('monitor top');
    const detachA = attachTerminal((lines) => a.push(lines));
    expect(a).toEqual([['monitor top']]);
    const detachB = attachTerminal((lines) => b.push(lines));
    runInTerminal('monitor db');
    expect(b).toEqual([['monitor db']]);
    detachB();
    runInTerminal('log tail');
    expect(a).toEqual([['monitor top'], ['log tail']]);
    detachA();
    runInTerminal('later');
    const c: string[][] = [];
    const detachC = attachTerminal((lines) => c.push(lines));
    expect(c).toEqual([['later']]);
    detachC();
  });
});
