/**
 * npm run web -- [--data DIR] [--port N] [--server URL] [--demo]
 * Prints one JSON line {"web", "token", "dataDir"} on stdout when ready (the E2E tests read it);
 * everything else goes to stderr.
 */
import { parseArgs } from 'node:util';
import { startWebHarness } from './harness';

const { values } = parseArgs({
  options: {
    data: { type: 'string', default: './data/desktop' },
    port: { type: 'string', default: '0' },
    server: { type: 'string' },
    demo: { type: 'boolean', default: false },
  },
  strict: true,
});

const port = Number(values.port);
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`--port must be a port number, not ${values.port}`);
  process.exit(2);
}

try {
  const h = await startWebHarness({ dataDir: values.data, port, server: values.server, demo: values.demo });
  console.log(JSON.stringify({ web: h.url, token: h.token, dataDir: h.dataDir }));
  const stop = () => void h.close().then(() => process.exit(0));
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
} catch (e) {
  console.error(`stockdesk web: ${e instanceof Error ? e.message : String(e)}`);
  process.exit(1);
}
