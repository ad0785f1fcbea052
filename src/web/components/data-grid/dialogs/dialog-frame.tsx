import { useEffect, useState, type ReactNode } from 'react';
import * as Dialog from '@radix-ui/react-dialog';
import { useSettings } from '../../../shell/settings.ts';

/** Two overlapping squares (restore) or one square (maximise). */
function FullscreenIcon({ full }: { full: boolean }) {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 16 16"
      width="14"
      height="14"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.5"
    >
      {full ? (
        <>
          <rect x="2" y="5" width="9" height="9" />
          <path d="M5 5V2h9v9h-3" />
        </>
      ) : (
        <rect x="2" y="2" width="12" height="12" />
      )}
    </svg>
  );
}

/**
 * The modal of the grid dialogs: a given width, an optional full-screen toggle that resets to
 * normal on every opening (spec §4), and a footer.
 */
export function DialogFrame({
  open,
  onClose,
  title,
  width,
  fullscreenToggle = false,
  footer,
  children,
}: {
  open: boolean;
  onClose(): void;
  title: string;
  width: number;
  fullscreenToggle?: boolean;
  footer?: ReactNode;
  children: ReactNode;
}) {
  const [full, setFull] = useState(false);
  // the dialog is portaled outside the layout that defines the theme colour variables
  const { color } = useSettings();
  const theme = { ['--primary' as string]: color, ['--primary-soft' as string]: `${color}1a` };
  useEffect(() => {
    if (open) setFull(false);
  }, [open]);
  return (
    <Dialog.Root open={open} onOpenChange={(o) => !o && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/30" />
        <Dialog.Content
          aria-describedby={undefined}
          data-fullscreen={full ? 'true' : 'false'}
          className={
            full
              ? 'fixed inset-0 z-50 flex flex-col bg-white'
              : 'fixed left-1/2 top-16 z-50 flex max-h-[85vh] max-w-[95vw] -translate-x-1/2 flex-col rounded bg-white shadow-xl'
          }
          style={full ? theme : { ...theme, width }}
        >
          <div className="flex items-center border-b px-5 py-3">
            <Dialog.Title className="flex-1 text-base font-semibold">{title}</Dialog.Title>
            {fullscreenToggle && (
              <button
                type="button"
                aria-pressed={full}
                aria-label={full ? '退出全屏' : '全屏'}
                title={full ? '退出全屏' : '全屏'}
                onClick={() => setFull((v) => !v)}
                className="mr-2 rounded px-2 text-gray-500 hover:text-gray-800"
              >
                <FullscreenIcon full={full} />
              </button>
            )}
            <Dialog.Close aria-label="关闭" className="rounded px-2 text-gray-500 hover:text-gray-800">
              ×
            </Dialog.Close>
          </div>
          <div className="min-h-0 flex-1 overflow-y-auto px-5 py-4">{children}</div>
          {footer && <div className="flex justify-end gap-2 border-t px-5 py-3">{footer}</div>}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
