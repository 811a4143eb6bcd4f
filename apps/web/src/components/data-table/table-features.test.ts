import { describe, expect, it } from 'vitest';
import { columnsFor } from './table-features';

describe('columnsFor', () => {
  it('keeps a header given as a getter, read when the table is drawn', () => {
    // A module's columns are made once, before the reader's language may be applied.
    let language = 'en';
    const column = columnsFor<{ title: string }>().accessor('title', {
      get header() {
        return language === 'en' ? 'Title' : 'Titre';
      },
    });
    language = 'fr';
    expect(column.header).toBe('Titre');
    expect((column as { accessorKey?: string }).accessorKey).toBe('title');
  });

  it('keeps a header given as a getter on a column read by a function', () => {
    let language = 'en';
    const column = columnsFor<{ course: { title: string } }>().accessor((row) => row.course.title, {
      id: 'course',
      get header() {
        return language === 'en' ? 'Course' : 'Cours';
      },
    });
    language = 'fr';
    expect(column.header).toBe('Cours');
    expect(column.id).toBe('course');
  });
});
