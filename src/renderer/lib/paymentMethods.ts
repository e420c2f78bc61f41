/** Translation keys for protocol vocabulary whose spelling (dots, spaces) cannot be an i18next key. */
import type { PaymentMethod } from '@shared/protocol/fields';

export type MethodKey = 'transfer' | 'cash' | 'bankcard' | 'cheque' | 'other' | 'cod' | 'direct_debit';

export const methodKey = (m: PaymentMethod | string): MethodKey => {
  const k = m.toLowerCase().replace(/\./g, '').replace(/ /g, '_');
  return (['transfer', 'cash', 'bankcard', 'cheque', 'other', 'cod', 'direct_debit'] as const).find((x) => x === k) ?? 'other';
};
