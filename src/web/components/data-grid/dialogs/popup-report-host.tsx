import { Suspense, lazy, useEffect, useState } from 'react';
import { registerWidget } from '../../../shell/runtime.ts';
import type { PopupPick } from './popup-config.ts';

let openings = 0;

const PopupReportModal = lazy(() => import('./popup-report-modal.tsx'));

/** The widget `grid.popup` opens: props `{ code, multi }`, resolves to a `PopupPick` or null (cancelled). */
export const POPUP_REPORT_WIDGET = 'grid.popupReport';

interface Pending {
  /** a fresh modal per opening */
  seq: number;
  code: string;
  multi: boolean;
  resolve(pick: PopupPick | null): void;
}

/**
 * Mounted once in the app layout: makes the popup report reachable from commands
 * (`ctx.open('grid.popupReport', { code, multi })`). The modal's code loads on first use.
 */
export function PopupReportHost() {
  const [pending, setPending] = useState<Pending | null>(null);
  useEffect(
    () =>
      registerWidget(
        POPUP_REPORT_WIDGET,
        (props) =>
          new Promise<PopupPick | null>((resolve) =>
            setPending((previous) => {
              previous?.resolve(null);
              return {
                seq: ++openings,
                code: String(props?.code ?? ''),
                multi: props?.multi === true,
                resolve,
              };
            }),
          ),
      ),
    [],
  );
  const finish = (pick: PopupPick | null) => {
    pending?.resolve(pick);
    setPending(null);
  };
  if (!pending) return null;
  return (
    <Suspense fallback={null}>
      <PopupReportModal
        key={pending.seq}
        open
        code={pending.code}
        multi={pending.multi}
        onCancel={() => finish(null)}
        onConfirm={(pick) => finish(pick)}
      />
    </Suspense>
  );
}
