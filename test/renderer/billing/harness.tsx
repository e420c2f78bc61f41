/**
 * Renders billing screens over the shell's FakeApi (test/renderer/fakeApi.ts) and its renderScreen:
 * billing channels are answered by the test's handlers, every request is still checked against the
 * IPC contract, and everything else (drafts, settings, sync status) is the shell's fake.
 */
import type { ReactElement } from 'react';
import { vi } from 'vitest';
import { Route, Routes } from 'react-router';
import type { ChannelName, ContactRow, InvoiceRow, ParsedRequestOf, ProductRow, RequestOf, ResultOf } from '@shared/ipc';
import { IpcError, validateRequest } from '@shared/ipc/validate';
import type { Language } from '@renderer/i18n';
import { billingScreens } from '@renderer/screens/billing';
import { FakeApi } from '../fakeApi';
import { renderScreen } from '../render';

export type Handlers = { [C in ChannelName]?: (req: ParsedRequestOf<C>) => ResultOf<C> | Promise<ResultOf<C>> };

export class BillingFake extends FakeApi {
  constructor(handlers: Handlers) {
    super();
    const base = this.invoke;
    this.invoke = async (channel, request) => {
      const h = handlers[channel] as ((r: unknown) => unknown) | undefined;
      if (!h) {
        // The shell's fake has no bank accounts; billing works without them (typed in).
        if (channel === 'account.bankAccounts') return [] as never;
        return base(channel, request);
      }
      this.calls.push({ channel, request: structuredClone(request) });
      let parsed;
      try {
        parsed = validateRequest(channel, request);
      } catch (e) {
        throw e instanceof IpcError ? { name: 'StockdeskError', ...e.body } : e;
      }
      return structuredClone(await h(parsed.request)) as never;
    };
  }

  requests<C extends ChannelName>(channel: C): Array<RequestOf<C>> {
    return this.calls.filter((c) => c.channel === channel).map((c) => c.request as RequestOf<C>);
  }
}

let current: BillingFake | null = null;

export function installFake(handlers: Handlers): BillingFake {
  current = new BillingFake(handlers);
  return current;
}

function BillingRoutes(): ReactElement {
  return (
    <Routes>
      {billingScreens.map((s) => (
        <Route key={s.id} path={`/${s.path}/*`} element={s.element} />
      ))}
    </Routes>
  );
}

/** The billing screens under their registry paths, at `path`, in `language`, over the installed fake. */
export function renderBilling(path: string, language: Language = 'hu') {
  return renderScreen(<BillingRoutes />, { api: current ?? installFake({}), path, language });
}

/** Intl puts narrow no-break spaces in numbers; tests write plain ones. */
export const plain = (s: string | null | undefined) => (s ?? '').replace(/[\u00a0\u202f]/g, ' ');

export const KOVACS: ContactRow = {
  id: 11, name: 'Kovács és Fiú Kft.', kind: 'customer', countryCode: 'HU', city: 'Győr', taxNumber: '24681353-2-08', euVatNumber: 'HU24681353',
  email: 'szamla@kovacsesfiu.example', customerVatType: 'DOMESTIC',
};
export const MULLER: ContactRow = {
  id: 14, name: 'Müller Handels GmbH', kind: 'customer', countryCode: 'DE', city: 'München', taxNumber: null, euVatNumber: 'DE129273398',
  email: 'einkauf@mueller.example', customerVatType: 'OTHER',
};

export const product = (p: Partial<ProductRow> & Pick<ProductRow, 'id' | 'name' | 'vat' | 'listPrice'>): ProductRow => ({
  local: false, itemNumber: null, ean: null, manufacturer: null, productGroup: null, unit: 'db', currency: 'HUF', service: false, deliverable: 10, available: 10, refusedEntryId: null, ...p,
});

export const invoiceRow = (p: Partial<InvoiceRow> = {}): InvoiceRow => ({
  id: 501, local: false, serverId: 501, invoiceNumber: 'SD-2026/000123', type: 'invoice', status: 'unpaid', contactId: 11, contactName: 'Kovács és Fiú Kft.',
  currency: 'HUF', issuedDate: '2026-11-02', paymentDate: '2026-11-10', total: 109546, balance: 109546, overdue: false, outboxState: null, createdBy: null, ...p,
});

/**
 * The keystroke clock the scanner hook reads (events' timeStamp), moved only by keys: people type
 * 70 ms apart, a scanner 4 ms apart, and a pause separates a scan from what was typed before it.
 */
const clock = { now: 0, step: 70, undo: null as (() => void) | null };

export function humanTyping(): void {
  realClock();
  clock.step = 70;
  const spy = vi.spyOn(Event.prototype, 'timeStamp', 'get').mockImplementation(() => clock.now);
  const key = () => void (clock.now += clock.step);
  const pointer = () => void (clock.now += 1000);
  window.addEventListener('keydown', key, true);
  window.addEventListener('pointerdown', pointer, true);
  clock.undo = () => {
    window.removeEventListener('keydown', key, true);
    window.removeEventListener('pointerdown', pointer, true);
    spy.mockRestore();
  };
}

/** A keyboard-wedge scan: the code and Enter, 4 ms apart, wherever the focus is. */
export async function scan(user: { keyboard: (text: string) => Promise<void> }, code: string): Promise<void> {
  clock.now += 1000;
  clock.step = 4;
  try {
    await user.keyboard(`${code}{Enter}`);
  } finally {
    clock.step = 70;
    clock.now += 1000;
  }
}

export function realClock(): void {
  clock.undo?.();
  clock.undo = null;
}
