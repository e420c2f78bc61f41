/** A due-notification letter: its subject and totals, and the letter itself in the viewer. */
import { useTranslation } from 'react-i18next';
import type { Locale } from '@shared/protocol/fields';
import { PdfViewer } from '@renderer/components/pdf/PdfViewer';
import { useChannel } from '@renderer/lib/ipc';
import { useFormat } from '@renderer/lib/useFormat';

export function DueLetter({ contactId, language }: { contactId: number; language: Locale }) {
  const { t } = useTranslation('billing');
  const f = useFormat();
  const letter = useChannel('dues.letter', { contactId, language }, { staleTime: 60_000 });
  const data = letter.data;
  return (
    <section className="billing-pdf stack" aria-label={t('dues.letter')}>
      {data && (
        <div className="panel">
          <div className="panel-body">
            <strong data-testid="letter-subject">{data.subject}</strong>
            <ul className="billing-plain">
              {data.totals.map((x) => (
                <li key={x.currency}>
                  {t('dues.letterTotals', { outstanding: f.money(x.outstanding, x.currency), overdue: f.money(x.overdue, x.currency) })}
                </li>
              ))}
            </ul>
          </div>
        </div>
      )}
      {letter.error ? (
        <p className="notice error" role="alert">{letter.error.code === 'OFFLINE' ? t('dues.offline') : letter.error.message}</p>
      ) : data && !data.pdf ? (
        <p className="notice warn">{t('dues.noPdf')}</p>
      ) : (
        <PdfViewer pdf={data?.pdf ?? null} filename={t('dues.fileName', { name: data?.buyer.name ?? String(contactId), date: data?.date ?? '' })} loadingText={t('dues.loadingLetter')} />
      )}
    </section>
  );
}
