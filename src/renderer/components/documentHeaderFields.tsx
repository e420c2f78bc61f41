/**
 * Header fields the order and the invoice share, written once: the customer, the payment method,
 * the bank account with currency and rate, and the issuer's details. Each takes the form as the
 * shape both forms have in common (see `asCommon`).
 */
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Controller, useWatch, type UseFormReturn } from 'react-hook-form';
import { PAYMENT_METHODS, type Locale, type PaymentMethod } from '@shared/protocol/fields';
import type { ContactRow } from '@shared/ipc';
import { CustomerPicker } from './CustomerPicker';
import { BankAccountField, CurrencyFields, accountFor, useBankAccounts, usePrefillAccount } from './documentFields';
import { customerLanguage } from '@renderer/screens/billing/invoices/invoiceForm';
import { methodKey } from '@renderer/lib/paymentMethods';
import { Field, invalidProps } from './Field';

export interface CommonHeader {
  contact_id: number | null;
  contact_name: string;
  language: Locale | '';
  method: PaymentMethod;
  selected_account: string;
  currency: string;
  fx_rate: string;
  issuer_swift: string;
  issuer_email: string;
  issuer_phone: string;
}

/** Both forms carry every CommonHeader field under the same name and type; only the rest differs. */
export const asCommon = <V extends CommonHeader>(form: UseFormReturn<V>) => form as unknown as UseFormReturn<CommonHeader>;

/** The customer: a pick fills the id and name and, unless the clerk chose one, the document language. */
/**
 * The document's customer. `onPicked`: a contact was chosen; `onChanged`: the customer is another one
 * than before (`next` null: none any more), said before the form holds the new one.
 */
export function CustomerField({ form, id, autoFocus, onPicked, onChanged }: {
  form: UseFormReturn<CommonHeader>;
  id: string;
  autoFocus?: boolean;
  onPicked?: (c: ContactRow) => void;
  onChanged?: (next: ContactRow | null) => void;
}) {
  const { t } = useTranslation('billing');
  const { control, setValue, getValues } = form;
  return (
    <Controller
      control={control}
      name="contact_id"
      render={({ field, fieldState }) => (
        <CustomerPicker
          id={id}
          label={t('header.customer')}
          required
          autoFocus={autoFocus}
          className="wide"
          name={getValues('contact_name')}
          contactId={field.value}
          error={fieldState.error?.message}
          onChange={(c, typed, kept) => {
            const next = c?.id ?? kept?.id ?? null;
            if (next !== field.value) onChanged?.(c);
            field.onChange(next);
            setValue('contact_name', typed, { shouldDirty: true });
            if (!c) return;
            if (!form.getFieldState('language').isDirty) setValue('language', customerLanguage(c));
            onPicked?.(c);
          }}
        />
      )}
    />
  );
}

export function MethodField({ form }: { form: UseFormReturn<CommonHeader> }) {
  const { t } = useTranslation('billing');
  const id = useId();
  const error = form.formState.errors.method?.message;
  return (
    <Field label={t('header.method')} htmlFor={id} error={error} required>
      <select id={id} {...form.register('method')}>
        {PAYMENT_METHODS.map((m) => (
          <option key={m} value={m}>
            {t(`methods.${methodKey(m)}`)}
          </option>
        ))}
      </select>
    </Field>
  );
}

/**
 * Bank account, currency and rate. A fresh form starts with the account kept in its currency, and a
 * change of currency brings that currency's account — unless the clerk typed an account of their own.
 */
export function AccountCurrencyFields({ form, currencies }: { form: UseFormReturn<CommonHeader>; currencies?: readonly string[] }) {
  const { register, control, formState, setValue, getValues } = form;
  const e = formState.errors;
  const accounts = useBankAccounts();
  const currency = useWatch({ control, name: 'currency' });
  usePrefillAccount(accounts, currency, getValues, setValue);
  const currencyReg = register('currency', {
    onChange: (ev: { target: { value: string } }) => {
      const next = accountFor(accounts, ev.target.value);
      const current = getValues('selected_account');
      if (next && (current === '' || accounts.some((a) => a.number === current))) setValue('selected_account', next, { shouldDirty: true });
    },
  });
  return (
    <>
      <BankAccountField reg={register('selected_account')} error={e.selected_account?.message} accounts={accounts} />
      <CurrencyFields currencyReg={currencyReg} fxReg={register('fx_rate')} currency={currency} currencyError={e.currency?.message} fxError={e.fx_rate?.message} currencies={currencies} />
    </>
  );
}

export function IssuerFields({ form }: { form: UseFormReturn<CommonHeader> }) {
  const { t } = useTranslation('billing');
  const { register, formState } = form;
  const e = formState.errors;
  const ids = { swift: useId(), email: useId(), phone: useId() };
  return (
    <>
      <Field label={t('header.issuerSwift')} htmlFor={ids.swift} error={e.issuer_swift?.message}>
        <input id={ids.swift} className="mono" {...register('issuer_swift')} {...invalidProps(ids.swift, e.issuer_swift?.message)} />
      </Field>
      <Field label={t('header.issuerEmail')} htmlFor={ids.email} error={e.issuer_email?.message}>
        <input id={ids.email} type="email" {...register('issuer_email')} {...invalidProps(ids.email, e.issuer_email?.message)} />
      </Field>
      <Field label={t('header.issuerPhone')} htmlFor={ids.phone} error={e.issuer_phone?.message}>
        <input id={ids.phone} type="tel" {...register('issuer_phone')} {...invalidProps(ids.phone, e.issuer_phone?.message)} />
      </Field>
    </>
  );
}

/** Whether any of the issuer fields has an error (the "more" section opens then). */
export const issuerHasError = (e: UseFormReturn<CommonHeader>['formState']['errors']) => Boolean(e.issuer_swift || e.issuer_email || e.issuer_phone);
