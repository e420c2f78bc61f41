import type { Migration } from '../types';

/** The finance area's tables (being written in this change; empty until then). */
export const m003Finance: Migration = {
  version: 3,
  name: 'finance',
  up() {},
};
