/**
 * Lines to run in the terminal from elsewhere (a live view chosen in the palette opens the panel
 * and runs there): the newest mounted terminal takes them, or the next one to mount. A module of
 * its own so the layout can reach it without loading xterm.
 */
type Runner = (lines: string[]) => void;

const runners: Runner[] = [];
let pending: string[] = [];

/** Runs `line` in the newest mounted terminal, or in the next one to mount. */
export function runInTerminal(line: string): void {
  const runner = runners[runners.length - 1];
  if (runner) runner([line]);
  else pending.push(line);
}

/** A mounted terminal takes the lines waiting and those to come; returns its removal. */
export function attachTerminal(run: Runner): () => void {
  runners.push(run);
  if (pending.length) {
    const lines = pending;
    pending = [];
    run(lines);
  }
  return () => {
    const i = runners.indexOf(run);
    if (i >= 0) runners.splice(i, 1);
  };
}
