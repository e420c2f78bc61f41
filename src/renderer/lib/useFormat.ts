import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { isLanguage, type Language } from '../i18n';
import * as f from './format';

export function useLanguage(): Language {
  const { i18n } = useTranslation();
  return isLanguage(i18n.language) ? i18n.language : 'en';
}

/** The formatters of lib/format.ts bound to the interface language. */
export function useFormat() {
  const lang = useLanguage();
  return useMemo(
    () => ({
      lang,
      money: (amount: number, currency: string) => f.formatMoney(lang, amount, currency),
      amount: (amount: number, currency: string) => f.formatAmount(lang, amount, currency),
      qty: (n: number) => f.formatQuantity(lang, n),
      signed: (n: number) => f.formatSigned(lang, n),
      num: (n: number, minDp?: number, maxDp?: number) => f.formatNumber(lang, n, minDp, maxDp),
      date: (iso: string) => f.formatDate(lang, iso),
      dateTime: (iso: string) => f.formatDateTime(lang, iso),
      when: (iso: string) => f.formatWhen(lang, iso),
    }),
    [lang],
  );
}
