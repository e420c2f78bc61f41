/**
 * Downloads a product photo without letting a caller reach the server's own network (SSRF): the
 * name is resolved here, every address is checked, the connection goes to the checked address (so
 * a second DNS answer cannot rebind it), and each redirect hop is checked the same way.
 */
import { lookup as dnsLookup } from 'node:dns/promises';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { BlockList, isIP } from 'node:net';

export class PhotoError extends Error {
  override name = 'PhotoError';
}

export interface Photo {
  content: Buffer;
  mimeType: string;
  filename: string;
}

export interface PhotoOptions {
  timeoutMs: number;
  maxBytes: number;
  /** Which resolved addresses may be contacted; isPublicAddress unless the operator allows private hosts. */
  allowAddress: (ip: string) => boolean;
  lookup?: (host: string) => Promise<Array<{ address: string; family: number }>>;
}

const MAX_REDIRECTS = 3;

const blocked = new BlockList();
for (const [net, bits] of [
  ['0.0.0.0', 8], ['10.0.0.0', 8], ['100.64.0.0', 10], ['127.0.0.0', 8], ['169.254.0.0', 16], ['172.16.0.0', 12], ['192.0.0.0', 24],
  ['192.0.2.0', 24], ['192.168.0.0', 16], ['198.18.0.0', 15], ['198.51.100.0', 24], ['203.0.113.0', 24], ['224.0.0.0', 4], ['240.0.0.0', 4],
] as const) blocked.addSubnet(net, bits, 'ipv4');
for (const [net, bits] of [
  ['::', 96], ['100::', 64], ['2001::', 32], ['2001:db8::', 32], ['2002::', 16], ['fc00::', 7], ['fe80::', 10], ['fec0::', 10], ['ff00::', 8],
] as const) blocked.addSubnet(net, bits, 'ipv6');

/** The IPv4 address inside an IPv4-mapped (::ffff:a.b.c.d) or NAT64 (64:ff9b::a.b.c.d) address. */
function embeddedIpv4(ip: string): string | null {
  const m = /^(?:::ffff:|64:ff9b::)(?:0:)?(.+)$/i.exec(ip) ?? /^0{0,4}:0{0,4}:0{0,4}:0{0,4}:0{0,4}:ffff:(.+)$/i.exec(ip);
  if (!m) return null;
  const tail = m[1]!;
  if (isIP(tail) === 4) return tail;
  const hex = /^([0-9a-f]{1,4}):([0-9a-f]{1,4})$/i.exec(tail);
  if (!hex) return null;
  const hi = parseInt(hex[1]!, 16);
  const lo = parseInt(hex[2]!, 16);
  return `${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`;
}

/** False for loopback, private, link-local, CGNAT, multicast, unspecified, documentation and reserved ranges. */
export function isPublicAddress(ip: string): boolean {
  const family = isIP(ip);
  if (family === 0) return false;
  if (family === 4) return !blocked.check(ip, 'ipv4');
  const v4 = embeddedIpv4(ip);
  if (v4) return !blocked.check(v4, 'ipv4');
  return !blocked.check(ip, 'ipv6');
}

function withDeadline<T>(p: Promise<T>, deadline: number): Promise<T> {
  const left = deadline - Date.now();
  if (left <= 0) return Promise.reject(new PhotoError('the download timed out'));
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new PhotoError('the download timed out')), left);
  });
  return Promise.race([p, timeout]).finally(() => clearTimeout(timer));
}

async function checkedAddress(url: URL, o: PhotoOptions, deadline: number): Promise<string> {
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  const answers = isIP(host) ? [{ address: host, family: isIP(host) }] : await withDeadline((o.lookup ?? ((h) => dnsLookup(h, { all: true })))(host), deadline).catch((e: unknown) => {
    throw e instanceof PhotoError ? e : new PhotoError(`the host name ${host} could not be resolved`);
  });
  if (answers.length === 0) throw new PhotoError(`the host name ${host} could not be resolved`);
  const refused = answers.find((a) => !o.allowAddress(a.address));
  if (refused) throw new PhotoError(`${host} resolves to ${refused.address}, a private, loopback or reserved address the server does not fetch from`);
  return answers[0]!.address;
}

