/**
 * The NAV double as its own process, for end-to-end tests whose server is a child process:
 *   node --import tsx test/helpers/navDouble/main.ts '{"stepMs":100,"refusedBuyers":["87654321"]}'
 * Prints one line `NAV_DOUBLE_URL=http://127.0.0.1:PORT/invoiceService/v3`, then serves until
 * SIGTERM/SIGINT. Tests drive it through the control API (remote.ts).
 */
import { startNavDouble } from './index';
import type { NavDoubleOptions } from './server';

const options = (process.argv[2] ? JSON.parse(process.argv[2]) : {}) as NavDoubleOptions;
const nav = await startNavDouble(options);
process.stdout.write(`NAV_DOUBLE_URL=${nav.url}\n`);
const stop = () => {
  void nav.stop().then(() => process.exit(0));
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
