/**
 * Streaming structure checks for video containers. A video is a sequence of boxes (MP4,
 * QuickTime: ISO base media) or elements (WebM: EBML), each headed by its size; a file that
 * ends inside one of them was cut short. Only the headers are read, so memory stays constant
 * whatever the size of the file.
 */
export type Container = 'isobmff' | 'ebml';

type Parsed =
  | { kind: 'more' }
  | { kind: 'invalid' }
  /** A header of `headerLength` bytes; the next header starts `total` bytes after this one. */
  | { kind: 'sized'; headerLength: number; total: number }
  /** The element runs to the end of the file (ISO size 0). */
  | { kind: 'toEnd'; headerLength: number }
  /** An EBML element of unknown size: its children follow at once. */
  | { kind: 'descend'; headerLength: number };

const MAX_HEADER = 16;

function parseIsoBox(buf: Buffer): Parsed {
  if (buf.length < 8) return { kind: 'more' };
  for (let i = 4; i < 8; i++) {
    const c = buf[i]!;
    if (c < 0x20 || c > 0x7e) return { kind: 'invalid' };
  }
  const size = buf.readUInt32BE(0);
  if (size === 0) return { kind: 'toEnd', headerLength: 8 };
  if (size === 1) {
    if (buf.length < 16) return { kind: 'more' };
    const large = Number(buf.readBigUInt64BE(8));
    if (large < 16) return { kind: 'invalid' };
    return { kind: 'sized', headerLength: 16, total: large };
  }
  if (size < 8) return { kind: 'invalid' };
  return { kind: 'sized', headerLength: 8, total: size };
}

/** The length of an EBML variable-size integer from its first byte (0 when invalid). */
function vintLength(first: number, max: number): number {
  for (let length = 1; length <= max; length++) {
    if (first & (0x80 >> (length - 1))) return length;
  }
  return 0;
}

function parseEbmlElement(buf: Buffer): Parsed {
  if (buf.length < 1) return { kind: 'more' };
  const idLength = vintLength(buf[0]!, 4);
  if (idLength === 0) return { kind: 'invalid' };
  if (buf.length < idLength + 1) return { kind: 'more' };
  const sizeFirst = buf[idLength]!;
  const sizeLength = vintLength(sizeFirst, 8);
  if (sizeLength === 0) return { kind: 'invalid' };
  const headerLength = idLength + sizeLength;
  if (buf.length < headerLength) return { kind: 'more' };
  const mask = 0xff >> sizeLength;
  let value = sizeFirst & mask;
  let allOnes = value === mask;
  for (let i = idLength + 1; i < headerLength; i++) {
    value = value * 256 + buf[i]!;
    if (buf[i] !== 0xff) allOnes = false;
  }
  if (allOnes) return { kind: 'descend', headerLength };
  return { kind: 'sized', headerLength, total: headerLength + value };
}

export class ContainerCheck {
  private offset = 0;
  private next = 0;
  private pending: Buffer = Buffer.alloc(0);
  private headers = 0;
  /** Set as soon as a header makes no sense; the upload can stop there. */
  broken = false;
  private readonly parse: (buf: Buffer) => Parsed;

  constructor(container: Container) {
    this.parse = container === 'isobmff' ? parseIsoBox : parseEbmlElement;
  }

  push(chunk: Buffer): void {
    let pos = 0;
    while (pos < chunk.length && !this.broken) {
      if (this.next === Infinity) break;
      const at = this.offset + pos;
      if (at < this.next) {
        pos += Math.min(chunk.length - pos, this.next - at);
        continue;
      }
      const before = this.pending.length;
      const take = Math.min(MAX_HEADER - before, chunk.length - pos);
      const candidate = Buffer.concat([this.pending, chunk.subarray(pos, pos + take)]);
      const parsed = this.parse(candidate);
      if (parsed.kind === 'invalid' || (parsed.kind === 'more' && candidate.length >= MAX_HEADER)) {
        this.broken = true;
        break;
      }
      if (parsed.kind === 'more') {
        this.pending = candidate;
        pos += take;
        continue;
      }
      const start = this.next;
      this.headers += 1;
      this.pending = Buffer.alloc(0);
      pos += parsed.headerLength - before;
      if (parsed.kind === 'toEnd') this.next = Infinity;
      else if (parsed.kind === 'descend') this.next = start + parsed.headerLength;
      else this.next = start + parsed.total;
    }
    this.offset += chunk.length;
  }

  /** At the end of the file: whether it ended on a boundary, as a whole file does. */
  complete(): boolean {
    if (this.broken || this.headers === 0 || this.pending.length > 0) return false;
    return this.next === Infinity || this.offset === this.next;
  }
}
