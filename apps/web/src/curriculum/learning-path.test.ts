import type { Lesson, SubLesson } from '@ishuri/contract';
import { describe, expect, it } from 'vitest';
import {
  canOpen,
  courseTree,
  earlierAllComplete,
  flattenItems,
  itemsToCompleteBefore,
  pathState,
  percentComplete,
  resumeIndex,
} from './learning-path';

const at = '2025-01-01T00:00:00.000Z';
const id = (n: number) => `0190c0de-0000-7000-8000-${String(n).padStart(12, '0')}`;

function sub(n: number, lessonId: string, position: number): SubLesson {
  const base = { title: `S${n}`, description: '', contentType: 'text' as const };
  const item = { content: 'x', videoUrl: null, video: null, quiz: null };
  return { ...base, ...item, id: id(n), lessonId, position, createdAt: at };
}

function lesson(n: number, position: number, subs: Array<[number, number]> = []): Lesson {
  return {
    id: id(n),
    courseId: id(999),
    title: `L${n}`,
    description: '',
    contentType: 'text',
    content: 'x',
    videoUrl: null,
    video: null,
    quiz: null,
    position,
    createdAt: at,
    subLessons: subs.map(([m, p]) => sub(m, id(n), p)),
  };
}

// L1 (S11, S12), L2, L3 (S31): given out of order, as positions say otherwise.
const lessons = [
  lesson(3, 3, [[31, 1]]),
  lesson(1, 1, [
    [12, 2],
    [11, 1],
  ]),
  lesson(2, 2),
];
const items = flattenItems(lessons);
const done = (...ns: number[]) => new Set(ns.map(id));

describe('the learning path', () => {
  it('flattens lessons by position, each followed by its sub-lessons', () => {
    expect(items.map((item) => item.title)).toEqual(['L1', 'S11', 'S12', 'L2', 'L3', 'S31']);
    expect(items.map((item) => item.index)).toEqual([0, 1, 2, 3, 4, 5]);
    expect(items[1]).toMatchObject({ kind: 'subLesson', lessonId: id(1) });
  });

  it('gives every screen the same tree: lessons by position, sub-lessons by position', () => {
    const tree = courseTree(lessons);
    expect(tree.map((l) => [l.title, l.subLessons.map((s) => s.title)])).toEqual([
      ['L1', ['S11', 'S12']],
      ['L2', []],
      ['L3', ['S31']],
    ]);
    // The course as it came stays as it was.
    expect(lessons[1]!.subLessons.map((s) => s.title)).toEqual(['S12', 'S11']);
  });

  it('opens items up to the first incomplete one and locks the later ones', () => {
    const state = pathState(items, done(1, 11));
    expect(state.frontier).toBe(2);
    expect([0, 1, 2].every((i) => canOpen(i, state))).toBe(true);
    expect(canOpen(3, state)).toBe(false);
    expect(earlierAllComplete(2, state)).toBe(true);
    expect(earlierAllComplete(3, state)).toBe(false);
  });

  it('opens an item at or before the furthest one, completing those in between', () => {
    // An earlier item (S12) was added after the learner had passed L2.
    const completed = done(1, 11, 2);
    const state = pathState(items, completed);
    expect(state.frontier).toBe(2);
    expect(state.furthest).toBe(4);
    expect(canOpen(4, state)).toBe(true);
    expect(canOpen(5, state)).toBe(false);
    expect(itemsToCompleteBefore(items, completed, 4).map((item) => item.title)).toEqual(['S12']);
  });

  it('counts progress from 0 to 100 and resumes at the first incomplete item', () => {
    expect(percentComplete(items, done())).toBe(0);
    expect(percentComplete(items, done(1, 11))).toBe(33);
    expect(percentComplete(items, done(1, 11, 12, 2, 3, 31))).toBe(100);
    expect(resumeIndex(items, done(1, 11))).toBe(2);
    expect(resumeIndex(items, done(1, 11, 12, 2, 3, 31))).toBe(5);
    expect(percentComplete([], done())).toBe(0);
  });
});
