// pdfjs-dist ships no typings for its worker; the text helper only hands the module back to pdfjs.
declare module 'pdfjs-dist/legacy/build/pdf.worker.mjs' {
  export const WorkerMessageHandler: unknown;
}
