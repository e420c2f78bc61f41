import type { ScreenDef } from '../../app/screenDef';
import { lazyScreen } from '../../app/lazyScreen';

// Product import and the exports (issue 18, "Data in and out"): one screen, its own chunk.
export const dataioScreens: ScreenDef[] = [
  { id: 'warehouse.import', needs: 'setProduct', path: 'import', section: 'warehouse', labelKey: 'dataio:nav.import', icon: 'upload', element: lazyScreen(() => import('./ImportScreen'), 'ImportScreen') },
];
