import { describe, expect, it } from 'vitest';
import { screenForKey, shortcutLabel } from '@renderer/app/shortcuts';
import { orderScreens, type ScreenDef } from '@renderer/app/screenDef';
import { matchesHotkey } from '@renderer/lib/useHotkey';

const screen = (id: string, section: ScreenDef['section'], shortcut?: ScreenDef['shortcut']): ScreenDef => ({
  id, path: id, section, labelKey: 'common:appName', icon: 'products', element: null, ...(shortcut ? { shortcut } : {}),
});
const key = (k: Partial<KeyboardEvent>) => ({ key: '', code: '', altKey: false, ctrlKey: false, metaKey: false, shiftKey: false, ...k });

describe('screen shortcuts', () => {
  const screens = orderScreens([screen('settings', 'system'), screen('takein', 'warehouse', 'F2'), screen('invoices', 'billing', 'F9'), screen('count', 'warehouse', 'F4')]);

  it('orders the registry by section, keeping the order within one', () => {
    expect(screens.map((s) => s.id)).toEqual(['takein', 'count', 'invoices', 'settings']);
  });

  it('Alt+digit opens the n-th screen by physical key, whatever the layout types', () => {
    expect(screenForKey(screens, key({ altKey: true, code: 'Digit2', key: 'ˇ' }))?.id).toBe('count');
    expect(screenForKey(screens, key({ altKey: true, code: 'Numpad4', key: '4' }))?.id).toBe('settings');
    expect(screenForKey(screens, key({ altKey: true, code: 'Digit7', key: '7' }))).toBeUndefined();
    expect(screenForKey(screens, key({ altKey: true, ctrlKey: true, code: 'Digit1', key: '1' }))).toBeUndefined();
  });

  it('F-keys open their screen; others and modified ones do nothing', () => {
    expect(screenForKey(screens, key({ key: 'F9', code: 'F9' }))?.id).toBe('invoices');
    expect(screenForKey(screens, key({ key: 'F5', code: 'F5' }))).toBeUndefined();
    expect(screenForKey(screens, key({ key: 'F2', code: 'F2', shiftKey: true }))).toBeUndefined();
  });

  it('labels say both ways in', () => {
    expect(shortcutLabel(screens, screens[0]!)).toBe('F2 · Alt+1');
    expect(shortcutLabel(screens, screens[3]!)).toBe('Alt+4');
  });

  it('hotkeys need exactly their modifiers (Cmd counts as Ctrl)', () => {
    expect(matchesHotkey(key({ key: 'Enter', ctrlKey: true }), 'ctrl+enter')).toBe(true);
    expect(matchesHotkey(key({ key: 'Enter', metaKey: true }), 'ctrl+enter')).toBe(true);
    expect(matchesHotkey(key({ key: 'Enter', ctrlKey: true, shiftKey: true }), 'ctrl+enter')).toBe(false);
    expect(matchesHotkey(key({ key: 'Enter' }), 'ctrl+enter')).toBe(false);
    expect(matchesHotkey(key({ key: 'N', ctrlKey: true }), 'ctrl+n')).toBe(true);
  });
});
