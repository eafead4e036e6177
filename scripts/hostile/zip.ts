/**
 * A minimal zip writer for hostile fixtures. fflate's writer tells the truth about sizes; hostile files must
 * not: an entry can declare any uncompressed size (`declaredSize`), and an entry's data can be a stream
 * (a 1 GB run of zeros deflates to ~1 MB through node:zlib without ever holding 1 GB).
 */
import { crc32, createDeflateRaw, deflateRawSync } from 'node:zlib';

export interface ZipInput {
  name: string;
  /** Whole data; or `stream` for a large entry. */
  data?: Uint8Array | string;
  /** Chunks of data, deflated as they come. */
  stream?: () => Iterable<Uint8Array>;
  /** Uncompressed size to write in the headers instead of the real one (a lie). */
  declaredSize?: number;
}

interface Packed {
  name: Buffer;
  compressed: Buffer;
  crc: number;
  size: number;
}

async function pack(input: ZipInput): Promise<Packed> {
  const name = Buffer.from(input.name, 'utf8');
  if (input.stream) {
    const deflate = createDeflateRaw({ level: 9 });
    const out: Buffer[] = [];
    deflate.on('data', (c: Buffer) => out.push(c));
    const done = new Promise<void>((resolve, reject) => {
      deflate.on('end', resolve);
      deflate.on('error', reject);
    });
    let crc = 0;
    let size = 0;
    for (const chunk of input.stream()) {
      crc = crc32(chunk, crc);
      size += chunk.length;
      if (!deflate.write(chunk)) await new Promise((r) => deflate.once('drain', r));
    }
    deflate.end();
    await done;
    return { name, compressed: Buffer.concat(out), crc, size };
  }
  const data =
    typeof input.data === 'string' ? Buffer.from(input.data, 'utf8') : Buffer.from(input.data ?? []);
  return { name, compressed: deflateRawSync(data, { level: 6 }), crc: crc32(data), size: data.length };
}

/** Writes a zip (deflate, no zip64: every size must fit 32 bits, which a lie always can). */
export async function writeZip(inputs: ZipInput[]): Promise<Uint8Array> {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const input of inputs) {
    const p = await pack(input);
    const size = (input.declaredSize ?? p.size) >>> 0;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x0800, 6); // UTF-8 names
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(p.crc >>> 0, 14);
    local.writeUInt32LE(p.compressed.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(p.name.length, 26);
    locals.push(local, p.name, p.compressed);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x0800, 8);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(p.crc >>> 0, 16);
    central.writeUInt32LE(p.compressed.length, 20);
    central.writeUInt32LE(size, 24);
    central.writeUInt16LE(p.name.length, 28);
    central.writeUInt32LE(offset, 42);
    centrals.push(central, p.name);
    offset += 30 + p.name.length + p.compressed.length;
  }
  const cd = Buffer.concat(centrals);
  const eocd = Buffer.alloc(22);
  eocd.writeUInt32LE(0x06054b50, 0);
  eocd.writeUInt16LE(inputs.length, 8);
  eocd.writeUInt16LE(inputs.length, 10);
  eocd.writeUInt32LE(cd.length, 12);
  eocd.writeUInt32LE(offset, 16);
  return new Uint8Array(Buffer.concat([...locals, cd, eocd]));
}

/** `count` chunks of `chunkBytes` zero bytes (one shared buffer). */
export function* zeros(total: number, chunkBytes = 1 << 20): Iterable<Uint8Array> {
  const chunk = new Uint8Array(chunkBytes);
  for (let left = total; left > 0; left -= chunkBytes)
    yield left >= chunkBytes ? chunk : chunk.subarray(0, left);
}

/** Text produced piecewise (`count` pieces from `piece(i)`), in ~1 MB chunks. */
export function* text(
  head: string,
  count: number,
  piece: (i: number) => string,
  tail: string,
): Iterable<Uint8Array> {
  yield Buffer.from(head, 'utf8');
  let buf: string[] = [];
  let len = 0;
  for (let i = 0; i < count; i++) {
    const s = piece(i);
    buf.push(s);
    len += s.length;
    if (len > 1 << 20) {
      yield Buffer.from(buf.join(''), 'utf8');
      buf = [];
      len = 0;
    }
  }
  yield Buffer.from(buf.join('') + tail, 'utf8');
}
