/**
 * Printing a PDF: the app window is what gets printed (Electron's webContents.print, or
 * window.print() in the browser harness), so just before printing the pages are rendered once more
 * at print resolution into images in a body-level container, and the print CSS shows only that.
 */
import type { PDFDocumentProxy } from 'pdfjs-dist';

/** ~144 dpi: sharp on paper for text, small enough to build in a moment. */
const PRINT_DPI = 144;
export const PRINT_ROOT_CLASS = 'pdf-print-root';

/** The page-size sheets this module adopted; only one stays at a time, like the print container. */
const PAGE_RULES = new WeakSet<CSSStyleSheet>();

const mm = (pt: number) => `${((pt * 25.4) / 72).toFixed(2)}mm`;

/**
 * Builds the print container (hidden on screen by the print CSS) and returns its remover. The viewer
 * builds it as soon as a document opens, so the shell's print and the clerk's Ctrl+P both find it.
 */
export async function preparePrint(doc: PDFDocumentProxy, o: { dpi?: number } = {}): Promise<() => void> {
  const root = document.createElement('div');
  root.className = PRINT_ROOT_CLASS;
  let pageRule: CSSStyleSheet | null = null;
  for (let n = 1; n <= doc.numPages; n++) {
    const page = await doc.getPage(n);
    const viewport = page.getViewport({ scale: (o.dpi ?? PRINT_DPI) / 72 });
    // Each page printed at its own size (A4 documents as before; a label roll's 58 × 40 mm as it is),
    // never stretched to A4, so labels land on their places.
    const size = page.getViewport({ scale: 1 });
    if (n === 1) {
      // A constructed sheet (CSSOM), not a <style> element, which the CSP (style-src 'self') refuses.
      pageRule = new CSSStyleSheet();
      pageRule.replaceSync(`@media print { @page { size: ${mm(size.width)} ${mm(size.height)}; margin: 0; } }`);
    }
    const canvas = document.createElement('canvas');
    canvas.width = Math.floor(viewport.width);
    canvas.height = Math.floor(viewport.height);
    await page.render({ canvas, viewport, intent: 'print' }).promise;
    const img = document.createElement('img');
    img.alt = '';
    img.src = canvas.toDataURL('image/png');
    img.className = 'pdf-print-page';
    img.style.width = mm(size.width);
    root.append(img);
    await img.decode().catch(() => undefined);
    page.cleanup();
  }
  // Only one print container at a time.
  document.querySelectorAll(`.${PRINT_ROOT_CLASS}`).forEach((el) => el.remove());
  document.body.append(root);
  const rule = pageRule;
  // Added last: a later @page rule wins over pdf-viewer.css's A4 one.
  if (rule) document.adoptedStyleSheets = [...document.adoptedStyleSheets.filter((sh) => !PAGE_RULES.has(sh)), rule];
  if (rule) PAGE_RULES.add(rule);
  return () => {
    root.remove();
    if (rule) document.adoptedStyleSheets = document.adoptedStyleSheets.filter((sh) => sh !== rule);
  };
}
