/**
 * A small PNG encoder (8-bit RGB, no filter) for pictures the server makes itself: the seed's banner
 * and goods images. Pixels come from a function of (x, y).
 */
import { crc32, deflateSync } from 'node:zlib';

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'ascii');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])) >>> 0, 0);
  return Buffer.concat([head, data, crc]);
}

export type Rgb = readonly [number, number, number];

/** Encode a width × height picture whose pixel (x, y) is `pixel(x, y)`. */
export function encodePng(width: number, height: number, pixel: (x: number, y: number) => Rgb): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // colour type RGB
  const stride = width * 3 + 1;
  const raw = Buffer.alloc(stride * height);
  for (let y = 0; y < height; y += 1) {
    raw[y * stride] = 0; // filter: none
    for (let x = 0; x < width; x += 1) {
      const [r, g, b] = pixel(x, y);
      const at = y * stride + 1 + x * 3;
      raw[at] = r;
      raw[at + 1] = g;
      raw[at + 2] = b;
    }
  }
  return Buffer.concat([
    SIGNATURE,
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const mix = (a: Rgb, b: Rgb, t: number): Rgb => [
  Math.round(a[0] + (b[0] - a[0]) * t),
  Math.round(a[1] + (b[1] - a[1]) * t),
  Math.round(a[2] + (b[2] - a[2]) * t),
];

/**
 * A decorative picture: a diagonal gradient between two colours with soft circles, different for
 * every `seed` (banners and goods of the seed data).
 */
export function decorativePng(width: number, height: number, from: Rgb, to: Rgb, seed: number): Buffer {
  const circles = Array.from({ length: 4 }, (_, i) => {
    const s = Math.sin(seed * 12.9898 + i * 78.233) * 43758.5453;
    const r = s - Math.floor(s);
    return { cx: r * width, cy: ((r * 7.31) % 1) * height, rad: (0.15 + ((r * 3.7) % 1) * 0.25) * height };
  });
  return encodePng(width, height, (x, y) => {
    let c = mix(from, to, (x / width + y / height) / 2);
    for (const k of circles) {
      const d = Math.hypot(x - k.cx, y - k.cy);
      if (d < k.rad) c = mix(c, [255, 255, 255], 0.18 * (1 - d / k.rad));
    }
    return c;
  });
}
