/** What dispatchCpu.child.ts hands dispatch as its db in this tree (the copy next to a bundled child says it for that tree), and the connection's group commit (for its writes per COMMIT). */
export { sqliteStore as storeOf } from '@server/db/sqlite/store';
export { groupCommitOf } from '@server/db/sqlite/groupCommit';
