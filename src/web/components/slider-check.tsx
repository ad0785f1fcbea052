import { useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';

/**
 * The login slider check (spec §4): unverified → verified ('验证通过') when dragged fully; released
 * early it resets. Keyboard: → moves, End completes, Enter submits the form it is in.
 */
export function SliderCheck({ verified, onChange }: { verified: boolean; onChange(v: boolean): void }) {
  const track = useRef<HTMLDivElement>(null);
  const [x, setX] = useState(0);
  const [dragging, setDragging] = useState(false);
  const max = () => (track.current?.clientWidth ?? 300) - 40;

  const finish = (pos: number) => {
    if (pos >= max() - 2) {
      setX(max());
      onChange(true);
    } else {
      setX(0);
      onChange(false);
    }
  };
  const onPointerMove = (e: PointerEvent) => {
    if (!dragging || verified) return;
    const rect = track.current!.getBoundingClientRect();
    setX(Math.max(0, Math.min(max(), e.clientX - rect.left - 20)));
  };
  const onKey = (e: KeyboardEvent<HTMLElement>) => {
    if (e.key === 'Enter') {
      e.preventDefault();
      e.currentTarget.closest('form')?.requestSubmit();
      return;
    }
    if (verified) return;
    if (e.key === 'End') finish(max());
    else if (e.key === 'ArrowRight') {
      const next = Math.min(max(), x + max() / 4);
      setX(next);
      if (next >= max()) finish(next);
    } else if (e.key === 'Home' || e.key === 'ArrowLeft') setX(0);
  };

  return (
    <div
      ref={track}
      className={`relative h-10 select-none rounded border text-center text-sm leading-10 ${verified ? 'border-green-400 bg-green-50 text-green-700' : 'border-gray-300 bg-gray-100 text-gray-700'}`}
      onPointerMove={onPointerMove}
      onPointerUp={() => {
        if (dragging) finish(x);
        setDragging(false);
      }}
      onPointerLeave={() => {
        if (dragging) finish(x);
        setDragging(false);
      }}
    >
      {verified ? '验证通过' : '请按住滑块，拖动到最右边'}
      <div
        role="slider"
        aria-label="滑动验证"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={verified ? 100 : Math.round((x / max()) * 100)}
        tabIndex={0}
        onKeyDown={onKey}
        onPointerDown={(e) => {
          (e.target as HTMLElement).setPointerCapture?.(e.pointerId);
          setDragging(true);
        }}
        className="absolute top-0 h-10 w-10 cursor-grab rounded border border-gray-300 bg-white leading-10 shadow focus:outline-none focus-visible:ring-2 focus-visible:ring-[var(--primary)]"
        style={{ left: verified ? max() : x }}
      >
        {verified ? '✓' : '»'}
      </div>
    </div>
  );
}
