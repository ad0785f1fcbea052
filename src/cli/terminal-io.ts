/**
 * Questions on the controlling terminal: a line, a password without echo, yes/no. Asked on
 * standard error, so standard output keeps only results.
 */
import readline from 'node:readline';

/** Is there a person to ask (standard input and error are terminals)? */
export const interactive = (): boolean => Boolean(process.stdin.isTTY && process.stderr.isTTY);

/** One line typed by the user; null on Ctrl+C or end of input. */
export function askLine(question: string): Promise<string | null> {
  const rl = readline.createInterface({ input: process.stdin, output: process.stderr, terminal: true });
  return new Promise((resolve) => {
    let answered = false;
    rl.on('SIGINT', () => rl.close());
    rl.on('close', () => {
      if (!answered) process.stderr.write('\n');
      resolve(answered ? answer : null);
    });
    let answer = '';
    rl.question(question, (text) => {
      answered = true;
      answer = text;
      rl.close();
    });
  });
}

/** A secret typed without echo (raw mode); null on Ctrl+C or end of input. */
export function askSecret(question: string): Promise<string | null> {
  const stdin = process.stdin;
  process.stderr.write(question);
  return new Promise((resolve) => {
    let value = '';
    const done = (result: string | null) => {
      stdin.off('data', onData);
      stdin.setRawMode(false);
      stdin.pause();
      process.stderr.write('\n');
      resolve(result);
    };
    const onData = (chunk: Buffer) => {
      for (const ch of chunk.toString('utf8')) {
        if (ch === '\r' || ch === '\n') return done(value);
        if (ch === '\u0003' || ch === '\u0004') return done(null);
        if (ch === '\u007f' || ch === '\b') value = [...value].slice(0, -1).join('');
        else if (ch >= ' ') value += ch;
      }
    };
    stdin.setRawMode(true);
    stdin.resume();
    stdin.on('data', onData);
  });
}

/** y/N on the terminal. */
export async function askYesNo(question: string): Promise<boolean> {
  const answer = await askLine(`${question} (y/N) `);
  return /^(y|yes|是)$/i.test(answer?.trim() ?? '');
}

/** All of standard input as text. */
export async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}
