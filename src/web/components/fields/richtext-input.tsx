/**
 * Rich text (spec §9: rich editor, height 300): an editable area with a small toolbar. What it
 * shows and what it emits is sanitised with the server's own function (src/shared/richtext.ts), so
 * pasted scripts, handlers and `javascript:` links never reach the value or the page.
 */
import { useEffect, useRef } from 'react';
import { sanitizeHtml } from '../../../shared/richtext.ts';
import { Button } from '../ui.tsx';

const TOOLS: Array<{ command: string; label: string; text: string; arg?: string }> = [
  { command: 'bold', label: '加粗', text: 'B' },
  { command: 'italic', label: '斜体', text: 'I' },
  { command: 'underline', label: '下划线', text: 'U' },
  { command: 'insertUnorderedList', label: '无序列表', text: '•' },
  { command: 'insertOrderedList', label: '有序列表', text: '1.' },
  { command: 'formatBlock', label: '标题', text: 'H', arg: 'h3' },
  { command: 'formatBlock', label: '正文', text: '¶', arg: 'p' },
];

export function RichTextInput({
  label,
  value,
  onChange,
  required = false,
}: {
  label: string;
  value: string;
  onChange(value: string): void;
  required?: boolean;
}) {
  const box = useRef<HTMLDivElement>(null);
  const last = useRef<string | null>(null);
  // a value from outside (loaded for editing) replaces the content; our own edits do not re-render it
  useEffect(() => {
    if (!box.current || value === last.current) return;
    box.current.innerHTML = sanitizeHtml(value);
    last.current = value;
  }, [value]);
  const emit = () => {
    const html = sanitizeHtml(box.current?.innerHTML ?? '');
    const text = box.current?.textContent?.trim() ?? '';
    last.current = text || html.includes('<img') ? html : '';
    onChange(last.current);
  };
  return (
    <div className="rounded border border-gray-300">
      <div role="toolbar" aria-label={`${label}格式`} className="flex gap-1 border-b bg-gray-50 p-1">
        {TOOLS.map((t) => (
          <Button
            key={t.label}
            size="sm"
            aria-label={t.label}
            title={t.label}
            onMouseDown={(e) => e.preventDefault()}
            onClick={() => {
              box.current?.focus();
              document.execCommand(t.command, false, t.arg);
              emit();
            }}
          >
            {t.text}
          </Button>
        ))}
      </div>
      <div
        ref={box}
        role="textbox"
        aria-multiline="true"
        aria-label={label}
        aria-required={required || undefined}
        tabIndex={0}
        contentEditable
        suppressContentEditableWarning
        className="max-w-none overflow-auto p-2 text-sm focus:outline-none"
        style={{ minHeight: 120, maxHeight: 300 }}
        onInput={emit}
        onBlur={emit}
      />
    </div>
  );
}

/** Stored rich text shown on a page (sanitised again on render). */
export function RichTextView({ html }: { html: string }) {
  return <div className="max-w-none text-sm" dangerouslySetInnerHTML={{ __html: sanitizeHtml(html) }} />;
}
