// Vite's `?url` import of the pdf.js worker: the asset's URL in the built app.
declare module 'pdfjs-dist/build/pdf.worker.min.mjs?url' {
  const url: string;
  export default url;
}
