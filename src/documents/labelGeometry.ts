/**
 * The maths of one barcode on a label, apart from drawing it so it can be tested: module width,
 * the bars as rectangles, the human-readable digits' places. All in PDF points.
 */
import type { BarPattern, BarcodeProblem } from './labelBarcode';
import { MM } from '@shared/labels/sheets';

/** The narrowest bar a common handheld scanner reads reliably off a label printer (80 % of EAN's 0.33 mm is 0.264). */
export const MIN_MODULE = 0.25 * MM;
/** EAN-13 at 120 %: wider bars only spread the symbol without reading any better. */
export const MAX_MODULE = 0.4 * MM;
/** Shorter bars make a handheld scanner's line miss the symbol when held at a slant. */
export const MIN_BAR_HEIGHT = 5 * MM;

export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface TextPlace {
  text: string;
  x: number;
  y: number;
  width: number;
  align: 'left' | 'center' | 'right';
}

export interface BarcodeGeometry {
  moduleWidth: number;
  /** Quiet zones as laid out, points (checked ≥ the standard's modules × module width). */
  quietLeft: number;
  quietRight: number;
  bars: Rect[];
  text: TextPlace[];
  textSize: number;
}

/** Places a symbol and its digits in `area`; the reason instead when it cannot be read there. */
export function barcodeGeometry(p: BarPattern, area: Rect): BarcodeGeometry | { problem: BarcodeProblem } {
  const total = p.quietLeft + p.modules + p.quietRight;
  const mw = Math.min(MAX_MODULE, area.width / total);
  if (mw < MIN_MODULE) return { problem: 'too_wide' };
  const ean = p.symbology === 'ean13';
  // EAN digits sit under 7-module characters; Code 128's text is one line centred under the bars.
  const textSize = ean ? Math.min(9, (7 * mw) / 0.72) : Math.min(8, Math.max(5.5, area.height * 0.16));
  const barHeight = area.height - textSize * 1.1;
  if (barHeight < MIN_BAR_HEIGHT) return { problem: 'too_small' };
  const used = total * mw;
  const left = area.x + (area.width - used) / 2 + p.quietLeft * mw;
  const guardExtra = ean ? textSize * 0.55 : 0;
  const bars = p.bars.map((b) => ({ x: left + b.x * mw, y: area.y, width: b.width * mw, height: barHeight + (b.guard ? guardExtra : 0) }));
  const textY = area.y + barHeight + textSize * 0.08;
  const text: TextPlace[] = ean
    ? [
        // The number system digit stands in the left quiet zone, the others under the two halves.
        { text: p.value.slice(0, 1), x: left - 8 * mw, y: textY, width: 7 * mw, align: 'right' },
        { text: p.value.slice(1, 7), x: left + 3 * mw, y: textY, width: 42 * mw, align: 'center' },
        { text: p.value.slice(7), x: left + 50 * mw, y: textY, width: 42 * mw, align: 'center' },
      ]
    : [{ text: p.value, x: area.x, y: textY, width: area.width, align: 'center' }];
  return { moduleWidth: mw, quietLeft: (area.width - used) / 2 + p.quietLeft * mw, quietRight: (area.width - used) / 2 + p.quietRight * mw, bars, text, textSize };
}
