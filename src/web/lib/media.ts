import { useSyncExternalStore } from 'react';

/** Whether the CSS media query matches now; the component renders again when that changes. */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (changed) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', changed);
      return () => list.removeEventListener('change', changed);
    },
    () => window.matchMedia(query).matches,
  );
}

/** Tailwind's `md` breakpoint: below it the layout is the phone one. */
export const WIDE = '(min-width: 768px)';
