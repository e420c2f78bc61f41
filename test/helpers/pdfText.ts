/**
 * Text of a PDF as a reader would copy it, page by page, for assertions on rendered documents.
 * Uses pdfjs-dist's legacy build, the one meant for Node. pdfjs runs its parser "worker" on the
 * main thread when `globalThis.pdfjsWorker` holds the worker module; importing it here through
 * the normal module graph is what makes that work under Vitest, whose transformed modules cannot
 * load the worker from a relative URL.
 */
import type * as PdfJsModule from 'pdfjs-dist/legacy/build/pdf.mjs';
import type { TextContent, TextItem } from 'pdfjs-dist/types/src/display/api';

type PdfJs = typeof PdfJsModule;

let loading: Promise<PdfJs> | undefined;

function loadPdfJs(): Promise<PdfJs> {
  loading ??= (async () => {
    const worker = await import('pdfjs-dist/legacy/build/pdf.worker.mjs');
    (globalThis as { pdfjsWorker?: unknown }).pdfjsWorker = worker;
    return import('pdfjs-dist/legacy/build/pdf.mjs');
  })();
  return loading;
}

const isTextItem = (item: TextContent['items'][number]): item is TextItem => 'str' in item;

/**
 * Joins the items of a page into lines: a new line where pdfjs reports one or the baseline
 * moves, a space where there is a visible gap between two runs on the same line. No-break and
 * narrow no-break spaces (Intl's digit grouping) become plain spaces so tests can write "109 546".
 */
function pageText(content: TextContent): string {
  let out = '';
  let lastY: number | undefined;
  let lastEnd: number | undefined;
  for (const item of content.items) {
    if (!isTextItem(item)) continue;
    const x = item.transform[4] ?? 0;
    const y = item.transform[5] ?? 0;
    if (lastY !== undefined && Math.abs(y - lastY) > 1) out += '\n';
    else if (lastEnd !== undefined && x - lastEnd > 1) out += ' ';
    out += item.str;
    if (item.hasEOL) {
      out += '\n';
      lastY = undefined;
      lastEnd = undefined;
    } else {
      lastY = y;
      lastEnd = x + item.width;
    }
  }
  return out
    .replace(/[\u00a0\u202f]/g, ' ')
    .replace(/\n+/g, '\n')
    .trim();
}

export async function extractPdfText(buf: Buffer): Promise<{ pages: string[]; text: string }> {
  const pdfjs = await loadPdfJs();
  const task = pdfjs.getDocument({
    data: new Uint8Array(buf),
    useSystemFonts: false,
    disableFontFace: true,
    isEvalSupported: false,
    useWorkerFetch: false,
    verbosity: 0,
  });
  const pdf = await task.promise;
  try {
    const pages: string[] = [];
    for (let i = 1; i <= pdf.numPages; i++) {
      const page = await pdf.getPage(i);
      pages.push(pageText(await page.getTextContent()));
      page.cleanup();
    }
    return { pages, text: pages.join('\n') };
  } finally {
    await task.destroy();
  }
}
