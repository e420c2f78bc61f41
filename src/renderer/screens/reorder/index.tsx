import type { ScreenDef } from '../../app/screenDef';
import { lazyScreen } from '../../app/lazyScreen';

// Reorder (issue 18): products below their minimum level, and purchase orders made from them.
export const reorderScreens: ScreenDef[] = [
  { id: 'warehouse.lowStock', path: 'low-stock', section: 'warehouse', labelKey: 'reorder:nav.lowStock', icon: 'lowStock', element: lazyScreen(() => import('./LowStockScreen'), 'LowStockScreen') },
];
