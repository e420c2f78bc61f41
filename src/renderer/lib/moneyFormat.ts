/**
 * Money on billing screens: the shell's formatters, except that digits are always grouped. Hungarian,
 * Polish and Spanish leave four-digit numbers ungrouped by default, which puts "4047" above
 * "12 417" in an amount column; the printed invoices group always too (src/server/documents/format.ts).
 */
import { useMemo } from 'react';
import { currencyDecimals } from '@shared/money';
import { INTL_LOCALE, type Language } from '@renderer/i18n/types';
import { useFormat } from './useFormat';

const cache = new Map<string, Intl.NumberFormat>();

function nf(lang: Language, currency: string, withSymbol: boolean): Intl.NumberFormat {
  const key = `${lang}|${currency}|${withSymbol}`;
  let f = cache.get(key);
  if (!f) {
    let dp = 2;
    try {
      dp = currencyDecimals(currency);
    } catch {
      // An unknown code still shows, with two places.
    }
    const base: Intl.NumberFormatOptions = { minimumFractionDigits: dp, maximumFractionDigits: dp, useGrouping: 'always' };
    try {
      f = new Intl.NumberFormat(INTL_LOCALE[lang], withSymbol ? { ...base, style: 'currency', currency } : base);
    } catch {
      f = new Intl.NumberFormat(INTL_LOCALE[lang], base);
    }
    cache.set(key, f);
  }
  return f;
}

export function formatBillingMoney(lang: Language, amount: number, currency: string): string {
  const f = nf(lang, currency, true);
  const s = f.format(amount);
  return f.resolvedOptions().style === 'currency' ? s : `${s} ${currency}`;
}

export const formatBillingAmount = (lang: Language, amount: number, currency: string) => nf(lang, currency, false).format(amount);

/** useFormat() with grouped money and amounts. */
export function useBillingFormat() {
  const f = useFormat();
  return useMemo(
    () => ({
      ...f,
      money: (amount: number, currency: string) => formatBillingMoney(f.lang, amount, currency),
      amount: (amount: number, currency: string) => formatBillingAmount(f.lang, amount, currency),
    }),
    [f],
  );
}
