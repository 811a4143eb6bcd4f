/** One cue of a captions file, as a transcript shows it. */
export interface Cue {
  /** Seconds from the start. */
  start: number;
  text: string;
}

const TIMING = /^((?:\d+:)?\d{1,2}:\d{2}\.\d{3})\s+-->\s+((?:\d+:)?\d{1,2}:\d{2}\.\d{3})/;

function seconds(stamp: string): number {
  return stamp.split(':').reduce((total, part) => total * 60 + Number(part), 0);
}

/** Tags (`<v Speaker>`, `<i>`, `<00:01.000>`) and the few character references a cue may hold. */
function plain(text: string): string {
  return text
    .replace(/<[^>]*>/g, '')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&');
}

/**
 * The cues of a WebVTT file, in order, as plain text (a transcript): NOTE, STYLE and REGION
 * blocks and cue settings are left out; lines of one cue are joined by a space.
 */
export function parseWebVtt(source: string): Cue[] {
  const cues: Cue[] = [];
  const blocks = source
    .replace(/^\uFEFF/, '')
    .replace(/\r\n?/g, '\n')
    .split(/\n{2,}/);
  for (const block of blocks) {
    const lines = block.split('\n');
    const at = lines.findIndex((line) => TIMING.test(line));
    if (at < 0) continue;
    const timing = TIMING.exec(lines[at]!)!;
    const text = plain(lines.slice(at + 1).join(' '))
      .replace(/\s+/g, ' ')
      .trim();
    if (text) cues.push({ start: seconds(timing[1]!), text });
  }
  return cues;
}
