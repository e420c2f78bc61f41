/**
 * Every concurrency spec of docs/invariants.md, on each of the three targets (targets.ts), each target
 * started once for the whole suite: a target's setup (a database, its migrations, the demo account,
 * three instances and HAProxy) costs more than most specs, so the specs live in modules of their own
 * (*.specs.ts, one per area) and this file runs them all.
 */
import { describe } from 'vitest';
import { accessSpecs } from './access.specs';
import { moneySpecs } from './money.specs';
import { orderSpecs } from './orders.specs';
import { stockSpecs } from './stock.specs';
import { onEveryTarget } from './targets';

onEveryTarget((t) => {
  describe('invoices and payments', () => moneySpecs(t));
  describe('sales orders', () => orderSpecs(t));
  describe('stock, purchase orders, warehouses', () => stockSpecs(t));
  describe('access and pulls', () => accessSpecs(t));
});
