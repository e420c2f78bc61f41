/**
 * Every translation namespace of the app. A screen area adds its own with ONE import and ONE entry
 * here, e.g. `import { billing } from './billing';` and `billing,` below.
 */
import { backup } from './backup';
import { billing } from './billing';
import { common } from './common';
import { dataio } from './dataio';
import { receiving } from './receiving';
import { reorder } from './reorder';
import { stockwork } from './stockwork';
import { updates } from './updates';
import { valuation } from './valuation';
import { warehouse } from './warehouse';
import { labels } from '../screens/labels/i18n';

export const namespaces = { common, warehouse, billing, backup, stockwork, updates, receiving, valuation, reorder, dataio, labels };

export type Namespace = keyof typeof namespaces;
