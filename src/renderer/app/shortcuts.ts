import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import type { ScreenDef } from './screenDef';

/** "Alt+1" for the n-th screen (1…9), joined with its F-key when it has one. */
export function shortcutLabel(screens: readonly ScreenDef[], screen: ScreenDef): string {
  const n = screens.indexOf(screen) + 1;
  const keys = [screen.shortcut, n >= 1 && n <= 9 ? `Alt+${n}` : null].filter(Boolean);
  return keys.join(' · ');
}

/** The screen a key press opens, if any. */
export function screenForKey(screens: readonly ScreenDef[], e: Pick<KeyboardEvent, 'key' | 'code' | 'altKey' | 'ctrlKey' | 'metaKey' | 'shiftKey'>): ScreenDef | undefined {
  if (e.ctrlKey || e.metaKey) return undefined;
  if (e.altKey && !e.shiftKey) {
    // e.code, not e.key: on a Hungarian layout Alt+digit keys may not produce the digit.
    const m = /^(?:Digit|Numpad)([1-9])$/.exec(e.code) ?? /^([1-9])$/.exec(e.key);
    return m ? screens[Number(m[1]) - 1] : undefined;
  }
  if (!e.altKey && !e.shiftKey && /^F\d{1,2}$/.test(e.key)) return screens.find((s) => s.shortcut === e.key);
  return undefined;
}

/** Opens screens by their keys; a screen the clerk's role may not use (`refused`) is not opened by a key either. */
export function useScreenShortcuts(screens: readonly ScreenDef[], refused: (s: ScreenDef) => unknown = () => null): void {
  const navigate = useNavigate();
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.defaultPrevented) return;
      const screen = screenForKey(screens, e);
      if (!screen || refused(screen)) return;
      e.preventDefault();
      void navigate(`/${screen.path}`);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [screens, navigate, refused]);
}
