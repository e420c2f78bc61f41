/**
 * A gzipped tar (POSIX ustar) of a few small text files, with Node's zlib and no dependency: the
 * support bundle opens with any tar, 7-Zip or the Windows Explorer (`tar` ships with Windows 10+).
 */
import { gzipSync } from 'node:zlib';

export interface TarFile {
  /** A relative path under 100 bytes, `/` separated. */
  name: string;
  data: string | Buffer;
}

function header(name: string, size: number, mtime: Date): Buffer {
  const h = Buffer.alloc(512, 0);
  const put = (s: string, off: number, len: number) => h.write(s, off, len, 'utf8');
  const octal = (n: number, len: number) => n.toString(8).padStart(len - 1, '0');
  put(name, 0, 100);
  put(octal(0o644, 8), 100, 8);
  put(octal(0, 8), 108, 8);
  put(octal(0, 8), 116, 8);
  put(octal(size, 12), 124, 12);
  put(octal(Math.floor(mtime.getTime() / 1000), 12), 136, 12);
  put('        ', 148, 8); // The checksum is summed with its own field as spaces.
  put('0', 156, 1);
  put('ustar\u000000', 257, 8);
  let sum = 0;
  for (const b of h) sum += b;
  put(`${octal(sum, 7)}\u0000 `, 148, 8);
  return h;
}

export function tarGz(files: TarFile[], mtime: Date): Buffer {
  const parts: Buffer[] = [];
  for (const f of files) {
    if (Buffer.byteLength(f.name) >= 100 || f.name.startsWith('/') || f.name.split('/').includes('..')) throw new Error(`bad name in a support bundle: ${f.name}`);
    const data = typeof f.data === 'string' ? Buffer.from(f.data, 'utf8') : f.data;
    parts.push(header(f.name, data.length, mtime), data, Buffer.alloc((512 - (data.length % 512)) % 512, 0));
  }
  parts.push(Buffer.alloc(1024, 0));
  return gzipSync(Buffer.concat(parts));
}
