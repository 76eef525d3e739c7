/**
 * The format and pixel size of an image, read from its first bytes, so the table checks (which run
 * synchronously, in `npm run promos` and the QA index too) can tell an image from another file and a
 * large enough creative from a small one without decoding it.
 */
export type ImageFormat = 'png' | 'jpeg' | 'webp' | 'avif';

export interface ImageHeader {
  format: ImageFormat;
  width: number;
  height: number;
}

const ascii = (bytes: Uint8Array, start: number, length: number) => String.fromCharCode(...bytes.subarray(start, start + length));

function png(bytes: Uint8Array, view: DataView): ImageHeader | null {
  const signature = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (bytes.length < 24 || signature.some((byte, index) => bytes[index] !== byte) || ascii(bytes, 12, 4) !== 'IHDR') return null;
  return { format: 'png', width: view.getUint32(16), height: view.getUint32(20) };
}

/** Start-of-frame markers carry the size; the others are skipped by their length. */
const SOF = new Set([0xc0, 0xc1, 0xc2, 0xc3, 0xc5, 0xc6, 0xc7, 0xc9, 0xca, 0xcb, 0xcd, 0xce, 0xcf]);

function jpeg(bytes: Uint8Array, view: DataView): ImageHeader | null {
  if (bytes.length < 4 || bytes[0] !== 0xff || bytes[1] !== 0xd8) return null;
  let offset = 2;
  while (offset + 9 < bytes.length) {
    if (bytes[offset] !== 0xff) return null;
    const marker = bytes[offset + 1];
    if (marker === 0xff) {
      offset += 1;
      continue;
    }
    if (marker === 0xd8 || marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      offset += 2;
      continue;
    }
    if (SOF.has(marker)) return { format: 'jpeg', height: view.getUint16(offset + 5), width: view.getUint16(offset + 7) };
    offset += 2 + view.getUint16(offset + 2);
  }
  return null;
}

function webp(bytes: Uint8Array, view: DataView): ImageHeader | null {
  if (bytes.length < 30 || ascii(bytes, 0, 4) !== 'RIFF' || ascii(bytes, 8, 4) !== 'WEBP') return null;
  const chunk = ascii(bytes, 12, 4);
  if (chunk === 'VP8 ') return { format: 'webp', width: view.getUint16(26, true) & 0x3fff, height: view.getUint16(28, true) & 0x3fff };
  if (chunk === 'VP8L') {
    const bits = view.getUint32(21, true);
    return { format: 'webp', width: (bits & 0x3fff) + 1, height: ((bits >>> 14) & 0x3fff) + 1 };
  }
  if (chunk === 'VP8X') {
    const width = 1 + (bytes[24] | (bytes[25] << 8) | (bytes[26] << 16));
    const height = 1 + (bytes[27] | (bytes[28] << 8) | (bytes[29] << 16));
    return { format: 'webp', width, height };
  }
  return null;
}

/**
 * AVIF is an ISO media file whose "ftyp" names an AVIF brand; each image item's size is in an "ispe"
 * property. The largest one is the picture (the others are thumbnails or alpha planes at most its size).
 */
function avif(bytes: Uint8Array, view: DataView): ImageHeader | null {
  if (bytes.length < 16 || ascii(bytes, 4, 4) !== 'ftyp') return null;
  const ftypEnd = Math.min(view.getUint32(0), bytes.length);
  const brands: string[] = [];
  for (let offset = 8; offset + 4 <= ftypEnd; offset += 4) if (offset !== 12) brands.push(ascii(bytes, offset, 4));
  if (!brands.includes('avif') && !brands.includes('avis')) return null;
  let best: ImageHeader | null = null;
  for (let offset = ftypEnd; offset + 20 <= bytes.length; offset += 1) {
    if (bytes[offset] !== 0x69 || ascii(bytes, offset, 4) !== 'ispe') continue;
    const width = view.getUint32(offset + 8);
    const height = view.getUint32(offset + 12);
    if (!best || width * height > best.width * best.height) best = { format: 'avif', width, height };
  }
  return best;
}

/** Null when the bytes are none of PNG, JPEG, WebP or AVIF (or too damaged to give a size). */
export function readImageHeader(bytes: Uint8Array): ImageHeader | null {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  for (const reader of [png, jpeg, webp, avif]) {
    try {
      const header = reader(bytes, view);
      if (header) return header.width > 0 && header.height > 0 ? header : null;
    } catch {
      // A truncated file reads past its end: it is not a usable image.
    }
  }
  return null;
}
