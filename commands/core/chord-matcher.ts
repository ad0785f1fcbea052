import {
  formatKeybinding,
  isComposingEvent,
  isModifierOnly,
  matchStroke,
  parseKeybinding,
} from './keybinding.ts';
import type { KeyEventLike, Keybinding, KeyStroke } from './keybinding.ts';

/** A command id with its keybinding, as fed to the matcher (usually the visible commands). */
export interface ChordEntry {
  id: string;
  keybinding: string;
}

/** What one key event did to the matcher. */
export type ChordStep =
  /** the event is not part of any binding: let it through */
  | { kind: 'none' }
  /** the event started or continued a chord: swallow it and show `typed` (e.g. 'Ctrl+K') */
  | { kind: 'pending'; typed: string }
  /** a binding completed: run `id` and swallow the event */
  | { kind: 'match'; id: string }
  /** a started chord was broken by this event: swallow it (the chord is dropped) */
  | { kind: 'cancelled'; typed: string };

interface ParsedEntry {
  id: string;
  strokes: Keybinding;
}

/**
 * Small state machine for single keys and chords (`Mod+K Mod+S`). Feed it every keydown; it never
 * reacts while an IME composes, ignores lone modifier presses, and drops a half-typed chord after
 * `timeoutMs` of silence.
 */
export class ChordMatcher {
  private entries: ParsedEntry[] = [];
  private candidates: ParsedEntry[] = [];
  private typed: KeyStroke[] = [];
  private lastAt = 0;
  private readonly isMac: boolean;
  private readonly timeoutMs: number;

  constructor(entries: ChordEntry[], options: { isMac: boolean; timeoutMs?: number }) {
    this.isMac = options.isMac;
    this.timeoutMs = options.timeoutMs ?? 3000;
    this.setEntries(entries);
  }

  /** Replaces the bindings (e.g. after the registry or the permissions changed); resets any chord. */
  setEntries(entries: ChordEntry[]): void {
    this.entries = entries.map((e) => ({ id: e.id, strokes: parseKeybinding(e.keybinding) }));
    this.reset();
  }

  /** True while a chord has been started and waits for its next stroke. */
  get pending(): boolean {
    return this.typed.length > 0;
  }

  reset(): void {
    this.candidates = [];
    this.typed = [];
  }

  feed(event: KeyEventLike, now: number = Date.now()): ChordStep {
    if (isComposingEvent(event)) return { kind: 'none' };
    if (isModifierOnly(event))
      return this.pending ? { kind: 'pending', typed: this.typedText() } : { kind: 'none' };
    if (this.pending && now - this.lastAt > this.timeoutMs) this.reset();

    const depth = this.typed.length;
    const pool = depth > 0 ? this.candidates : this.entries;
    const advanced = pool.filter((e) => {
      const stroke = e.strokes[depth];
      return stroke !== undefined && matchStroke(stroke, event, this.isMac);
    });
    const complete = advanced.find((e) => e.strokes.length === depth + 1);
    if (complete) {
      this.reset();
      return { kind: 'match', id: complete.id };
    }
    if (advanced.length > 0) {
      const stroke = advanced[0]?.strokes[depth];
      if (stroke) this.typed.push(stroke);
      this.candidates = advanced;
      this.lastAt = now;
      return { kind: 'pending', typed: this.typedText() };
    }
    if (depth > 0) {
      const typed = this.typedText();
      this.reset();
      return { kind: 'cancelled', typed };
    }
    return { kind: 'none' };
  }

  private typedText(): string {
    return formatKeybinding(this.typed, this.isMac);
  }
}
