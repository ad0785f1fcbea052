import { describe, expect, it } from 'vitest';
import type { OutputSink } from '../../../src/web/shell/runtime.ts';
import { createSinkStack } from '../../../src/web/shell/terminal/sink-stack.ts';

const sink = (): OutputSink => ({ output: () => undefined, progress: () => undefined });

describe('terminal sink stack', () => {
  it('activates the newest terminal, the one that starts a command, and restores on unmount', () => {
    const active: Array<OutputSink | undefined> = [];
    const stack = createSinkStack((s) => active.push(s));
    const panel = sink();
    const page = sink();
    const hPanel = stack.install(panel);
    const hPage = stack.install(page);
    expect(active.at(-1)).toBe(page);
    hPanel.front();
    expect(active.at(-1)).toBe(panel);
    hPanel.remove();
    expect(active.at(-1)).toBe(page);
    hPage.remove();
    expect(active.at(-1)).toBeUndefined();
    hPage.remove(); // twice is harmless
    expect(active).toHaveLength(5);
  });
});
