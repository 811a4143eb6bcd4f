import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';
import { SETUP_TIMEOUT } from '../../test/content';
import { paddedMp4, videoFile } from '../../test/media';
import { ContainerCheck } from './video-structure';
import type { Container } from './video-structure';

const run = promisify(execFile);

/** Feeds `data` in chunks of the given sizes (cycled) and reports whether it looked whole. */
function check(container: Container, data: Buffer, sizes = [4096]): boolean {
  const walker = new ContainerCheck(container);
  let offset = 0;
  let i = 0;
  while (offset < data.length) {
    const size = sizes[i++ % sizes.length]!;
    walker.push(data.subarray(offset, offset + size));
    offset += size;
  }
  return walker.complete();
}

const chunkings = [[1], [3, 5, 7], [4096], [65536], [13, 1000, 2]];

let mp4: Buffer;
let mov: Buffer;
let webm: Buffer;
/** A WebM written to a pipe: its segment and clusters have unknown sizes (as a live recording). */
let liveWebm: Buffer;

beforeAll(async () => {
  [mp4, mov, webm] = await Promise.all([videoFile('mp4'), videoFile('mov'), videoFile('webm')]);
  const ffmpeg = ((await import('@ffmpeg-installer/ffmpeg')) as { default: { path: string } })
    .default.path;
  const { stdout } = await run(
    ffmpeg,
    [
      '-v',
      'error',
      '-f',
      'lavfi',
      '-i',
      'testsrc=size=160x90:rate=10:duration=1',
      '-c:v',
      'libvpx',
      '-b:v',
      '100k',
      '-f',
      'webm',
      'pipe:1',
    ],
    { encoding: 'buffer', maxBuffer: 10 * 1024 * 1024 },
  );
  liveWebm = stdout;
}, SETUP_TIMEOUT);

describe('ContainerCheck', () => {
  it('accepts whole MP4, QuickTime and WebM files, however they are cut into chunks', () => {
    for (const sizes of chunkings) {
      expect(check('isobmff', mp4, sizes)).toBe(true);
      expect(check('isobmff', mov, sizes)).toBe(true);
      expect(check('ebml', webm, sizes)).toBe(true);
      expect(check('ebml', liveWebm, sizes)).toBe(true);
    }
  });

  it('accepts a 64-bit box size and a final box that runs to the end', () => {
    const large = Buffer.alloc(16 + 100);
    large.writeUInt32BE(1, 0);
    large.write('mdat', 4, 'latin1');
    large.writeBigUInt64BE(BigInt(large.length), 8);
    expect(check('isobmff', Buffer.concat([mp4, large]), [5])).toBe(true);
    expect(check('isobmff', Buffer.concat([mp4, large.subarray(0, 60)]), [5])).toBe(false);
    const toEnd = Buffer.alloc(8 + 50);
    toEnd.write('mdat', 4, 'latin1');
    expect(check('isobmff', Buffer.concat([mp4, toEnd]))).toBe(true);
    expect(check('isobmff', paddedMp4(mp4, mp4.length + 1000))).toBe(true);
  });

  it('refuses files cut short', () => {
    for (const [container, data] of [
      ['isobmff', mp4],
      ['isobmff', mov],
      ['ebml', webm],
    ] as const) {
      for (const cut of [data.length - 1, data.length - 17, Math.floor(data.length * 0.7)]) {
        expect(check(container, data.subarray(0, cut), [1000]), `${container} at ${cut}`).toBe(
          false,
        );
      }
    }
    // The live WebM's last block is cut.
    expect(check('ebml', liveWebm.subarray(0, liveWebm.length - 3))).toBe(false);
  });

  it('refuses headers that make no sense', () => {
    const junk = Buffer.from('this is not a box structure at all, just text');
    expect(check('isobmff', junk)).toBe(false);
    const badSize = Buffer.from([0, 0, 0, 4, 0x66, 0x74, 0x79, 0x70]);
    expect(check('isobmff', badSize)).toBe(false);
    expect(check('ebml', Buffer.from([0x00, 0x00, 0x00]))).toBe(false);
    expect(check('isobmff', Buffer.alloc(0))).toBe(false);
  });
});
