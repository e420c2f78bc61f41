import type { ScreenDef } from '../../app/screenDef';
import { lazyScreen } from '../../app/lazyScreen';

// Each screen is its own chunk (see lazyScreen): the shell does not wait for the ones not shown.
export const warehouseScreens: ScreenDef[] = [
  { id: 'warehouse.takeIn', needs: 'setQuantity', path: 'take-in', section: 'warehouse', labelKey: 'warehouse:nav.takeIn', icon: 'takeIn', element: lazyScreen(() => import('./takein/TakeInScreen'), 'TakeInScreen'), shortcut: 'F2' },
  { id: 'warehouse.receipt', needs: 'setPOTakeIn', path: 'po-receipt', section: 'warehouse', labelKey: 'warehouse:nav.receipt', icon: 'receipt', element: lazyScreen(() => import('./receipt/ReceiptScreen'), 'ReceiptScreen'), shortcut: 'F3' },
  { id: 'warehouse.count', needs: 'setQuantity', path: 'count', section: 'warehouse', labelKey: 'warehouse:nav.count', icon: 'count', element: lazyScreen(() => import('./count/CountScreen'), 'CountScreen'), shortcut: 'F4' },
  { id: 'warehouse.products', path: 'products', section: 'warehouse', labelKey: 'warehouse:nav.products', icon: 'products', element: lazyScreen(() => import('./products/ProductsScreen'), 'ProductsScreen'), shortcut: 'F6' },
];
