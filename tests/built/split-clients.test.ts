/**
 * The reference for the stand-in's split (src/domain/murmur-hash2.ts, splitBoundaries): nginx itself. A
 * split_clients of 10,000 parts of 0.01 % names, for any key, the 1/10,000 of the 32-bit range its
 * MurmurHash2 falls in; the stand-in must name the same part for every key, whatever its length, the bytes
 * left over after the 4-byte blocks, bytes above 0x7f, and keys of the form the experiments hash.
 */
import net from 'node:net';
import { splitBoundaries, splitKey } from '../../src/domain/experiments';
import { murmurHash2 } from '../../src/domain/murmur-hash2';
import { startNginxWith, type NginxHost } from './nginx-host';

jest.setTimeout(120_000);

const PARTS = 10_000;
const boundaries = splitBoundaries(Array.from({ length: PARTS }, () => 0.01));
const partOf = (key: Buffer) => boundaries.findIndex((boundary) => murmurHash2(key) < boundary);

/** A header value nginx keeps byte for byte: no whitespace at either end, no control characters. */
function keys(): Buffer[] {
  let seed = 12345;
  const next = () => (seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) >>> 8;
  const printable = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_.:/';
  const out: Buffer[] = [];
  for (let length = 1; length <= 48; length++) {
    for (let copy = 0; copy < 4; copy++) {
      out.push(Buffer.from(Array.from({ length }, () => printable[next() % printable.length]).join('')));
    }
  }
  for (let copy = 0; copy < 150; copy++) {
    const visitor = Array.from({ length: 32 }, () => '0123456789abcdef'[next() % 16]).join('');
    out.push(Buffer.from(splitKey(visitor, copy % 2 ? 'bonus25000-headline-1' : 'a')));
  }
  for (const text of ['Заберите до 25k ₽', 'Забрать бонус', 'ü', 'ßx', '€uro', '🎁gift']) out.push(Buffer.from(text, 'utf8'));
  // Raw bytes above 0x7f in every position of a 4-byte block and of the tail.
  for (let length = 1; length <= 9; length++)
    out.push(Buffer.from(Array.from({ length }, (_, index) => 0x80 + ((index * 37 + length) % 0x7f))));
  return out;
}

/** One HTTP/1.0 exchange with the key as raw header bytes (Node's client would refuse bytes above 0x7f). */
function partAtNginx(port: number, key: Buffer): Promise<number> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('end', () => {
      const text = Buffer.concat(chunks).toString('latin1');
      resolve(Number(text.slice(text.indexOf('\r\n\r\n') + 4)));
    });
    socket.write(Buffer.concat([Buffer.from('GET / HTTP/1.0\r\nHost: localhost\r\nX-Key: '), key, Buffer.from('\r\n\r\n')]));
  });
}

describe('the stand-in splits as nginx does', () => {
  let nginx: NginxHost | undefined;

  beforeAll(async () => {
    const parts = Array.from({ length: PARTS }, (_, index) => (index === PARTS - 1 ? `* ${index};` : `0.01% ${index};`));
    nginx = await startNginxWith(
      (port) => `
    split_clients "$http_x_key" $promo_part {
        ${parts.join('\n        ')}
    }
    server {
        listen 127.0.0.1:${port};
        location / { return 200 $promo_part; }
    }`,
    );
  });
  afterAll(async () => nginx?.stop());

  test('every key falls in the same 1/10,000 of the hash range, by nginx and by the stand-in', async () => {
    const all = keys();
    const differ: string[] = [];
    for (const key of all) {
      const atNginx = await partAtNginx(nginx!.port, key);
      if (atNginx !== partOf(key)) differ.push(`${key.toString('hex')}: nginx ${atNginx}, stand-in ${partOf(key)}`);
    }
    expect(all.length).toBeGreaterThan(300);
    expect(differ).toEqual([]);
  });
});
