/**
 * The registry of screens: the sidebar, the routes and the shortcuts are all built from this list.
 * A screen area plugs in with ONE import and ONE spread, e.g. for billing:
 *
 *   import { billingScreens } from '../screens/billing/screens';
 *   export const screens = orderScreens([...warehouseScreens, ...billingScreens, ...systemScreens]);
 *
 * where `billingScreens: ScreenDef[]` (see ./screenDef.ts) with `section: 'billing'`.
 */
import { orderScreens } from './screenDef';
import { billingScreens } from '../screens/billing';
import { systemScreens } from '../screens/system';
import { warehouseScreens } from '../screens/warehouse';

export const screens = orderScreens([...warehouseScreens, ...billingScreens, ...systemScreens]);