function fetchOnce(url: URL, address: string, o: PhotoOptions, deadline: number): Promise<{ res: IncomingMessage; body?: Buffer }> {
  return new Promise((resolve, reject) => {
    const left = deadline - Date.now();
    const request = url.protocol === 'https:' ? httpsRequest : httpRequest;
    const req = request({
      host: address, port: url.port || undefined, path: `${url.pathname}${url.search}`, method: 'GET',
      headers: { Host: url.host, Accept: 'image/*', 'User-Agent': 'Stockdesk-photo-fetcher' },
      servername: isIP(url.hostname) ? undefined : url.hostname, agent: false,
    });
    let settled = false;
    const timer = setTimeout(() => fail(new PhotoError('the download timed out')), Math.max(0, left));
    function fail(e: unknown) {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      req.destroy();
      reject(e instanceof PhotoError ? e : new PhotoError(`the download failed (${(e as Error).message})`));
    }
    const done = (value: { res: IncomingMessage; body?: Buffer }) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(value);
    };
    req.on('error', fail);
    req.on('response', (res) => {
      const status = res.statusCode ?? 0;
      if (status >= 300 && status < 400) {
        res.resume();
        done({ res });
        return;
      }
      const declared = Number(res.headers['content-length']);
      if (Number.isFinite(declared) && declared > o.maxBytes) {
        fail(new PhotoError(`the photo is ${declared} bytes; the limit is ${o.maxBytes}`));
        return;
      }
      const chunks: Buffer[] = [];
      let size = 0;
      res.on('data', (c: Buffer) => {
        size += c.length;
        if (size > o.maxBytes) fail(new PhotoError(`the photo is larger than the limit of ${o.maxBytes} bytes`));
        else chunks.push(c);
      });
      res.on('error', fail);
      res.on('end', () => done({ res, body: Buffer.concat(chunks) }));
    });
    req.end();
  });
}

function parseUrl(raw: string, base?: URL): URL {
  let url: URL;
  try {
    url = new URL(raw, base);
  } catch {
    throw new PhotoError('it is not a valid URL');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new PhotoError(`only http and https URLs are fetched, not ${url.protocol}`);
  if (url.username || url.password) throw new PhotoError('URLs with user names or passwords are not fetched');
  return url;
}

const filenameOf = (url: URL, mime: string) => {
  const last = decodeURIComponent(url.pathname.split('/').pop() ?? '').replace(/[^\w.\- ]/g, '_').slice(0, 100);
  return last || `photo.${mime.split('/')[1]?.replace(/[^a-z0-9]/g, '') || 'img'}`;
};

/** Downloads an image, or throws PhotoError with a reason a clerk can act on. */
export async function downloadPhoto(raw: string, o: PhotoOptions): Promise<Photo> {
  const deadline = Date.now() + o.timeoutMs;
  let url = parseUrl(raw);
  for (let hop = 0; ; hop++) {
    const address = await checkedAddress(url, o, deadline);
    const { res, body } = await fetchOnce(url, address, o, deadline);
    const status = res.statusCode ?? 0;
    if (status >= 300 && status < 400) {
      if (hop >= MAX_REDIRECTS) throw new PhotoError(`more than ${MAX_REDIRECTS} redirects`);
      const location = res.headers.location;
      if (!location) throw new PhotoError(`the server answered ${status} without a Location`);
      url = parseUrl(location, url);
      continue;
    }
    if (status !== 200 || !body) throw new PhotoError(`the server answered HTTP ${status}`);
    const mime = (res.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
    // SVG is markup that can carry scripts; only raster images are stored.
    if (!/^image\/[a-z0-9.+-]+$/.test(mime) || mime === 'image/svg+xml') throw new PhotoError(`the content type is ${mime || 'missing'}, not a raster image`);
    if (body.length === 0) throw new PhotoError('the photo is empty');
    return { content: body, mimeType: mime, filename: filenameOf(url, mime) };
  }
}
