import type { OutputSink } from '../runtime.ts';

export interface SinkHandle {
  /** make this sink the active one (its terminal is running a command) */
  front(): void;
  /** unmount: the previous sink (or none) becomes active again */
  remove(): void;
}

/**
 * The mounted terminals' sinks (panel and page may both be mounted): the newest, or the one that
 * last started a command, receives the output of terminal commands. `set` is runtime.setTerminalSink.
 */
export function createSinkStack(set: (sink: OutputSink | undefined) => void) {
  const stack: OutputSink[] = [];
  const activate = () => set(stack[stack.length - 1]);
  return {
    install(sink: OutputSink): SinkHandle {
      stack.push(sink);
      activate();
      return {
        front() {
          const i = stack.indexOf(sink);
          if (i < 0 || i === stack.length - 1) return;
          stack.splice(i, 1);
          stack.push(sink);
          activate();
        },
        remove() {
          const i = stack.indexOf(sink);
          if (i < 0) return;
          stack.splice(i, 1);
          activate();
        },
      };
    },
  };
}
