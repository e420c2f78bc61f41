/**
 * Reads the barcodes off a PDF as a scanner would: every page rasterised by pdftoppm (poppler-utils),
 * then decoded by zbarimg (zbar-tools). Both are Debian packages that .ci/run installs.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface Decoded {
  /** zbar's name: "EAN-13", "CODE-128". */
  symbology: string;
  value: string;
  page: number;
}

/** Every barcode zbar finds on every page, page by page; `dpi` is the scanner's resolution. */
export function decodePdf(pdf: Buffer, dpi = 300): Decoded[] {
  const dir = mkdtempSync(join(tmpdir(), 'labels-'));
  try {
    const file = join(dir, 'labels.pdf');
    writeFileSync(file, pdf);
    execFileSync('pdftoppm', ['-png', '-gray', '-r', String(dpi), file, join(dir, 'page')]);
    const pages = readdirSync(dir).filter((f) => f.endsWith('.png')).sort();
    return pages.flatMap((png, i) => zbar(join(dir, png)).map((d) => ({ ...d, page: i + 1 })));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export interface Box {
  /** 0-based page. */
  page: number;
  /** PDF points from the page's top-left corner. */
  x: number;
  y: number;
  width: number;
  height: number;
}

/**
 * What a scanner reads off each label alone: the page rasterised cropped to the label's box. zbar
 * reports identical symbols of one image once, so copies of a label are only counted this way, and a
 * label read here also proves it landed in its box.
 */
export function decodeBoxes(pdf: Buffer, boxes: readonly Box[], dpi = 300): Array<Array<{ symbology: string; value: string }>> {
  const dir = mkdtempSync(join(tmpdir(), 'labels-'));
  try {
    const file = join(dir, 'labels.pdf');
    writeFileSync(file, pdf);
    const px = (pt: number) => Math.round((pt / 72) * dpi);
    return boxes.map((b, i) => {
      const out = join(dir, `box${i}`);
      const page = String(b.page + 1);
      execFileSync('pdftoppm', ['-png', '-gray', '-r', String(dpi), '-f', page, '-l', page, '-x', String(px(b.x)), '-y', String(px(b.y)), '-W', String(px(b.width)), '-H', String(px(b.height)), '-singlefile', file, out]);
      return zbar(`${out}.png`);
    });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** What a scanner reads off one PNG image (e.g. the page image the desk prints). */
export function decodePng(png: Buffer): Array<{ symbology: string; value: string }> {
  const dir = mkdtempSync(join(tmpdir(), 'labels-'));
  try {
    writeFileSync(join(dir, 'page.png'), png);
    return zbar(join(dir, 'page.png'));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function zbar(png: string): Array<{ symbology: string; value: string }> {
  let out: string;
  // Only the two symbologies labels carry, so a stray pattern is never read as some other code.
  try {
    out = execFileSync('zbarimg', ['-q', '--nodbus', '-Sdisable', '-Sean13.enable', '-Scode128.enable', png], { encoding: 'utf8' });
  } catch (e) {
    if ((e as { status?: number }).status === 4) return [];
    throw e;
  }
  return out.split('\n').filter(Boolean).map((line) => {
    const at = line.indexOf(':');
    return { symbology: line.slice(0, at), value: line.slice(at + 1) };
  });
}
