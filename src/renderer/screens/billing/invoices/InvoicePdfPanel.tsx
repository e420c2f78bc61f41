/**
 * The invoice's PDF in the viewer, in the document's language or another chosen for this copy.
 * Fetched again when the invoice gets its number, so the numberless draft preview of an invoice
 * issued offline is replaced by the real document as soon as the server has issued it; the one
 * shown stays until the next has arrived.
 */
import { useId } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { InvoiceRow } from '@shared/ipc';
import { LOCALES, type Locale } from '@shared/protocol/fields';
import { PdfViewer } from '@renderer/components/pdf/PdfViewer';
import { invoke } from '@renderer/lib/ipc';
import type { InvokeError } from '@renderer/lib/errors';
import { LOCALE_NAMES } from '@renderer/components/documentFields';

export function InvoicePdfPanel({ row, language, onLanguage }: { row: InvoiceRow; language: Locale | ''; onLanguage: (l: Locale | '') => void }) {
  const { t } = useTranslation('billing');
  const id = useId();
  const request = { id: row.id, ...(language ? { language } : {}) };
  const pdf = useQuery<Awaited<ReturnType<typeof fetchPdf>>, InvokeError>({
    // The number is what changes the document (a draft preview becomes the real invoice); a payment does not.
    queryKey: ['invoices.pdf', request, row.invoiceNumber],
    queryFn: () => fetchPdf(request),
    staleTime: Infinity,
    placeholderData: keepPreviousData,
  });
  return (
    <section className="billing-pdf" aria-label={t('viewer.title')}>
      <div className="toolbar billing-pdf-lang">
        <label htmlFor={id}>{t('viewer.language')}</label>
        <select id={id} value={language} onChange={(e) => onLanguage(e.target.value as Locale | '')}>
          <option value="">{t('viewer.languageOfDocument')}</option>
          {LOCALES.map((l) => (
            <option key={l} value={l}>
              {LOCALE_NAMES[l]}
            </option>
          ))}
        </select>
      </div>
      <PdfViewer
        pdf={pdf.data?.pdf ?? null}
        filename={row.invoiceNumber ? (pdf.data?.filename ?? `${row.invoiceNumber}.pdf`) : t('invoice.draftFileName', { customer: row.contactName })}
        draft={pdf.data?.draft ?? false}
        error={pdf.error ? pdf.error.message : null}
      />
    </section>
  );
}

const fetchPdf = (request: { id: number; language?: Locale }) => invoke('invoices.pdf', request);
