import { describe, expect, it } from 'vitest';
import { ERASE_LINE, crlf, paint, progressText, stripAnsi } from '../../../src/web/shell/terminal/ansi.ts';
import { OutputMirror } from '../../../src/web/shell/terminal/output-mirror.ts';

describe('ANSI', () => {
  it('paints with SGR codes and strips them back to plain text', () => {
    expect(paint('red', '未知命令')).toBe('\x1b[31m未知命令\x1b[0m');
    expect(stripAnsi(`${paint('green', 'admin@console')} $ ${paint('bold', 'x')}`)).toBe('admin@console $ x');
    expect(stripAnsi('\x1b[2J\x1b[3J\x1b[Hok\x1b[?25l')).toBe('ok');
    expect(stripAnsi('\x1b]0;title\x07text')).toBe('text');
    expect(stripAnsi(`${ERASE_LINE}50%`)).toBe('\r50%');
  });

  it('turns line breaks into CR LF for xterm', () => {
    expect(crlf('a\nb\r\nc')).toBe('a\r\nb\r\nc');
  });
});

describe('progress bar text', () => {
  it('draws the share done, the counts, the percentage and the label', () => {
    expect(progressText({ done: 1, total: 4, label: '冻结 bob' }, 8)).toBe('[██░░░░░░] 1/4  25%  冻结 bob');
    expect(progressText({ done: 4, total: 4 }, 4)).toBe('[████] 4/4 100%');
    expect(progressText({ done: 0, total: 3 }, 3)).toBe('[░░░] 0/3   0%');
  });

  it('clamps overshoot, treats an empty total as done and shows a count without a total', () => {
    expect(progressText({ done: 9, total: 3 }, 3)).toBe('[███] 9/3 100%');
    expect(progressText({ done: 0, total: 0 }, 2)).toBe('[██] 0/0 100%');
    expect(progressText({ done: 7, label: '导出' })).toBe('7  导出');
  });

  it('cuts a long label to its width with an ellipsis (CJK counted as two columns)', () => {
    expect(progressText({ done: 1, label: '一二三四五六' }, 4, 6)).toBe('1  一二…');
  });
});

describe('output mirror', () => {
  it('mirrors plain lines without colours', () => {
    const m = new OutputMirror();
    m.write(`${paint('red', '错误')}\r\nok\r\n`);
    expect(m.text()).toBe('错误\nok');
    m.write('partial');
    expect(m.text()).toBe('错误\nok\npartial');
  });

  it('redraws the current line after a carriage return (progress bar)', () => {
    const m = new OutputMirror();
    m.write('start\r\n');
    m.write(`${ERASE_LINE}[█░] 1/2`);
    m.write(`${ERASE_LINE}[██] 2/2`);
    m.write('\r\ndone\r\n');
    expect(m.text()).toBe('start\n[██] 2/2\ndone');
  });

  it('keeps only the last `max` lines and clears', () => {
    const m = new OutputMirror(3);
    for (let i = 1; i <= 5; i += 1) m.write(`line ${i}\r\n`);
    expect(m.text()).toBe('line 3\nline 4\nline 5');
    m.clear();
    expect(m.text()).toBe('');
  });
});
