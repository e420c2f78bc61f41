/**
 * Renders the sample documents in docs/ from the test fixtures, so readers can see what the
 * server prints without running it: `npx tsx scripts/render-doc-samples.ts`. Needs pdftoppm
 * (poppler-utils) for the PNG previews.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { renderDueLetterPdf, renderInvoicePdf } from '../src/documents/index';
import { domesticInvoice, dueLetterHu, eurInvoice } from '../test/documents/fixtures';

const docs = fileURLToPath(new URL('../docs/', import.meta.url));
const samples = join(docs, 'samples');
mkdirSync(samples, { recursive: true });

const outputs: Array<{ file: string; render: () => Promise<Buffer>; png?: string }> = [
  { file: 'invoice-hu.pdf', render: () => renderInvoicePdf(domesticInvoice), png: 'invoice-sample' },
  { file: 'invoice-eur-en.pdf', render: () => renderInvoicePdf(eurInvoice) },
  { file: 'due-letter-hu.pdf', render: () => renderDueLetterPdf(dueLetterHu), png: 'due-letter-sample' },
];

for (const out of outputs) {
  const pdf = join(samples, out.file);
  writeFileSync(pdf, await out.render());
  console.info(`wrote ${pdf}`);
  if (out.png !== undefined) {
    // -singlefile writes <prefix>.png for the first page only.
    execFileSync('pdftoppm', [
      '-png',
      '-r',
      '80',
      '-singlefile',
      '-f',
      '1',
      '-l',
      '1',
      pdf,
      join(docs, out.png),
    ]);
    console.info(`wrote ${join(docs, `${out.png}.png`)}`);
  }
}
