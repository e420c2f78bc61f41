/**
 * Renders billing screens against a fake core: every request is checked against the IPC contract
 * (as the real bridge does), answered by the test's handlers, and recorded.
 */
import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter, Route, Routes } from 'react-router';
import type { ChannelName, ContactRow, InvoiceRow, ProductRow, RequestOf, ResultOf, StockdeskApi } from '@shared/ipc';
import { IpcError, validateRequest } from '@shared/ipc/validate';
import { createI18n, type Language } from '@renderer/i18n';
import { setApi } from '@renderer/lib/api';
import { createQueryClient } from '@renderer/lib/ipc';
import { billingScreens } from '@renderer/screens/billing';

export type Handlers = { [C in ChannelName]?: (req: RequestOf<C>) => ResultOf<C> | Promise<ResultOf<C>> };

export interface Fake {
  calls: Array<{ channel: ChannelName; request: unknown }>;
  drafts: Map<string, unknown>;
  requests<C extends ChannelName>(channel: C): Array<RequestOf<C>>;
}

export function installFake(handlers: Handlers): Fake {
  const calls: Fake['calls'] = [];
  const drafts = new Map<string, unknown>();
  const api: StockdeskApi = {
    platform: 'web',
    async invoke(channel, request) {
      calls.push({ channel, request: structuredClone(request) });
      validateRequest(channel, request);
      const h = handlers[channel] as ((r: unknown) => unknown) | undefined;
      if (h) return (await h(request)) as never;
      const r = request as { key: string; value?: unknown };
      if (channel === 'drafts.get') return (drafts.get(r.key) ?? null) as never;
      if (channel === 'drafts.set') return (drafts.set(r.key, r.value), { saved: true }) as never;
      if (channel === 'drafts.clear') return (drafts.delete(r.key), { cleared: true }) as never;
      if (channel === 'settings.get') return { serverUrl: null, format: 'json', language: 'hu', demo: false, hasCredentials: false } as never;
      if (channel === 'account.bankAccounts') return [] as never;
      if (channel === 'warehouses.list') return [] as never;
      throw new IpcError({ code: 'NOT_FOUND', message: `The fake core has no answer for ${channel}.`, details: [] });
    },
    on: () => () => undefined,
  };
  setApi(api);
  return {
    calls,
    drafts,
    requests: <C extends ChannelName>(channel: C) => calls.filter((c) => c.channel === channel).map((c) => c.request as RequestOf<C>),
  };
}

/** The billing screens under their registry paths, at `path`, in `language`. */
export function renderBilling(path: string, language: Language = 'hu'): ReturnType<typeof render> {
  const client = createQueryClient();
  const i18n = createI18n(language);
  const ui: ReactElement = (
    <QueryClientProvider client={client}>
      <I18nextProvider i18n={i18n}>
        <MemoryRouter initialEntries={[path]}>
          <Routes>
            {billingScreens.map((s) => (
              <Route key={s.id} path={`/${s.path}/*`} element={s.element} />
            ))}
          </Routes>
        </MemoryRouter>
      </I18nextProvider>
    </QueryClientProvider>
  );
  return render(ui);
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
  local: false, itemNumber: null, ean: null, manufacturer: null, productGroup: null, unit: 'db', currency: 'HUF', service: false, deliverable: 10, available: 10, ...p,
});

export const invoiceRow = (p: Partial<InvoiceRow> = {}): InvoiceRow => ({
  id: 501, local: false, serverId: 501, invoiceNumber: 'SD-2026/000123', type: 'invoice', status: 'unpaid', contactId: 11, contactName: 'Kovács és Fiú Kft.',
  currency: 'HUF', issuedDate: '2026-11-02', paymentDate: '2026-11-10', total: 109546, balance: 109546, overdue: false, outboxState: null, ...p,
});
