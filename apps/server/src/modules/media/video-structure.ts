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
  | { kind: 'sized'; headerLength: number; total: number; id: string }
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
    return { kind: 'sized', headerLength: 16, total: large, id: buf.toString('latin1', 4, 8) };
  }
  if (size < 8) return { kind: 'invalid' };
  return { kind: 'sized', headerLength: 8, total: size, id: buf.toString('latin1', 4, 8) };
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
  const id = buf.toString('hex', 0, idLength);
  return { kind: 'sized', headerLength, total: headerLength + value, id };
}

/**
 * Where a container says how long it is (issue 29, point 2), read on the way: boxes or elements
 * entered (their children are followed), and those whose first bytes are kept.
 * - ISO: `moov` holds `mvhd`: version, dates, time scale and duration.
 * - EBML: the Segment (18538067) holds Info (1549a966), which holds TimecodeScale (2ad7b1,
 *   nanoseconds a tick, 1 ms unless said) and Duration (4489, a float, in ticks).
 */
const ENTER: Record<Container, Set<string>> = {
  isobmff: new Set(['moov']),
  ebml: new Set(['18538067', '1549a966']),
};
const KEEP: Record<Container, Map<string, number>> = {
  isobmff: new Map([['mvhd', 32]]),
  ebml: new Map([
    ['2ad7b1', 8],
    ['4489', 8],
  ]),
};

function uintOf(bytes: Buffer): number {
  let value = 0;
  for (const byte of bytes) value = value * 256 + byte;
  return value;
}

export class ContainerCheck {
  private offset = 0;
  private next = 0;
  private pending: Buffer = Buffer.alloc(0);
  private headers = 0;
  /** Set as soon as a header makes no sense; the upload can stop there. */
  broken = false;
  private readonly parse: (buf: Buffer) => Parsed;
  /** The first bytes of a box or element being kept, and how many more are wanted. */
  private kept: { id: string; bytes: Buffer[]; wanted: number } | null = null;
  private timecodeScale = 1_000_000;
  private ebmlDuration: number | null = null;
  private isoDuration: number | null = null;

  constructor(private readonly container: Container) {
    this.parse = container === 'isobmff' ? parseIsoBox : parseEbmlElement;
  }

  /** The length the file says it has, in seconds, once read; null while unknown. */
  get durationSeconds(): number | null {
    if (this.container === 'isobmff') return this.isoDuration;
    if (this.ebmlDuration === null) return null;
    return (this.ebmlDuration * this.timecodeScale) / 1e9;
  }

  private keep(id: string, bytes: Buffer) {
    if (id === 'mvhd') {
      const version = bytes[0];
      const at = version === 1 ? 20 : 12;
      if (bytes.length < at + (version === 1 ? 12 : 8)) return;
      const scale = bytes.readUInt32BE(at);
      const raw = version === 1 ? bytes.subarray(at + 4, at + 12) : bytes.subarray(at + 4, at + 8);
      // All ones: unknown.
      if (scale > 0 && !raw.every((b) => b === 0xff)) this.isoDuration = uintOf(raw) / scale;
    } else if (id === '2ad7b1') {
      const scale = uintOf(bytes);
      if (scale > 0) this.timecodeScale = scale;
    } else if (id === '4489') {
      if (bytes.length === 4) this.ebmlDuration = bytes.readFloatBE(0);
      else if (bytes.length === 8) this.ebmlDuration = bytes.readDoubleBE(0);
      if (this.ebmlDuration !== null && !(this.ebmlDuration >= 0)) this.ebmlDuration = null;
    }
  }

  push(chunk: Buffer): void {
    let pos = 0;
    while (pos < chunk.length && !this.broken) {
      if (this.next === Infinity) break;
      const at = this.offset + pos;
      if (at < this.next) {
        const take = Math.min(chunk.length - pos, this.next - at);
        if (this.kept) {
          const piece = chunk.subarray(pos, pos + Math.min(take, this.kept.wanted));
          this.kept.bytes.push(piece);
          this.kept.wanted -= piece.length;
          if (this.kept.wanted === 0 || take === this.next - at) {
            this.keep(this.kept.id, Buffer.concat(this.kept.bytes));
            this.kept = null;
          }
        }
        pos += take;
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
      else if (ENTER[this.container].has(parsed.id)) this.next = start + parsed.headerLength;
      else {
        this.next = start + parsed.total;
        const wanted = KEEP[this.container].get(parsed.id);
        const body = parsed.total - parsed.headerLength;
        if (wanted !== undefined && body > 0) {
          this.kept = { id: parsed.id, bytes: [], wanted: Math.min(wanted, body) };
        }
      }
    }
    this.offset += chunk.length;
  }

  /** At the end of the file: whether it ended on a boundary, as a whole file does. */
  complete(): boolean {
    if (this.broken || this.headers === 0 || this.pending.length > 0) return false;
    return this.next === Infinity || this.offset === this.next;
  }
}
