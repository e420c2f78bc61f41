/** What dispatchCpu.child.ts hands dispatch as its db in this tree (the copy next to a bundled child says it for that tree). */
export { sqliteStore as storeOf } from '@server/db/sqlite/store';
