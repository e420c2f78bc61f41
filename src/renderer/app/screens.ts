/**
 * The registry of screens: the sidebar, the routes and the shortcuts are all built from this list.
 * A screen area plugs in with ONE import and ONE spread, e.g. for billing:
 *
 *   import { billingScreens } from '../screens/billing/screens';
 *   export const screens = orderScreens([...warehouseScreens, ...stockworkScreens, ...reorderScreens, ...billingScreens, ...systemScreens]);
 *
 * where `billingScreens: ScreenDef[]` (see ./screenDef.ts) with `section: 'billing'`. Each entry's
 * element is `lazyScreen(() => import('./x/XScreen'), 'XScreen')` (./lazyScreen.tsx): one chunk per
 * screen, fetched on the first visit, so the first paint loads only the shell.
 */
import { orderScreens } from './screenDef';
import { billingScreens } from '../screens/billing';
import { dataioScreens } from '../screens/dataio';
import { stockworkScreens } from '../screens/stockwork';
import { reorderScreens } from '../screens/reorder';
import { systemScreens } from '../screens/system';
import { warehouseScreens } from '../screens/warehouse';
import { labelScreens } from '../screens/labels';

export const screens = orderScreens([...warehouseScreens, ...stockworkScreens, ...reorderScreens, ...labelScreens, ...dataioScreens, ...billingScreens, ...systemScreens]);
