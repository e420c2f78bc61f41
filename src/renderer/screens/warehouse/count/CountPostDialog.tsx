import { useTranslation } from 'react-i18next';
import type { CountSheet } from '@shared/ipc';
import { Dialog, DialogActions } from '../../../components/Dialog';
import { Field } from '../../../components/Field';
import { ErrorNotice } from '../../../components/ErrorNotice';
import { ContactPicker, type PickedContact } from '../../../components/pickers';
import { useDraftState } from '../../../lib/drafts';
import { useCommand } from '../../../lib/ipc';
import { useFormat } from '../../../lib/useFormat';
import type { CountSummary } from './countDiff';

const isContact = (v: unknown): v is PickedContact | null => v === null || (typeof v === 'object' && typeof (v as PickedContact).id === 'number');

/** Says exactly what posting will do before it does it. */
export function CountPostDialog({ sheet, summary, onCancel, onPosted }: { sheet: CountSheet; summary: CountSummary; onCancel: () => void; onPosted: (entryIds: number[]) => void }) {
  const { t } = useTranslation('warehouse');
  const { t: tc } = useTranslation();
  const f = useFormat();
  // The same partner books every count, so it is remembered between counts.
  const contact = useDraftState<PickedContact | null>('warehouse.count.contact', null, isContact);
  const post = useCommand('count.post');
  const changes = summary.surplusLines + summary.shortageLines;
  return (
    <Dialog
      title={t('count.postTitle')}
      onClose={onCancel}
      footer={
        <DialogActions
          onCancel={onCancel}
          onSubmit={() => contact.value && post.mutate({ sheetId: sheet.id, contactId: contact.value.id }, { onSuccess: (r) => onPosted(r.entryIds) })}
          submitLabel={t('count.postConfirm', { count: changes })}
          disabled={!contact.value || post.isPending}
          testId="count-post-confirm"
        />
      }
    >
      <ul className="count-post-summary">
        <li>{t('count.willTakeIn', { lines: summary.surplusLines, quantity: f.qty(summary.surplus) })}</li>
        <li>{t('count.willWaste', { lines: summary.shortageLines, quantity: f.qty(summary.shortage) })}</li>
        <li>{t('count.willKeep', { lines: summary.matches })}</li>
        {summary.uncounted > 0 ? <li className="diff-neg">{t('count.uncountedStay', { lines: summary.uncounted })}</li> : null}
      </ul>
      <Field label={tc('pickers.contact')} required hint={t('count.contactHint')}>
        <ContactPicker value={contact.value} onChange={contact.set} data-testid="count-contact" />
      </Field>
      <ErrorNotice error={post.error} />
    </Dialog>
  );
}
