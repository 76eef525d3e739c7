/**
 * nginx's MurmurHash2 (ngx_murmur_hash2 in its ngx_murmurhash.c), the hash `split_clients` buckets
 * its key with. The stand-in assigns A/B variants with it so that a visitor lands in the same variant there
 * as behind nginx: same bytes in, same 32-bit number out. nginx seeds with the length, reads 4-byte
 * little-endian blocks, then the 1–3 bytes left over.
 */
const M = 0x5bd1e995;

export function murmurHash2(data: Uint8Array): number {
  let length = data.length;
  let h = length >>> 0;
  let i = 0;
  while (length >= 4) {
    let k = data[i] | (data[i + 1] << 8) | (data[i + 2] << 16) | (data[i + 3] << 24);
    k = Math.imul(k, M);
    k ^= k >>> 24;
    k = Math.imul(k, M);
    h = Math.imul(h, M) ^ k;
    i += 4;
    length -= 4;
  }
  // nginx's switch on the 1–3 bytes left, each case falling through to the next.
  if (length === 3) h ^= data[i + 2] << 16;
  if (length >= 2) h ^= data[i + 1] << 8;
  if (length >= 1) h = Math.imul(h ^ data[i], M);
  h ^= h >>> 13;
  h = Math.imul(h, M);
  h ^= h >>> 15;
  return h >>> 0;
}

/** The hash of a text as nginx sees it: its UTF-8 bytes. */
export function murmurHash2Text(text: string): number {
  return murmurHash2(new TextEncoder().encode(text));
}
