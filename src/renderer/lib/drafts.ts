/**
 * What the clerk typed and has not posted yet lives in the core (`drafts.*`), written a moment after
 * each change, so it survives a refused post, a crashed screen and a restart of the app.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { invoke } from './ipc';

export const DRAFT_DELAY_MS = 400;

/** A debounced writer for one draft key; `flush` writes what is pending at once. */
export class DraftWriter {
  private timer: ReturnType<typeof setTimeout> | null = null;
  private pending: { value: unknown } | null = null;

  constructor(
    private readonly key: string,
    private readonly delayMs = DRAFT_DELAY_MS,
  ) {}

  save(value: unknown): void {
    this.pending = { value };
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.flush(), this.delayMs);
  }

  async flush(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const p = this.pending;
    this.pending = null;
    if (p) await invoke('drafts.set', { key: this.key, value: p.value }).catch((e: unknown) => console.warn('draft not saved', e));
  }

  async clear(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.pending = null;
    await invoke('drafts.clear', { key: this.key }).catch((e: unknown) => console.warn('draft not cleared', e));
  }
}

function useWriter(key: string): DraftWriter {
  const writer = useMemo(() => new DraftWriter(key), [key]);
  useEffect(() => {
    // Leaving the screen (or the app) must not lose the last keystrokes still waiting for the timer.
    const flush = () => void writer.flush();
    window.addEventListener('pagehide', flush);
    return () => {
      window.removeEventListener('pagehide', flush);
      flush();
    };
  }, [writer]);
  return writer;
}

export interface DraftState<T> {
  value: T;
  set: (next: T | ((prev: T) => T)) => void;
  /** Loading the stored draft is done (the screen can take focus then). */
  loaded: boolean;
  /** A stored draft replaced the initial value. */
  restored: boolean;
  /** Forget the draft (after a successful post) and go back to `initial`. */
  clear: () => Promise<void>;
}

type Update<T> = T | ((prev: T) => T);
const applyUpdate = <T>(prev: T, next: Update<T>): T => (typeof next === 'function' ? (next as (p: T) => T)(prev) : next);

/**
 * useState whose value is kept as a draft under `key`. `accept` checks the stored shape; `isBlank`
 * says which stored values are nothing worth announcing as restored (a receipt without lines).
 *
 * The screen works at once, before the stored draft is back from the core (which may be busy with a
 * sync for a while): what the clerk does meanwhile (a bin typed, a product scanned) is applied to the
 * stored draft again when it arrives, so neither her work nor the stored one is lost. That is why
 * screens update with functions of the previous value; a plain value replaces the draft whole (a new
 * receipt).
 */
export function useDraftState<T>(key: string, initial: T, accept: (stored: unknown) => stored is T, isBlank: (v: T) => boolean = () => false): DraftState<T> {
  const writer = useWriter(key);
  const [value, setValue] = useState<T>(initial);
  const [loaded, setLoaded] = useState(false);
  const [restored, setRestored] = useState(false);
  const initialRef = useRef(initial);
  const acceptRef = useRef(accept);
  const blankRef = useRef(isBlank);
  /** The clerk's updates since the stored draft was asked for; null once it is back. */
  const early = useRef<Array<Update<T>> | null>([]);

  useEffect(() => {
    let live = true;
    setLoaded(false);
    early.current = [];
    const settle = (stored: unknown) => {
      if (!live) return;
      const found = stored !== null && stored !== undefined && acceptRef.current(stored);
      const updates = early.current ?? [];
      early.current = null;
      const merged = updates.reduce<T>(applyUpdate, found ? stored : initialRef.current);
      if (found) {
        setValue(merged);
        setRestored(!blankRef.current(stored));
      }
      // Only now may the clerk's early work be written: written sooner, it could reach the core
      // before the read and take the stored draft's place.
      if (updates.length) writer.save(merged);
      setLoaded(true);
    };
    invoke('drafts.get', { key }).then(settle, () => settle(null));
    return () => {
      live = false;
    };
  }, [key, writer]);

  const set = useCallback(
    (next: Update<T>) => {
      if (early.current) {
        early.current.push(next);
        setValue((prev) => applyUpdate(prev, next));
        return;
      }
      setValue((prev) => {
        const v = applyUpdate(prev, next);
        writer.save(v);
        return v;
      });
    },
    [writer],
  );

  const clear = useCallback(async () => {
    setValue(initialRef.current);
    setRestored(false);
    await writer.clear();
  }, [writer]);

  return { value, set, loaded, restored, clear };
}

/**
 * Keeps a react-hook-form's values as a draft: restores them on mount (over the defaults), saves
 * them a moment after every change to a field, whether the clerk typed it or the screen made it for
 * them (a scanned line appended, a quantity bumped by a second scan), and at once when the screen
 * goes away. Returns whether a draft was restored and a `clear` for after posting.
 *
 * The screen draws its fields only once `loaded`: the restore is a reset of the whole form, which
 * would undo whatever was typed or scanned before it (a form's changes are not functions of the
 * value before them, as useDraftState's are, so they cannot be applied again to the stored draft).
 */
export function useFormDraft<T extends FieldValues, C = unknown, O = T>(key: string, form: UseFormReturn<T, C, O>): { loaded: boolean; restored: boolean; clear: () => Promise<void> } {
  const writer = useWriter(key);
  const [loaded, setLoaded] = useState(false);
  const [restored, setRestored] = useState(false);
  const { reset, watch, getValues } = form;

  useEffect(() => {
    let live = true;
    invoke('drafts.get', { key })
      .then((stored) => {
        if (!live || stored === null || typeof stored !== 'object') return;
        reset({ ...getValues(), ...(stored as Partial<T>) }, { keepDefaultValues: true });
        setRestored(true);
      })
      .catch(() => undefined)
      .finally(() => live && setLoaded(true));
    return () => {
      live = false;
    };
  }, [key, reset, getValues]);

  useEffect(() => {
    if (!loaded) return;
    const sub = watch((values, { name }) => {
      // Every change names its field (typed, setValue, a field-array append); a reset by the screen
      // (loading a record, starting afresh after a post) names none and is not the clerk's work.
      if (name !== undefined) writer.save(structuredClone(values));
    });
    return () => sub.unsubscribe();
  }, [loaded, watch, writer]);

  const clear = useCallback(() => writer.clear(), [writer]);
  return { loaded, restored, clear };
}
