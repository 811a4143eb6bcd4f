/**
 * Course resources' types and names (issue 34, point 1), without schemas: what the web app's
 * public pages use (a file's kind, its download name), kept apart from zod so that those pages
 * stay small.
 */

export const resourceLevels = ['basic', 'advanced'] as const;
export type ResourceLevel = (typeof resourceLevels)[number];

export const resourceKinds = [
  'pdf',
  'slides',
  'spreadsheet',
  'document',
  'image',
  'audio',
] as const;
export type ResourceKind = (typeof resourceKinds)[number];

/**
 * The allow-list: each media type a resource may have (decided by the file's bytes on the
 * server, never by its name), its kind and the extension its download is named with. Nothing
 * else is stored, and a download is never sent as HTML or SVG.
 */
export const resourceTypes = {
  'application/pdf': { kind: 'pdf', ext: 'pdf' },
  'application/vnd.openxmlformats-officedocument.presentationml.presentation': {
    kind: 'slides',
    ext: 'pptx',
  },
  'application/vnd.oasis.opendocument.presentation': { kind: 'slides', ext: 'odp' },
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': {
    kind: 'spreadsheet',
    ext: 'xlsx',
  },
  'application/vnd.oasis.opendocument.spreadsheet': { kind: 'spreadsheet', ext: 'ods' },
  'text/csv': { kind: 'spreadsheet', ext: 'csv' },
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': {
    kind: 'document',
    ext: 'docx',
  },
  'application/vnd.oasis.opendocument.text': { kind: 'document', ext: 'odt' },
  'image/png': { kind: 'image', ext: 'png' },
  'image/jpeg': { kind: 'image', ext: 'jpg' },
  'image/webp': { kind: 'image', ext: 'webp' },
  'audio/mpeg': { kind: 'audio', ext: 'mp3' },
  'audio/mp4': { kind: 'audio', ext: 'm4a' },
  'audio/ogg': { kind: 'audio', ext: 'ogg' },
} as const satisfies Record<string, { kind: ResourceKind; ext: string }>;
export type ResourceMediaType = keyof typeof resourceTypes;

/** What a file picker offers (the server decides by the bytes anyway). */
export const resourceAccept = Object.values(resourceTypes)
  .map((type) => `.${type.ext}`)
  .concat('.jpeg')
  .join(',');

/** The largest resource unless configured otherwise (MAX_RESOURCE_MB). */
export const DEFAULT_MAX_RESOURCE_BYTES = 25 * 1024 * 1024;
/** The most resources one course holds. */
export const MAX_RESOURCES_PER_COURSE = 200;
/** A resource's name, as shown and as its download is named. */
export const MAX_RESOURCE_TITLE = 150;

/** A download's file name: the resource's name, made safe, with its type's extension. */
export function resourceFileName(title: string, mediaType: string): string {
  const ext = (resourceTypes as Record<string, { ext: string }>)[mediaType]?.ext ?? 'bin';
  const base =
    title
      // eslint-disable-next-line no-control-regex -- control characters never go in a header
      .replace(/[\u0000-\u001f\u007f"\\/:*?<>|]+/g, ' ')
      .replace(/\s+/g, ' ')
      .trim()
      .slice(0, MAX_RESOURCE_TITLE) || 'resource';
  return base.toLowerCase().endsWith(`.${ext}`) ? base : `${base}.${ext}`;
}
