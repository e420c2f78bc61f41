import { useEffect, useRef } from 'react';

/** "ctrl+enter", "f9", "escape": modifiers must match exactly, so Ctrl+Shift+Enter is not Ctrl+Enter. */
export function matchesHotkey(e: Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'altKey' | 'shiftKey' | 'metaKey'>, combo: string): boolean {
  const parts = combo.toLowerCase().split('+');
  const key = parts.pop();
  const want = { ctrl: parts.includes('ctrl'), alt: parts.includes('alt'), shift: parts.includes('shift') };
  // Cmd on a Mac keyboard stands in for Ctrl.
  const ctrl = e.ctrlKey || e.metaKey;
  return e.key.toLowerCase() === key && ctrl === want.ctrl && e.altKey === want.alt && e.shiftKey === want.shift;
}

/** A screen-wide keyboard shortcut, active while the screen is mounted. */
export function useHotkey(combo: string, handler: () => void, enabled = true): void {
  const ref = useRef(handler);
  useEffect(() => {
    ref.current = handler;
  }, [handler]);
  useEffect(() => {
    if (!enabled) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.defaultPrevented || !matchesHotkey(e, combo)) return;
      // While a modal is open the screen behind it does not react.
      if (document.querySelector('[aria-modal="true"]')) return;
      e.preventDefault();
      ref.current();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [combo, enabled]);
}
