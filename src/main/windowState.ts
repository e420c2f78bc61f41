/**
 * The main window's bounds and maximized flag, kept in userData/window-state.json. Reading is
 * forgiving (a missing, broken or stale file just gives the default) and the bounds are pulled
 * back onto a screen that still exists, so a detached monitor never leaves the window off-screen.
 */
import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { writeFileAtomic } from './files';

export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}
export interface WindowState {
  bounds: { x?: number; y?: number; width: number; height: number };
  maximized: boolean;
}

export const DEFAULT_STATE: WindowState = { bounds: { width: 1280, height: 800 }, maximized: false };
export const MIN_SIZE = { width: 960, height: 600 };
/** How much of the window must lie on a screen for the saved position to be kept. */
const VISIBLE = { width: 120, height: 60 };

const coord = z.number().int().min(-100_000).max(100_000);
const size = z.number().int().min(1).max(100_000);
const schema = z.object({
  bounds: z.object({ x: coord.optional(), y: coord.optional(), width: size, height: size }),
  maximized: z.boolean().default(false),
});

export function parseWindowState(text: string): WindowState | null {
  try {
    const r = schema.safeParse(JSON.parse(text));
    return r.success ? r.data : null;
  } catch {
    return null;
  }
}

const overlap = (a: Rect, b: Rect) => ({
  width: Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x),
  height: Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y),
});

/** Fits a saved state to the screens there are now (their work areas, without task bars). */
export function clampWindowState(state: WindowState, workAreas: Rect[]): WindowState {
  if (workAreas.length === 0) return state;
  const maxW = Math.max(...workAreas.map((a) => a.width));
  const maxH = Math.max(...workAreas.map((a) => a.height));
  const width = Math.max(Math.min(state.bounds.width, maxW), Math.min(MIN_SIZE.width, maxW));
  const height = Math.max(Math.min(state.bounds.height, maxH), Math.min(MIN_SIZE.height, maxH));
  const { x, y } = state.bounds;
  if (x === undefined || y === undefined) return { bounds: { width, height }, maximized: state.maximized };

  const rect = { x, y, width, height };
  const screen = workAreas.find((a) => {
    const o = overlap(rect, a);
    return o.width >= VISIBLE.width && o.height >= VISIBLE.height;
  });
  // Off every screen: let the window manager centre it.
  if (!screen) return { bounds: { width, height }, maximized: state.maximized };
  const w = Math.min(width, screen.width);
  const h = Math.min(height, screen.height);
  return {
    bounds: {
      x: Math.min(Math.max(x, screen.x), screen.x + screen.width - w),
      y: Math.min(Math.max(y, screen.y), screen.y + screen.height - h),
      width: w,
      height: h,
    },
    maximized: state.maximized,
  };
}

export function loadWindowState(file: string, workAreas: Rect[]): WindowState {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    return clampWindowState(DEFAULT_STATE, workAreas);
  }
  return clampWindowState(parseWindowState(text) ?? DEFAULT_STATE, workAreas);
}

export function saveWindowState(file: string, state: WindowState): void {
  writeFileAtomic(file, JSON.stringify(state));
}
