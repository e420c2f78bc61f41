/**
 * Imported first by main.tsx, before any module builds a zod schema. zod 4 probes for eval
 * (`new Function`) when it constructs object schemas; the CSP forbids eval, so every probe is
 * refused and reported as a CSP violation. `jitless` skips the probe; parsing is unchanged.
 */
import { config } from 'zod';

config({ jitless: true });
