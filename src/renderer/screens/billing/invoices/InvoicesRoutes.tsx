import { Route, Routes } from 'react-router';
import { InvoiceDetailScreen } from './InvoiceDetailScreen';
import { InvoiceIssueScreen } from './InvoiceIssueScreen';
import { InvoicesListScreen } from './InvoicesListScreen';

/** Invoices: the list, a new invoice, an invoice by id (one chunk, loaded on the first visit). */
export function InvoicesRoutes() {
  return (
    <Routes>
      <Route index element={<InvoicesListScreen />} />
      <Route path="new" element={<InvoiceIssueScreen />} />
      <Route path=":id" element={<InvoiceDetailScreen />} />
    </Routes>
  );
}
