import type { BuildResult } from 'esbuild';

export function bundleServer(entry: string, outfile: string, opts?: { sourcemap?: boolean; logLevel?: 'info' | 'warning' | 'error' | 'silent' }): Promise<BuildResult>;
