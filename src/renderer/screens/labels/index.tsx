import type { ScreenDef } from '../../app/screenDef';
import { lazyScreen } from '../../app/lazyScreen';

// Barcode labels (issue 18): products and bins to a label sheet PDF, from the mirror (works offline).
export const labelScreens: ScreenDef[] = [
  { id: 'warehouse.labels', path: 'labels', section: 'warehouse', labelKey: 'labels:nav', icon: 'label', element: lazyScreen(() => import('./LabelsScreen'), 'LabelsScreen') },
];
