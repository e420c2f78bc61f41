/** Types of scripts/pg-cluster.mjs for the TypeScript that imports it (test/helpers/postgres.ts). */
export interface Cluster {
  /** The temporary directory holding the data directory, the log and the unix socket. */
  dir: string;
  /** The superuser's URL to the `postgres` database, over TCP on 127.0.0.1. */
  url: string;
}
export function pgBinDir(): string;
export function startCluster(dir?: string): Promise<Cluster>;
export function stopCluster(dir: string): void;
