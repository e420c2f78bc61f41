/**
 * Header inputs both the order and the invoice form use: the bank account (from the account's
 * list when the core has it, else typed — the server insists on an exact match), the document
 * language, and currency with its exchange rate.
 */
import { useEffect, useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { LOCALES, type Locale } from '@shared/protocol/fields';
import type { BankAccountRow } from '@shared/ipc';
import { useChannel } from '@renderer/lib/ipc';
import { Field, invalidProps } from './Field';

export const CURRENCIES = ['HUF', 'EUR', 'USD', 'GBP'] as const;

/** Language names in their own language: a clerk picks the customer's, not their own. */
export const LOCALE_NAMES: Record<Locale, string> = { hu_HU: 'Magyar', en_US: 'English', de_DE: 'Deutsch', pl_PL: 'Polski', es_ES: 'Español' };

const NO_ACCOUNTS: BankAccountRow[] = [];

export function useBankAccounts(): BankAccountRow[] {
  const q = useChannel('account.bankAccounts', {}, { staleTime: 5 * 60_000 });
  return q.data ?? NO_ACCOUNTS;
}

/** The account in a currency, for prefilling when the clerk changes currency. */
export function accountFor(accounts: readonly BankAccountRow[], currency: string): string | undefined {
  return accounts.find((a) => a.currency === currency)?.number;
}

/** A fresh form starts with the account kept in its currency, once the list is known. */
export function usePrefillAccount(
  accounts: readonly BankAccountRow[],
  currency: string,
  getValues: (name: 'selected_account') => string,
  setValue: (name: 'selected_account', value: string) => void,
): void {
  useEffect(() => {
    const account = accountFor(accounts, currency) ?? (accounts.length === 1 ? accounts[0]?.number : undefined);
    if (account && getValues('selected_account') === '') setValue('selected_account', account);
  }, [accounts, currency, getValues, setValue]);
}

export function BankAccountField({ reg, error, accounts }: { reg: UseFormRegisterReturn; error?: string | undefined; accounts: readonly BankAccountRow[] }) {
  const { t } = useTranslation('billing');
  const id = useId();
  const listId = `${id}-list`;
  return (
    <Field label={t('header.selectedAccount')} htmlFor={id} error={error} required className="wide" hint={accounts.length === 0 ? t('header.accountTyped') : undefined}>
      <input id={id} list={listId} className="mono" autoComplete="off" spellCheck={false} {...reg} {...invalidProps(id, error)} />
      <datalist id={listId}>
        {accounts.map((a) => (
          <option key={a.number} value={a.number}>
            {[a.bankName, a.currency].filter(Boolean).join(' · ')}
          </option>
        ))}
      </datalist>
    </Field>
  );
}

export function LanguageField({ reg, error, label }: { reg: UseFormRegisterReturn; error?: string | undefined; label?: string }) {
  const { t } = useTranslation('billing');
  const id = useId();
  return (
    <Field label={label ?? t('header.language')} htmlFor={id} error={error}>
      <select id={id} {...reg} {...invalidProps(id, error)}>
        <option value="">{t('header.languageDefault')}</option>
        {LOCALES.map((l) => (
          <option key={l} value={l}>
            {LOCALE_NAMES[l]}
          </option>
        ))}
      </select>
    </Field>
  );
}

export function CurrencyFields({ currencyReg, fxReg, currency, currencyError, fxError, currencies = CURRENCIES }: {
  currencyReg: UseFormRegisterReturn;
  fxReg: UseFormRegisterReturn;
  currency: string;
  currencyError?: string | undefined;
  fxError?: string | undefined;
  currencies?: readonly string[];
}) {
  const { t } = useTranslation('billing');
  const cid = useId();
  const fid = useId();
  return (
    <>
      <Field label={t('header.currency')} htmlFor={cid} error={currencyError} required>
        <select id={cid} {...currencyReg} {...invalidProps(cid, currencyError)}>
          {currencies.map((c) => (
            <option key={c} value={c}>
              {c}
            </option>
          ))}
        </select>
      </Field>
      {currency !== 'HUF' && (
        <Field label={t('header.fxRate', { currency })} htmlFor={fid} error={fxError} required>
          <input id={fid} className="num" inputMode="decimal" autoComplete="off" {...fxReg} {...invalidProps(fid, fxError)} />
        </Field>
      )}
    </>
  );
}
