/**
 * What each NAV submission state means, in the words the API gives with it (docs/nav.md has the same
 * for operators), and the submission as the API shows it.
 */
import type { z } from 'zod';
import type { NavStatus, navAnnulment, navState } from '@shared/protocol/schemas/nav';
import type { NavSubmission, NavSubmissionStatus } from '../../repos/navSubmissions';

export const NAV_STATE_TEXT: Record<NavSubmissionStatus, string> = {
  waiting: 'Waiting to be sent to NAV; the server sends it within moments.',
  sent: 'Sent to NAV; waiting for NAV to take it in.',
  received: 'NAV received it and has not processed it yet.',
  processing: 'NAV is processing it.',
  done: 'NAV accepted the invoice data. Any warnings NAV gave are listed; they need no resubmission, but check the invoice.',
  aborted: 'NAV refused the invoice data (see NAV\'s messages). The invoice is not reported: correct it by a storno and a new invoice, or fix the buyer\'s data and issue again.',
  not_configured: 'Not sent: this account has no NAV connection. An operator must set one (admin nav set, docs/nav.md); the invoice is sent as soon as it exists. Until then, report it through the Online Számla portal.',
  credentials_refused: 'Not sent: NAV refused the technical user\'s credentials. Nothing is sent for this account until an operator corrects them (admin nav set, docs/nav.md).',
  not_sent: 'Built before this server submitted to NAV, and superseded by a later copy of the same invoice data.',
  taxpayer_mismatch: 'Not sent: NAV says the technical user does not belong to the seller\'s tax number. An operator must register a technical user of this taxpayer (admin nav set, docs/nav.md).',
};

/** The state text, with the reason a retry is pending when there is one. */
export function stateMessage(s: NavSubmission): string {
  const base = NAV_STATE_TEXT[s.status];
  if ((s.status === 'waiting' || s.status === 'sent') && s.lastError) return `${base} Last attempt: ${s.lastError}`;
  if (s.status === 'credentials_refused' || s.status === 'taxpayer_mismatch') return s.lastError ? `${base} NAV said: ${s.lastError}` : base;
  return base;
}

const messagesOut = (s: NavSubmission) => s.messages.map((m) => ({ result: m.result, code: m.code, message: m.message, tag: m.tag, value: m.value, line: m.line }));

export function annulmentOut(s: NavSubmission): z.output<typeof navAnnulment> {
  return {
    submission_id: s.id,
    status: s.status as NavStatus,
    code: s.annulCode as z.output<typeof navAnnulment>['code'],
    reason: s.annulReason ?? '',
    transaction_id: s.transactionId,
    messages: messagesOut(s),
    message: s.status === 'done'
      ? 'NAV took in the technical annulment. It takes effect once the taxpayer confirms it in the Online Számla portal; then the invoice data may be reported again.'
      : stateMessage(s),
    updated_at: s.updatedAt ?? s.createdAt,
  };
}

/** The invoice's current submission (the latest that is not an annulment) and its latest annulment. */
export function navStateOut(all: readonly NavSubmission[]): z.output<typeof navState> | undefined {
  const invoice = all.filter((s) => s.operation !== 'ANNUL' && s.status !== 'not_sent').at(-1);
  if (!invoice || invoice.status === 'not_sent') return undefined;
  const annul = all.filter((s) => s.operation === 'ANNUL' && s.id > invoice.id).at(-1);
  return {
    submission_id: invoice.id,
    status: invoice.status as NavStatus,
    operation: invoice.operation as 'CREATE' | 'MODIFY' | 'STORNO',
    transaction_id: invoice.transactionId,
    messages: messagesOut(invoice),
    message: stateMessage(invoice),
    sent_at: invoice.sentAt,
    updated_at: invoice.updatedAt ?? invoice.createdAt,
    ...(annul ? { annulment: annulmentOut(annul) } : {}),
  };
}

export { messagesOut };
