/** The billing screens in the shell's registry: orders, invoices, dues — each owns its sub-routes and is its own chunk. */
import type { ScreenDef } from '@renderer/app/screenDef';
import { lazyScreen } from '@renderer/app/lazyScreen';
import './billing.css';

export const billingScreens: ScreenDef[] = [
  { id: 'billing.orders', needs: 'setOrder', path: 'orders', section: 'billing', labelKey: 'billing:nav.orders', icon: 'order', element: lazyScreen(() => import('./orders/OrdersRoutes'), 'OrdersRoutes'), shortcut: 'F7' },
  { id: 'billing.invoices', needs: 'getInvoices', path: 'invoices', section: 'billing', labelKey: 'billing:nav.invoices', icon: 'invoice', element: lazyScreen(() => import('./invoices/InvoicesRoutes'), 'InvoicesRoutes'), shortcut: 'F9' },
  { id: 'billing.dues', needs: 'getDueCustomers', path: 'dues', section: 'billing', labelKey: 'billing:nav.dues', icon: 'dues', element: lazyScreen(() => import('./dues/DuesScreen'), 'DuesScreen'), shortcut: 'F10' },
];
