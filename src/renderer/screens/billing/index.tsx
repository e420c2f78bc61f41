/** The billing screens in the shell's registry: orders, invoices, dues — each owns its sub-routes. */
import { Route, Routes } from 'react-router';
import type { ScreenDef } from '@renderer/app/screenDef';
import { DuesScreen } from './DuesScreen';
import { InvoiceDetailScreen } from './InvoiceDetailScreen';
import { InvoiceIssueScreen } from './InvoiceIssueScreen';
import { InvoicesListScreen } from './InvoicesListScreen';
import { OrderEntryScreen } from './OrderEntryScreen';
import { OrdersListScreen } from './OrdersListScreen';
import './billing.css';

function OrdersRoutes() {
  return (
    <Routes>
      <Route index element={<OrdersListScreen />} />
      <Route path="new" element={<OrderEntryScreen />} />
      <Route path=":id" element={<OrderEntryScreen />} />
    </Routes>
  );
}

function InvoicesRoutes() {
  return (
    <Routes>
      <Route index element={<InvoicesListScreen />} />
      <Route path="new" element={<InvoiceIssueScreen />} />
      <Route path=":id" element={<InvoiceDetailScreen />} />
    </Routes>
  );
}

export const billingScreens: ScreenDef[] = [
  { id: 'billing.orders', path: 'orders', section: 'billing', labelKey: 'billing:nav.orders', icon: 'order', element: <OrdersRoutes />, shortcut: 'F7' },
  { id: 'billing.invoices', path: 'invoices', section: 'billing', labelKey: 'billing:nav.invoices', icon: 'invoice', element: <InvoicesRoutes />, shortcut: 'F9' },
  { id: 'billing.dues', path: 'dues', section: 'billing', labelKey: 'billing:nav.dues', icon: 'dues', element: <DuesScreen />, shortcut: 'F10' },
];
