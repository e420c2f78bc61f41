/**
 * One page: a canvas at the device's resolution and, over it, pdf.js's text layer, so a clerk can
 * select and copy the invoice number or an amount. Re-rendered when the zoom changes.
 */
import { useEffect, useRef } from 'react';
import type { PDFDocumentProxy } from 'pdfjs-dist';
import type { PdfJs } from './pdfjs';

interface Props {
  pdfjs: PdfJs;
  doc: PDFDocumentProxy;
  pageNumber: number;
  scale: number;
  label: string;
  onRendered?: (pageNumber: number) => void;
}

export function PdfPage({ pdfjs, doc, pageNumber, scale, label, onRendered }: Props) {
  const pageRef = useRef<HTMLDivElement>(null);
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const textRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    let cancelled = false;
    let renderTask: { cancel(): void; promise: Promise<void> } | undefined;
    let textLayer: { cancel(): void } | undefined;
    void (async () => {
      const page = await doc.getPage(pageNumber);
      if (cancelled) return;
      const viewport = page.getViewport({ scale });
      const canvas = canvasRef.current;
      const text = textRef.current;
      const box = pageRef.current;
      if (!canvas || !text || !box) return;
      const ratio = window.devicePixelRatio || 1;
      canvas.width = Math.floor(viewport.width * ratio);
      canvas.height = Math.floor(viewport.height * ratio);
      box.style.width = `${Math.floor(viewport.width)}px`;
      box.style.height = `${Math.floor(viewport.height)}px`;
      // The text layer sizes its spans from this custom property (pdf.js's viewer CSS does the same).
      box.style.setProperty('--scale-factor', String(viewport.scale));
      renderTask = page.render({ canvas, viewport, transform: ratio === 1 ? undefined : [ratio, 0, 0, ratio, 0, 0] });
      try {
        await renderTask.promise;
      } catch (e) {
        if (!cancelled && !(e instanceof pdfjs.RenderingCancelledException)) throw e;
        return;
      }
      if (cancelled) return;
      text.replaceChildren();
      const layer = new pdfjs.TextLayer({ textContentSource: page.streamTextContent(), container: text, viewport });
      textLayer = layer;
      await layer.render();
      if (!cancelled) onRendered?.(pageNumber);
    })().catch((e: unknown) => {
      if (!cancelled) console.error('PDF page render failed', e);
    });
    return () => {
      cancelled = true;
      renderTask?.cancel();
      textLayer?.cancel();
    };
  }, [pdfjs, doc, pageNumber, scale, onRendered]);

  return (
    <div ref={pageRef} className="pdf-page" data-page={pageNumber} role="group" aria-label={label}>
      <canvas ref={canvasRef} className="pdf-canvas" />
      <div ref={textRef} className="textLayer" />
    </div>
  );
}
