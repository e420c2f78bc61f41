/**
 * The storage handle the server's repositories take. Today it is the SQLite engine's handle
 * (src/sqlite, shared with the desk's mirror); it is declared here so that the server's storage can
 * change without touching the desk.
 */
export type { Db, Migration } from '@sqlite/types';
