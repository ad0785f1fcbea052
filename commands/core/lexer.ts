/**
 * Quote-aware lexer shared by argv tokenising, the script parser and completion. Single quotes are
 * literal, double quotes honour `\"`, `\\`, `\$`; a backslash outside quotes escapes the next
 * character. Chinese quotes “…” and ‘…’ (typed by a Chinese IME) count as double and single quotes.
 */
import { COMMAND_MSG, CommandError } from './errors.ts';

/** A piece of a word: literal text, or a `$name` / `${name}` reference expanded at run time. */
export type WordPart = { text: string } | { variable: string };

export interface Word {
  parts: WordPart[];
  /** offsets in the source text */
  start: number;
  end: number;
}

/** `\n` is kept apart from `;` because a line break may continue a line ending in `&&` or `|`. */
export type Operator = ';' | '\n' | '|' | '&&' | '||';

export type Token = { type: 'word'; word: Word } | { type: 'op'; op: Operator; start: number; end: number };

export interface LexOptions {
  /** recognise `; | && || # $var` and newlines as separators (the terminal language) */
  shell: boolean;
  /** do not throw on an unclosed quote (completion lexes a half-typed line) */
  partial?: boolean;
}

const SPACE = /[ \t\r\u3000]/;
const QUOTE_CLOSE: Record<string, string> = { "'": "'", '‘': '’', '"': '"', '“': '”' };
const SINGLE = new Set(["'", '‘']);
const NAME_START = /[A-Za-z_]/;
const NAME_CHAR = /[A-Za-z0-9_]/;

class Lexer {
  readonly tokens: Token[] = [];
  private parts: WordPart[] | null = null;
  private wordStart = 0;
  private i = 0;

  constructor(
    private readonly text: string,
    private readonly options: LexOptions,
  ) {}

  run(): Token[] {
    const { text } = this;
    const shell = this.options.shell;
    while (this.i < text.length) {
      const c = text[this.i] as string;
      if (shell && c === '\n') this.op('\n', 1);
      else if (SPACE.test(c) || (!shell && c === '\n')) {
        this.endWord();
        this.i += 1;
      } else if (shell && c === ';') this.op(';', 1);
      else if (shell && c === '|')
        this.op(text[this.i + 1] === '|' ? '||' : '|', text[this.i + 1] === '|' ? 2 : 1);
      else if (shell && c === '&' && text[this.i + 1] === '&') this.op('&&', 2);
      else if (shell && c === '#' && this.parts === null) this.skipComment();
      else if (c === '\\') this.escape();
      else if (c in QUOTE_CLOSE) this.quoted(c);
      else if (shell && c === '$') this.variable();
      else this.append(c, 1);
    }
    this.endWord();
    return this.tokens;
  }

  private begin(): WordPart[] {
    if (this.parts === null) {
      this.parts = [];
      this.wordStart = this.i;
    }
    return this.parts;
  }

  private appendText(s: string): void {
    const parts = this.begin();
    const last = parts[parts.length - 1];
    if (last && 'text' in last) last.text += s;
    else parts.push({ text: s });
  }

  private append(s: string, advance: number): void {
    this.appendText(s);
    this.i += advance;
  }

  private endWord(): void {
    if (this.parts === null) return;
    const parts = this.parts.length > 0 ? this.parts : [{ text: '' }];
    this.tokens.push({ type: 'word', word: { parts, start: this.wordStart, end: this.i } });
    this.parts = null;
  }

  private op(op: Operator, length: number): void {
    this.endWord();
    this.tokens.push({ type: 'op', op, start: this.i, end: this.i + length });
    this.i += length;
  }

  private skipComment(): void {
    while (this.i < this.text.length && this.text[this.i] !== '\n') this.i += 1;
  }

  private escape(): void {
    const next = this.text[this.i + 1];
    if (next === undefined) this.append('\\', 1);
    else if (next === '\n' && this.options.shell) this.i += 2;
    else {
      this.begin();
      this.append(next, 2);
    }
  }

  private quoted(open: string): void {
    const close = QUOTE_CLOSE[open] as string;
    const literal = SINGLE.has(open);
    this.begin();
    this.i += 1;
    while (this.i < this.text.length) {
      const c = this.text[this.i] as string;
      if (c === close) {
        this.i += 1;
        // an empty pair ("") still makes a word
        this.appendText('');
        return;
      }
      if (!literal && c === '\\' && /["\\$`\n]/.test(this.text[this.i + 1] ?? '')) {
        this.append(this.text[this.i + 1] as string, 2);
      } else if (!literal && this.options.shell && c === '$') this.variable();
      else this.append(c, 1);
    }
    if (!this.options.partial) throw new CommandError(COMMAND_MSG.unclosedQuote);
  }

  private variable(): void {
    const { text } = this;
    const braced = text[this.i + 1] === '{';
    const from = this.i + (braced ? 2 : 1);
    let j = from;
    if (NAME_START.test(text[j] ?? '')) while (j < text.length && NAME_CHAR.test(text[j] as string)) j += 1;
    const name = text.slice(from, j);
    if (!name || (braced && text[j] !== '}')) {
      this.append('$', 1);
      return;
    }
    this.begin().push({ variable: name });
    this.i = braced ? j + 1 : j;
  }
}

/** Splits text into words and (in shell mode) operators. Throws `语法错误: 引号未闭合` on an open quote. */
export function lex(text: string, options: LexOptions): Token[] {
  return new Lexer(text, options).run();
}

/** The literal text of a word (variables kept as `$name`). */
export function wordText(word: Word): string {
  return word.parts.map((p) => ('text' in p ? p.text : `$${p.variable}`)).join('');
}
