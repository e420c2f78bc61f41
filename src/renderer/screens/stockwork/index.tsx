import type { ScreenDef } from '../../app/screenDef';
import { lazyScreen } from '../../app/lazyScreen';

// Stock history and transfers (issue 18): warehouse work, each screen its own chunk.
export const stockworkScreens: ScreenDef[] = [
  { id: 'warehouse.transfer', needs: 'setTransfer', path: 'transfer', section: 'warehouse', labelKey: 'stockwork:nav.transfer', icon: 'transfer', element: lazyScreen(() => import('./transfer/TransferScreen'), 'TransferScreen') },
  { id: 'warehouse.receiving', needs: 'setPOTakeIn', path: 'receiving', section: 'warehouse', labelKey: 'receiving:nav.receiving', icon: 'scan', element: lazyScreen(() => import('./receiving/ReceivingScreen'), 'ReceivingScreen') },
  { id: 'warehouse.history', needs: 'getStockHistory', path: 'stock-history', section: 'warehouse', labelKey: 'stockwork:nav.history', icon: 'history', element: lazyScreen(() => import('./history/StockHistoryScreen'), 'StockHistoryScreen') },
  { id: 'warehouse.valuation', needs: 'getStockValuation', path: 'valuation', section: 'warehouse', labelKey: 'valuation:nav', icon: 'document', element: lazyScreen(() => import('./valuation/ValuationScreen'), 'ValuationScreen') },
];
