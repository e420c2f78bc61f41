/**
 * The core's log on disk (<data folder>/logs/core.log), one JSON line per entry, so a support
 * bundle has something to carry. Capped: past 1 MB the file becomes core.1.log and a new one starts.
 */
import { appendFileSync, mkdirSync, renameSync, statSync } from 'node:fs';
import { join } from 'node:path';

export const LOG_FILES = ['core.1.log', 'core.log'];
const CAP = 1024 * 1024;

export function fileLogWriter(dataDir: string): (line: string) => void {
  const dir = join(dataDir, 'logs');
  const file = join(dir, 'core.log');
  let ready = false;
  return (line) => {
    try {
      if (!ready) mkdirSync(dir, { recursive: true });
      ready = true;
      let size = 0;
      try {
        size = statSync(file).size;
      } catch {
        size = 0;
      }
      if (size > CAP) renameSync(file, join(dir, 'core.1.log'));
      appendFileSync(file, line);
    } catch {
      // A log that cannot be written must never stop the desk; stderr still has the line.
    }
  };
}
