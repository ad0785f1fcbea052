/**
 * Parser of the terminal language: statements separated by `;` or line breaks, `&&` / `||`
 * conditions, `|` pipes, `$name` / `${name}` variables, `# comments`.
 */
import { COMMAND_MSG, CommandError } from './errors.ts';
import { lex } from './lexer.ts';
import type { Token, Word } from './lexer.ts';

/** One command of a pipeline: its words, variables not yet expanded. */
export interface SimpleCommand {
  words: Word[];
  /** source text (for history, errors and results) */
  text: string;
}

/** Commands joined by `|`, and when to run them relative to the previous pipeline. */
export interface Pipeline {
  commands: SimpleCommand[];
  /** always (`;`, newline), only after success (`&&`), only after failure (`||`) */
  when: 'always' | 'ok' | 'fail';
  text: string;
}

/** Parses a script; throws CommandError('语法错误: …') on an open quote or a missing command. */
export function parseScript(text: string): Pipeline[] {
  const tokens: Token[] = lex(text, { shell: true });
  const pipelines: Pipeline[] = [];
  let words: Word[] = [];
  let commands: SimpleCommand[] = [];
  let when: Pipeline['when'] = 'always';
  /** the operator that still needs a command after it ('|', '&&', '||') */
  let dangling: string | undefined;

  const slice = (from: number, to: number) => text.slice(from, to).trim();
  const endCommand = () => {
    const first = words[0];
    const last = words[words.length - 1];
    if (first && last) commands.push({ words, text: slice(first.start, last.end) });
    words = [];
  };
  const endPipeline = () => {
    endCommand();
    const first = commands[0];
    const last = commands[commands.length - 1];
    if (first && last) {
      const start = first.words[0]?.start ?? 0;
      const end = last.words[last.words.length - 1]?.end ?? start;
      pipelines.push({ commands, when, text: slice(start, end) });
    }
    commands = [];
  };

  for (const token of tokens) {
    if (token.type === 'word') {
      words.push(token.word);
      dangling = undefined;
      continue;
    }
    const near = text.slice(token.start, token.end);
    if (token.op === '\n' && dangling !== undefined) continue;
    if (dangling !== undefined || (words.length === 0 && token.op !== ';' && token.op !== '\n')) {
      throw new CommandError(COMMAND_MSG.emptyCommand(dangling ?? near));
    }
    if (token.op === '|') {
      endCommand();
      dangling = '|';
    } else {
      endPipeline();
      if (token.op === '&&' || token.op === '||') {
        when = token.op === '&&' ? 'ok' : 'fail';
        dangling = token.op;
      } else when = 'always';
    }
  }
  if (dangling !== undefined) throw new CommandError(COMMAND_MSG.emptyCommand(dangling));
  endPipeline();
  return pipelines;
}

/** Expands `$name` parts; an undefined variable is an error (`未定义的变量: $x`). */
export function expandWord(word: Word, vars: ReadonlyMap<string, string>): string {
  return word.parts
    .map((part) => {
      if ('text' in part) return part.text;
      const value = vars.get(part.variable);
      if (value === undefined) throw new CommandError(COMMAND_MSG.undefinedVar(part.variable));
      return value;
    })
    .join('');
}
