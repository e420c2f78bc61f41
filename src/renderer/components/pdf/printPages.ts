/**
 * Printing a PDF: the app window is what gets printed (Electron's webContents.print, or
 * window.print() in the browser harness), so just before printing the pages are rendered once more
 * at print resolution into images in a body-level container, and the print CSS shows only that.
 */
import type { PDFDocumentProxy } from 'pdfjs-dist';

/** ~144 dpi: sharp on paper, small enough to build in a moment. */
const PRINT_SCALE = 2;
export const PRINT_ROOT_CLASS = 'pdf-print-root';

/**
 * Builds the print container (hidden on screen by the print CSS) and returns its remover. The viewer
 * builds it as soon as a document opens, so the shell's print and the clerk's Ctrl+P both find it.
 */
export async function preparePrint(doc: PDFDocumentProxy): Promise<() => void> {
  const root = document.createElement('div');
  root.className = PRINT_ROOT_CLASS;
  for (let n = 1; n <= doc.numPages; n++) {
    const page = await doc.getPage(n);
    const viewport = page.getViewport({ scale: PRINT_SCALE });
    const canvas = document.createElement('canvas');
    canvas.width = Math.floor(viewport.width);
    canvas.height = Math.floor(viewport.height);
    await page.render({ canvas, viewport, intent: 'print' }).promise;
    const img = document.createElement('img');
    img.alt = '';
    img.src = canvas.toDataURL('image/png');
    img.className = 'pdf-print-page';
    root.append(img);
    await img.decode().catch(() => undefined);
    page.cleanup();
  }
  // Only one print container at a time.
  document.querySelectorAll(`.${PRINT_ROOT_CLASS}`).forEach((el) => el.remove());
  document.body.append(root);
  return () => root.remove();
}
