/**
 * An invoice or letter PDF inside the app: pages stacked for scrolling, a page counter, zoom, a
 * selectable text layer, print (only the pages) and save as a file. A local draft preview is marked
 * as not yet numbered. Pages open fitted to the width. Keyboard: + / − zoom, 0 fits the width again,
 * PageUp / PageDown move a page, Ctrl+P prints.
 */
import { useCallback, useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { PDFDocumentProxy } from 'pdfjs-dist';
import { invoke } from '@renderer/lib/ipc';
import { toInvokeError } from '@renderer/lib/errors';
import { openPdf } from './pdfjs';
import { PdfPage } from './PdfPage';
import { preparePrint } from './printPages';
import './pdf-viewer.css';

type Loaded = Awaited<ReturnType<typeof openPdf>>;

export interface PdfViewerProps {
  /** base64; null while it is being fetched. */
  pdf: string | null;
  filename: string;
  /** A local preview the server has not numbered yet. */
  draft?: boolean;
  /** Shown while `pdf` is null. */
  loadingText?: string;
  error?: string | null;
  /** Print resolution; barcodes need more than text (default ~144 dpi). */
  printDpi?: number;
}

const ZOOMS = [0.5, 0.75, 1, 1.25, 1.5, 2, 3];
/** When the width is not known (no layout yet): about A4 at a readable size. */
const FALLBACK_ZOOM = 1.25;
/** The scroller's padding and the page's shadow, left and right. */
const GUTTER = 28;

export function PdfViewer({ pdf, filename, draft = false, loadingText, error = null, printDpi }: PdfViewerProps) {
  const { t } = useTranslation('billing');
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [openError, setOpenError] = useState<string | null>(null);
  const [zoom, setZoom] = useState<number | 'fit'>('fit');
  const [pageWidth, setPageWidth] = useState<number | null>(null);
  const [boxWidth, setBoxWidth] = useState(0);
  const [current, setCurrent] = useState(1);
  const [renderedPages, setRenderedPages] = useState<Set<number>>(() => new Set());
  const [notice, setNotice] = useState<string | null>(null);
  const printReady = useRef<Promise<(() => void) | null> | null>(null);
  const scroller = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!pdf) return;
    let doc: PDFDocumentProxy | undefined;
    let cancelled = false;
    setOpenError(null);
    setRenderedPages(new Set());
    openPdf(pdf)
      .then((l) => {
        doc = l.doc;
        if (cancelled) return void l.doc.destroy();
        setLoaded(l);
        setCurrent(1);
        // Leaving the screen destroys the document while this may still be on its way: pdf.js then
        // rejects with "Transport destroyed", which is no error of the clerk's.
        l.doc.getPage(1).then(
          (p) => !cancelled && setPageWidth(p.getViewport({ scale: 1 }).width),
          (e: unknown) => !cancelled && setOpenError(e instanceof Error ? e.message : String(e)),
        );
        printReady.current = preparePrint(l.doc, { dpi: printDpi }).catch(() => null);
      })
      .catch((e: unknown) => {
        if (!cancelled) setOpenError(e instanceof Error ? e.message : String(e));
      });
    return () => {
      cancelled = true;
      const ready = printReady.current;
      printReady.current = null;
      void ready?.then((remove) => remove?.());
      setLoaded(null);
      void doc?.destroy();
    };
  }, [pdf, printDpi]);

  // Fit to width follows the panel as the window is resized (in steps, so a drag does not re-render every pixel).
  useEffect(() => {
    const box = scroller.current;
    if (!box) return;
    const measure = () => setBoxWidth((w) => (Math.abs(w - box.clientWidth) > 8 ? box.clientWidth : w));
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const ro = new ResizeObserver(measure);
    ro.observe(box);
    return () => ro.disconnect();
  }, []);
  const fitScale = pageWidth && boxWidth > GUTTER ? Math.min(3, Math.max(0.5, Math.floor(((boxWidth - GUTTER) / pageWidth) * 100) / 100)) : FALLBACK_ZOOM;
  const scale = zoom === 'fit' ? fitScale : zoom;

  const onRendered = useCallback((n: number) => setRenderedPages((s) => new Set(s).add(n)), []);
  const pages = loaded?.doc.numPages ?? 0;

  const goTo = (n: number) => {
    const target = Math.min(Math.max(1, n), Math.max(1, pages));
    scroller.current?.querySelector(`[data-page="${target}"]`)?.scrollIntoView({ block: 'start' });
    setCurrent(target);
  };

  // The page counter follows scrolling: the page whose top is nearest the viewport's top.
  const onScroll = () => {
    const box = scroller.current;
    if (!box) return;
    const top = box.getBoundingClientRect().top;
    let best = 1;
    box.querySelectorAll<HTMLElement>('[data-page]').forEach((el) => {
      if (el.getBoundingClientRect().top - top <= box.clientHeight / 3) best = Number(el.dataset.page);
    });
    setCurrent(best);
  };

  const zoomBy = (dir: 1 | -1) => {
    const next = dir > 0 ? ZOOMS.find((z) => z > scale + 0.001) : [...ZOOMS].reverse().find((z) => z < scale - 0.001);
    if (next !== undefined) setZoom(next);
  };

  // The clerk sees that something happens: preparing the pages can take a moment, and the system's
  // print dialog may open behind the window.
  const print = async () => {
    setNotice(t('viewer.printing'));
    try {
      await printReady.current;
      const r = await invoke('shell.print', {});
      setNotice(r.printed ? t('viewer.printed') : t('viewer.printCancelled'));
    } catch (e) {
      setNotice(toInvokeError(e).message);
    }
  };

  const save = async () => {
    if (!pdf) return;
    setNotice(null);
    try {
      const r = await invoke('shell.savePdf', { filename, pdf });
      if (r.saved) setNotice(r.path ? t('viewer.savedTo', { path: r.path }) : t('viewer.saved'));
    } catch (e) {
      setNotice(toInvokeError(e).message);
    }
  };

  const onKeyDown = (e: KeyboardEvent) => {
    if ((e.ctrlKey || e.metaKey) && e.key.toLowerCase() === 'p') {
      e.preventDefault();
      void print();
    } else if (e.target instanceof HTMLInputElement) {
      return;
    } else if (e.key === '+' || e.key === '=') zoomBy(1);
    else if (e.key === '-') zoomBy(-1);
    else if (e.key === '0') setZoom('fit');
    else if (e.key === 'PageDown') {
      e.preventDefault();
      goTo(current + 1);
    } else if (e.key === 'PageUp') {
      e.preventDefault();
      goTo(current - 1);
    } else return;
  };

  const failure = error ?? openError;
  const ready = loaded !== null && renderedPages.size >= pages && pages > 0;
  return (
    <section className="pdf-viewer" aria-label={t('viewer.label', { name: filename })} onKeyDown={onKeyDown} data-ready={ready ? 'true' : 'false'}>
      <div className="pdf-toolbar" role="toolbar" aria-label={t('viewer.toolbar')}>
        <button type="button" onClick={() => goTo(current - 1)} disabled={!loaded || current <= 1} aria-label={t('viewer.prev')} title={t('viewer.prev')}>‹</button>
        <span className="pdf-pageinfo" aria-live="polite">{loaded ? t('viewer.page', { page: current, pages }) : '–'}</span>
        <button type="button" onClick={() => goTo(current + 1)} disabled={!loaded || current >= pages} aria-label={t('viewer.next')} title={t('viewer.next')}>›</button>
        <span className="pdf-sep" />
        <button type="button" onClick={() => zoomBy(-1)} disabled={!loaded || scale <= ZOOMS[0]!} aria-label={t('viewer.zoomOut')} title={t('viewer.zoomOut')}>−</button>
        <button type="button" className="pdf-zoom" onClick={() => setZoom('fit')} disabled={!loaded} title={t('viewer.zoomReset')} aria-pressed={zoom === 'fit'}>
          {Math.round(scale * 100)} %
        </button>
        <button type="button" onClick={() => zoomBy(1)} disabled={!loaded || scale >= ZOOMS[ZOOMS.length - 1]!} aria-label={t('viewer.zoomIn')} title={t('viewer.zoomIn')}>+</button>
        <span className="pdf-spacer" />
        <button type="button" onClick={() => void print()} disabled={!loaded}>{t('viewer.print')}</button>
        <button type="button" onClick={() => void save()} disabled={!pdf}>{t('viewer.save')}</button>
      </div>
      {draft && <p className="pdf-draft" role="note">{t('viewer.draft')}</p>}
      {notice && <p className="pdf-notice" role="status">{notice}</p>}
      <div className="pdf-scroller" ref={scroller} onScroll={onScroll} tabIndex={0}>
        {failure ? (
          <p className="pdf-error" role="alert">{t('viewer.error', { message: failure })}</p>
        ) : !loaded ? (
          <p className="pdf-loading">{loadingText ?? t('viewer.loading')}</p>
        ) : (
          Array.from({ length: pages }, (_, i) => (
            <PdfPage key={i + 1} pdfjs={loaded.pdfjs} doc={loaded.doc} pageNumber={i + 1} scale={scale} label={t('viewer.pageLabel', { page: i + 1 })} onRendered={onRendered} />
          ))
        )}
      </div>
    </section>
  );
}
