/**
 * pdf.js, loaded on first use (it is large and most screens never show a PDF). The worker comes
 * from our own bundle through Vite's `?url`, because the CSP allows workers from 'self' only and
 * the app must render PDFs offline.
 */
import type * as PdfJsModule from 'pdfjs-dist';
import type { PDFDocumentProxy } from 'pdfjs-dist';
import workerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url';

export type PdfJs = typeof PdfJsModule;

let loading: Promise<PdfJs> | undefined;

export function loadPdfJs(): Promise<PdfJs> {
  loading ??= import('pdfjs-dist').then((pdfjs) => {
    pdfjs.GlobalWorkerOptions.workerSrc = workerUrl;
    return pdfjs;
  });
  return loading;
}

export function base64ToBytes(b64: string): Uint8Array {
  const bin = atob(b64);
  const out = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i);
  return out;
}

/** Opens a base64 PDF; the caller destroys the returned document. */
export async function openPdf(b64: string): Promise<{ pdfjs: PdfJs; doc: PDFDocumentProxy }> {
  const pdfjs = await loadPdfJs();
  // No eval (the CSP forbids it) and no font or wasm fetches: our PDFs embed their fonts.
  const doc = await pdfjs.getDocument({ data: base64ToBytes(b64), isEvalSupported: false, useWasm: false }).promise;
  return { pdfjs, doc };
}
