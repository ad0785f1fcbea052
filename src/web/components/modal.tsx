import { useRef, type ReactNode } from 'react';
import * as Dialog from '@radix-ui/react-dialog';
import { markFocus, restoreFocus, type FocusMark } from '../shell/page-focus.ts';

/**
 * A centred modal of a given width (the spec gives widths per dialog). Closed, it gives the focus
 * back to where it was when it opened, or (that element gone: a row menu's item, a grid row the
 * save re-drew) to the same grid row, the page's grid or the page: never to <body>.
 */
export function Modal({
  open,
  onOpenChange,
  title,
  width,
  children,
  footer,
}: {
  open: boolean;
  onOpenChange(open: boolean): void;
  title: string;
  width: number;
  children: ReactNode;
  footer?: ReactNode;
}) {
  // noted while rendering open, before the dialog moves the focus inside
  const opener = useRef<FocusMark | null>(null);
  if (open && !opener.current) opener.current = markFocus();
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/30" />
        <Dialog.Content
          aria-describedby={undefined}
          onCloseAutoFocus={(e) => {
            e.preventDefault();
            const mark = opener.current;
            opener.current = null;
            if (mark) restoreFocus(mark);
          }}
          // a pop-over inside (a picker) closes itself on Esc, not the whole dialog
          onEscapeKeyDown={(e) => {
            if ((e.target as Element | null)?.closest?.('[data-own-escape]')) e.preventDefault();
          }}
          className="fixed left-1/2 top-20 z-50 max-h-[80vh] max-w-[95vw] -translate-x-1/2 overflow-y-auto rounded bg-white shadow-xl"
          style={{ width }}
        >
          <Dialog.Title className="border-b px-5 py-3 text-base font-semibold">{title}</Dialog.Title>
          <div className="px-5 py-4">{children}</div>
          {footer && <div className="flex justify-end gap-2 border-t px-5 py-3">{footer}</div>}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
