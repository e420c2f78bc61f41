import type { Migration } from '../types';

/** The product area's tables (being written in this change; empty until then). */
export const m002Product: Migration = {
  version: 2,
  name: 'product',
  up() {},
};
