/**
 * Which barcode a label carries and its bar pattern. The patterns come from bwip-js (the
 * PostScript Barcode Writer ported to JavaScript), never from hand-written tables; the label
 * sheet draws them itself as vector rectangles so they print crisp at any printer resolution.
 */
// The Node build explicitly: the package's root export picks its build by bundler conditions.
import bwipjs from 'bwip-js/node';

import type { BarcodeChoice, Symbology } from '@shared/labels/barcode';

export { isValidEan13, chooseBarcode, binBarcode, type BarcodeChoice, type BarcodeProblem, type Symbology } from '@shared/labels/barcode';

/** One bar: where it starts and how wide it is, in modules from the symbol's left edge (quiet zone excluded). */
export interface Bar {
  x: number;
  width: number;
  /** EAN-13's start, centre and end guards, drawn longer as the standard shows them. */
  guard: boolean;
}

export interface BarPattern {
  symbology: Symbology;
  value: string;
  bars: Bar[];
  /** The symbol's width in modules, quiet zones excluded. */
  modules: number;
  /** Quiet zones (light margins) in modules: EAN-13 11 left and 7 right, Code 128 10 each side. */
  quietLeft: number;
  quietRight: number;
}

/** The bars of a symbol as bwip-js encodes it (check digits, code sets and start/stop are its work). */
export function barPattern(choice: BarcodeChoice): BarPattern {
  const [symbol] = bwipjs.raw(choice.symbology, choice.value, { includetext: true }) as Array<{ sbs: number[]; bhs: number[] }>;
  if (symbol === undefined) throw new Error(`bwip-js gave no symbol for ${choice.symbology} "${choice.value}"`);
  const bars: Bar[] = [];
  let x = 0;
  // sbs alternates bar, space, bar, … widths in modules; bhs has one height per bar, longer for guards.
  for (let i = 0; i < symbol.sbs.length; i++) {
    const w = symbol.sbs[i]!;
    if (i % 2 === 0) bars.push({ x, width: w, guard: choice.symbology === 'ean13' && (symbol.bhs[i / 2] ?? 1) > 1 });
    x += w;
  }
  const quiet = choice.symbology === 'ean13' ? { quietLeft: 11, quietRight: 7 } : { quietLeft: 10, quietRight: 10 };
  return { symbology: choice.symbology, value: choice.value, bars, modules: x, ...quiet };
}
