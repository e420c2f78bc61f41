import type { ScreenDef } from '../../app/screenDef';
import { CountScreen } from './count/CountScreen';
import { ProductsScreen } from './products/ProductsScreen';
import { ReceiptScreen } from './receipt/ReceiptScreen';
import { TakeInScreen } from './takein/TakeInScreen';

export const warehouseScreens: ScreenDef[] = [
  { id: 'warehouse.takeIn', path: 'take-in', section: 'warehouse', labelKey: 'warehouse:nav.takeIn', icon: 'takeIn', element: <TakeInScreen />, shortcut: 'F2' },
  { id: 'warehouse.receipt', path: 'po-receipt', section: 'warehouse', labelKey: 'warehouse:nav.receipt', icon: 'receipt', element: <ReceiptScreen />, shortcut: 'F3' },
  { id: 'warehouse.count', path: 'count', section: 'warehouse', labelKey: 'warehouse:nav.count', icon: 'count', element: <CountScreen />, shortcut: 'F4' },
  { id: 'warehouse.products', path: 'products', section: 'warehouse', labelKey: 'warehouse:nav.products', icon: 'products', element: <ProductsScreen />, shortcut: 'F6' },
];
