import { decodeRequest } from '@shared/protocol';
const b = `<command><setOrder><api_key>a</api_key><session_key>b</session_key><items>${'<item/>'.repeat(200000)}</items></setOrder></command>`;
for (let r = 0; r < 4; r++) { const t = performance.now(); decodeRequest(b, 'text/xml'); console.log((performance.now() - t).toFixed(0)); }
