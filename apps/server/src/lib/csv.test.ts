import { describe, expect, it } from 'vitest';
import { csvField, csvText } from './csv';

describe('CSV fields (issue 29, point 7)', () => {
  it.each([
    ['Ana', 'Ana'],
    ['Jean;=2+3;', `"Jean;'=2+3;"`],
    ['=HYPERLINK("x")', `"'=HYPERLINK(""x"")"`],
    ['+250788000000', "'+250788000000"],
    ['-1', "'-1"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['  =1+1', "'  =1+1"],
    // A tab starts a cell when pasted: both the field and the formula after it are defused.
    ['\t=1', `"'\t'=1"`],
    ['\rx', `"'\rx"`],
    ['a,b', '"a,b"'],
    ['a;b', '"a;b"'],
    ['a\tb', '"a\tb"'],
    ['line\nbreak', '"line\nbreak"'],
    ['a, -1', `"a, '-1"`],
    ['a\n@cmd', `"a\n'@cmd"`],
    ['Anne-Marie', 'Anne-Marie'],
    ['o@k', 'o@k'],
    ['', ''],
  ])('%j is written %j', (value, written) => {
    expect(csvField(value)).toBe(written);
  });

  it('writes numbers, booleans and nothing as they are', () => {
    expect(csvText([[1, true, null, 'x']])).toBe('1,true,,x\r\n');
  });
});
