import { useTranslation } from 'react-i18next';
import type { OutboxEntryView } from '@shared/ipc';
import { ConfirmDialog } from '../../../components/Dialog';
import { ErrorNotice } from '../../../components/ErrorNotice';
import { useChannel, useCommand } from '../../../lib/ipc';
import { useOutboxSummary } from './summary';

/**
 * "Discard this?" with every consequence named before it happens (outbox.discardPlan): the entries
 * that build on it and go with it, and the ones that only waited behind it and go on.
 */
export function DiscardDialog({ entry, onClose }: { entry: OutboxEntryView; onClose: () => void }) {
  const { t } = useTranslation('warehouse');
  const { t: tc } = useTranslation();
  const summaryOf = useOutboxSummary();
  const discard = useCommand('outbox.discard');
  // Read fresh each time: what waits behind an entry changes while the clerk looks.
  const plan = useChannel('outbox.discardPlan', { id: entry.id }, { staleTime: 0, gcTime: 0 });
  return (
    <ConfirmDialog danger confirmLabel={tc('actions.discard')} busy={discard.isPending || plan.isLoading} onCancel={onClose} onConfirm={() => discard.mutate({ id: entry.id }, { onSuccess: onClose })}>
      <p>{t('sync.confirmDiscard', { summary: summaryOf(entry) })}</p>
      {plan.data ? (
        <div data-testid="discard-plan">
          {plan.data.discard.length ? (
            <>
              <p>{t('sync.discardAlso')}</p>
              <ul data-testid="discard-also">
                {plan.data.discard.map((e) => (
                  <li key={e.id}>{summaryOf(e)}</li>
                ))}
              </ul>
            </>
          ) : (
            <p>{t('sync.discardNothingElse')}</p>
          )}
          {plan.data.goesOn.length ? (
            <>
              <p>{t('sync.discardGoesOn')}</p>
              <ul data-testid="discard-goes-on">
                {plan.data.goesOn.map((e) => (
                  <li key={e.id}>{summaryOf(e)}</li>
                ))}
              </ul>
            </>
          ) : null}
        </div>
      ) : plan.isLoading ? (
        <p className="muted">{t('sync.discardChecking')}</p>
      ) : null}
      <ErrorNotice error={plan.error ?? discard.error} />
    </ConfirmDialog>
  );
}
