/**
 * Keeps what the clerk has typed in the core's drafts store (drafts.*), so a crash, a restart or a
 * refused command loses nothing. Restores once on open; saves shortly after every change and at
 * once when the screen goes away; `clear` is for after the document was handed to the core.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { invoke } from './ipc';

const SAVE_DELAY_MS = 400;

export function useFormDraft<V extends FieldValues>(key: string, form: UseFormReturn<V>, opts: { restore?: boolean; isValid?: (v: unknown) => v is V } = {}) {
  const [state, setState] = useState<'loading' | 'restored' | 'fresh'>(opts.restore === false ? 'fresh' : 'loading');
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const pending = useRef<V | null>(null);
  const ready = useRef(opts.restore === false);
  const { isValid } = opts;

  const flush = useCallback(() => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    const value = pending.current;
    pending.current = null;
    if (value !== null) void invoke('drafts.set', { key, value }).catch(() => undefined);
  }, [key]);

  useEffect(() => {
    if (opts.restore === false) return;
    let cancelled = false;
    invoke('drafts.get', { key })
      .then((value) => {
        if (cancelled) return;
        const ok = value !== null && value !== undefined && typeof value === 'object' && (!isValid || isValid(value));
        if (ok) form.reset(value as V);
        ready.current = true;
        setState(ok ? 'restored' : 'fresh');
      })
      .catch(() => {
        if (cancelled) return;
        ready.current = true;
        setState('fresh');
      });
    return () => {
      cancelled = true;
    };
    // Restore once per key; `form` is stable for the life of the screen.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);

  useEffect(() => {
    const sub = form.watch((values, { name }) => {
      // A reset (restoring, or starting afresh after a save) is not the clerk typing.
      if (!ready.current || name === undefined) return;
      pending.current = structuredClone(values) as V;
      if (timer.current) clearTimeout(timer.current);
      timer.current = setTimeout(flush, SAVE_DELAY_MS);
    });
    window.addEventListener('beforeunload', flush);
    return () => {
      sub.unsubscribe();
      window.removeEventListener('beforeunload', flush);
      flush();
    };
  }, [form, flush]);

  const clear = useCallback(async () => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    pending.current = null;
    await invoke('drafts.clear', { key }).catch(() => undefined);
  }, [key]);

  return { state, clear };
}
