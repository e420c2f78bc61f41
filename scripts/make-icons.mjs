#!/usr/bin/env node
// Draws the Stockdesk icon (two stacked parcels on a blue tile) and writes every format the
// installers want, without any image tool: build/icon.png (512), build/icons/NxN.png (Linux),
// build/icon.ico (PNG-compressed entries) and build/icon.icns (PNG-based entries).
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { deflateSync } from 'node:zlib';

const buildDir = join(dirname(fileURLToPath(import.meta.url)), '..', 'build');

const CRC = new Uint32Array(256).map((_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
const crc32 = (buf) => {
  let c = 0xffffffff;
  for (const b of buf) c = CRC[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
};
const chunk = (type, data) => {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const td = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(td));
  return Buffer.concat([len, td, crc]);
};
export function png(size, rgba) {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(size, 0);
  ihdr.writeUInt32BE(size, 4);
  ihdr.set([8, 6, 0, 0, 0], 8);
  const raw = Buffer.alloc(size * (size * 4 + 1));
  for (let y = 0; y < size; y++) rgba.copy(raw, y * (size * 4 + 1) + 1, y * size * 4, (y + 1) * size * 4);
  return Buffer.concat([Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]), chunk('IHDR', ihdr), chunk('IDAT', deflateSync(raw, { level: 9 })), chunk('IEND', Buffer.alloc(0))]);
}

/** Signed distance to a rounded rectangle centred at (cx, cy) — negative inside. */
const roundRect = (x, y, cx, cy, hw, hh, r) => {
  const qx = Math.abs(x - cx) - hw + r;
  const qy = Math.abs(y - cy) - hh + r;
  return Math.hypot(Math.max(qx, 0), Math.max(qy, 0)) + Math.min(Math.max(qx, qy), 0) - r;
};

/** Colour of a point in the unit square (premultiplied-free RGBA, 0..1). */
function shade(x, y) {
  const tile = roundRect(x, y, 0.5, 0.5, 0.44, 0.44, 0.1);
  if (tile > 0) return [0, 0, 0, 0];
  // Blue tile, lighter at the top.
  let c = [0.15 + 0.1 * (1 - y), 0.39 + 0.12 * (1 - y), 0.92 - 0.1 * y];
  const parcels = [
    { cx: 0.5, cy: 0.64, hw: 0.25, hh: 0.13 },
    { cx: 0.5, cy: 0.37, hw: 0.17, hh: 0.11 },
  ];
  for (const p of parcels) {
    const d = roundRect(x, y, p.cx, p.cy, p.hw, p.hh, 0.025);
    if (d <= 0) {
      c = [0.98, 0.98, 1];
      // Packing tape down the middle, and a darker lid line.
      if (Math.abs(x - p.cx) < 0.03) c = [0.72, 0.8, 0.95];
      if (Math.abs(y - (p.cy - p.hh + 0.045)) < 0.008) c = [0.8, 0.85, 0.95];
    }
  }
  return [...c, 1];
}

export function render(size) {
  const ss = 4;
  const out = Buffer.alloc(size * size * 4);
  for (let py = 0; py < size; py++) {
    for (let px = 0; px < size; px++) {
      let r = 0, g = 0, b = 0, a = 0;
      for (let sy = 0; sy < ss; sy++) {
        for (let sx = 0; sx < ss; sx++) {
          const [cr, cg, cb, ca] = shade((px + (sx + 0.5) / ss) / size, (py + (sy + 0.5) / ss) / size);
          r += cr * ca; g += cg * ca; b += cb * ca; a += ca;
        }
      }
      const i = (py * size + px) * 4;
      const n = ss * ss;
      out[i] = a ? Math.round((r / a) * 255) : 0;
      out[i + 1] = a ? Math.round((g / a) * 255) : 0;
      out[i + 2] = a ? Math.round((b / a) * 255) : 0;
      out[i + 3] = Math.round((a / n) * 255);
    }
  }
  return png(size, out);
}

function ico(pngs) {
  const head = Buffer.alloc(6);
  head.writeUInt16LE(1, 2);
  head.writeUInt16LE(pngs.length, 4);
  let offset = 6 + 16 * pngs.length;
  const dir = pngs.map(([size, data]) => {
    const e = Buffer.alloc(16);
    e[0] = size >= 256 ? 0 : size;
    e[1] = size >= 256 ? 0 : size;
    e.writeUInt16LE(1, 4);
    e.writeUInt16LE(32, 6);
    e.writeUInt32LE(data.length, 8);
    e.writeUInt32LE(offset, 12);
    offset += data.length;
    return e;
  });
  return Buffer.concat([head, ...dir, ...pngs.map(([, d]) => d)]);
}

function icns(entries) {
  const parts = entries.map(([type, data]) => {
    const h = Buffer.alloc(8);
    h.write(type, 0, 'latin1');
    h.writeUInt32BE(data.length + 8, 4);
    return Buffer.concat([h, data]);
  });
  const h = Buffer.alloc(8);
  h.write('icns', 0, 'latin1');
  h.writeUInt32BE(8 + parts.reduce((n, p) => n + p.length, 0), 4);
  return Buffer.concat([h, ...parts]);
}

const sizes = [16, 32, 48, 64, 128, 256, 512, 1024];
const images = Object.fromEntries(sizes.map((s) => [s, render(s)]));
mkdirSync(join(buildDir, 'icons'), { recursive: true });
writeFileSync(join(buildDir, 'icon.png'), images[512]);
for (const s of [16, 32, 48, 64, 128, 256, 512]) writeFileSync(join(buildDir, 'icons', `${s}x${s}.png`), images[s]);
writeFileSync(join(buildDir, 'icon.ico'), ico([16, 32, 48, 64, 128, 256].map((s) => [s, images[s]])));
// icp4/5/6 (16/32/64) hold PNGs only on newer macOS; the ic07+ types are PNG everywhere.
writeFileSync(join(buildDir, 'icon.icns'), icns([['ic07', images[128]], ['ic08', images[256]], ['ic09', images[512]], ['ic10', images[1024]], ['ic11', images[32]], ['ic12', images[64]], ['ic13', images[256]], ['ic14', images[512]]]));
console.log('make-icons: wrote build/icon.png, build/icons/*.png, build/icon.ico, build/icon.icns');
