import { useSyncExternalStore } from 'react';
import { registerWidget } from '../../../shell/runtime.ts';
import { ImportDialog, type ImportDialogOptions } from './import-dialog.tsx';
import type { ImportOutcome } from './import-logic.ts';

interface Pending {
  id: number;
  options: ImportDialogOptions;
  resolve(outcome: ImportOutcome | null): void;
}

let current: Pending | null = null;
let seq = 0;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((l) => l());

/**
 * Open 导入EXCEL for an import endpoint. Resolves when the dialog closes: with the outcome after
 * an import the server accepted (`ok`, or `errors` after code 201), or null when dismissed.
 * Opening another one dismisses the first. Needs `<ImportDialogHost />` mounted once.
 */
export function openImportDialog(options: ImportDialogOptions): Promise<ImportOutcome | null> {
  current?.resolve(null);
  return new Promise((resolve) => {
    const id = ++seq;
    current = {
      id,
      options,
      resolve(outcome) {
        if (current?.id === id) current = null;
        emit();
        resolve(outcome);
      },
    };
    emit();
  });
}

const store = {
  get: () => current,
  subscribe(l: () => void) {
    listeners.add(l);
    return () => listeners.delete(l);
  },
};

/** Renders the dialog opened by `openImportDialog` (mount once, e.g. in the list page or layout). */
export function ImportDialogHost() {
  const pending = useSyncExternalStore(store.subscribe, store.get);
  return pending ? (
    <ImportDialog key={pending.id} options={pending.options} onClose={pending.resolve} />
  ) : null;
}

/**
 * Serve the `grid.import` widget (commands/grid/import.ts opens it with `{ url, title }`) with this
 * dialog; returns the unregister function. Resolves the command's `ctx.open` with the outcome.
 */
export function registerImportWidget(): () => void {
  return registerWidget('grid.import', (props) => openImportDialog(props as unknown as ImportDialogOptions));
}
