import { describe, expect, it } from 'vitest';
import { can } from './abilities';
import { itemFormSchema } from './lesson';
import { messages } from './messages';

const errorsOf = (value: unknown) => {
  const result = itemFormSchema.safeParse(value);
  return result.success
    ? {}
    : Object.fromEntries(result.error.issues.map((issue) => [issue.path.join('.'), issue.message]));
};

const base = { title: 'Intro', description: '', contentType: 'text', content: '', hasVideo: false };

describe('the lesson form (product.md §5)', () => {
  it('needs a title', () => {
    expect(errorsOf({ ...base, title: '  ', content: 'x' })).toEqual({
      title: messages.titleRequired,
    });
  });

  it('needs content for a text item, whatever the video', () => {
    expect(errorsOf({ ...base, hasVideo: true })).toEqual({
      content: messages.contentRequiredForText,
    });
    expect(errorsOf({ ...base, content: 'Read this.' })).toEqual({});
  });

  it('needs a file for a video item, whatever the content', () => {
    expect(errorsOf({ ...base, contentType: 'video', content: 'x' })).toEqual({
      hasVideo: messages.videoRequiredForVideo,
    });
    expect(errorsOf({ ...base, contentType: 'video', hasVideo: true })).toEqual({});
  });

  it('reports every missing field at once', () => {
    expect(errorsOf({ ...base, title: '' })).toEqual({
      title: messages.titleRequired,
      content: messages.contentRequiredForText,
    });
  });
});

describe('the dashboard totals', () => {
  it('are for admins only', () => {
    expect(can({ id: 'a', role: 'admin' }, 'stats:readAll')).toBe(true);
    expect(can({ id: 'i', role: 'instructor' }, 'stats:readAll')).toBe(false);
    expect(can({ id: 'l', role: 'learner' }, 'stats:readAll')).toBe(false);
    expect(can(null, 'stats:readAll')).toBe(false);
  });
});
