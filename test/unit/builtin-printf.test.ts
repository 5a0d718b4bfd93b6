/**
 * printf (and echo -e, which shares its escapes): each row runs through the builtin with a fake
 * context and through bash with the same words; both must give the row's stdout, status and
 * stderr. The locale is C.UTF-8 unless a row says C.
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { tmpdir } from 'node:os';
import { echo } from '../../shell/builtins/core';
import { printf } from '../../shell/builtins/printf';
import type { Builtin } from '../../shell/interp/builtin-api';
import { runBash, runBuiltin, type BuiltinRun, type RunOptions } from '../support/builtin-run';

interface Row {
  /** The words after the command's name. */
  readonly args: readonly string[];
  readonly out: string;
  readonly status?: number;
  readonly err?: string;
  readonly locale?: 'C';
  /** `printf -v VAR`: the row's `out` is VAR's value afterwards, not stdout. */
  readonly variable?: string;
  readonly command?: 'echo';
}

const invalid = (what: string) => `quirl: printf: ${what}\n`;

const rows: Row[] = [
  // Text and format escapes.
  { args: ['hello'], out: 'hello' },
  { args: [''], out: '' },
  { args: ['a\\nb\\tc\\\\d'], out: 'a\nb\tc\\d' },
  { args: ['\\a\\b\\f\\r\\v\\e\\E'], out: '\x07\b\f\r\v\x1b\x1b' },
  { args: ['\\"\\\'\\?'], out: '"\'?' },
  { args: ['\\101\\0101\\1011'], out: 'A\b1A1' },
  { args: ['\\x41\\x4a\\x4'], out: 'AJ\x04' },
  { args: ['\\u00e9\\U0001F600\\u41'], out: 'é😀A' },
  { args: ['\\u00e9|\\U0001F600'], out: '\\u00E9|\\U0001F600', locale: 'C' },
  { args: ['\\x|'], out: '\\x|', err: invalid('missing hex digit for \\x') },
  { args: ['\\u|'], out: '\\u|', err: invalid('missing unicode digit for \\u') },
  { args: ['\\c\\z|a\\'], out: '\\c\\z|a\\' },
  { args: ['100%%'], out: '100%' },
  // The format is reused while arguments remain, and used once without any.
  { args: ['%s\\n', 'a', 'b', 'c'], out: 'a\nb\nc\n' },
  { args: ['%s %s|', 'a', 'b', 'c'], out: 'a b|c |' },
  { args: ['x\\n', 'a', 'b'], out: 'x\n' },
  { args: ['[%s][%d][%c]'], out: '[][0][\0]' },
  // %s %c with width, precision, flags and *.
  { args: ['%5s|%-5s|%.2s|%5.1s|', 'ab', 'ab', 'abc', 'xyz'], out: '   ab|ab   |ab|    x|' },
  { args: ['%05s|%.s|', 'ab', 'abc'], out: '   ab||' },
  { args: ['%c%c|%3c|%-3c|', 'hello', 'w', 'x', 'y'], out: 'hw|  x|y  |' },
  { args: ['%*s|%-*s|%.*s|', '4', 'a', '3', 'b', '1', 'xyz'], out: '   a|b  |x|' },
  { args: ['%*s|%.*s|', '-4', 'a', '-1', 'xyz'], out: 'a   |xyz|' },
  { args: ['%s', 'é'], out: 'é' },
  // Integers.
  { args: ['%d %i', '42', '-7'], out: '42 -7' },
  { args: ['%d %d %d', '0x1F', '010', '0X1f'], out: '31 8 31' },
  { args: ['%d %d', ' 12', '+5'], out: '12 5' },
  { args: ['%d', '12abc'], out: '12', status: 1, err: invalid('12abc: invalid number') },
  { args: ['%d|', 'x', '1'], out: '0|1|', status: 1, err: invalid('x: invalid number') },
  { args: ['%d', '09'], out: '0', status: 1, err: invalid('09: invalid octal number') },
  { args: ['%d', '0xg'], out: '0', status: 1, err: invalid('0xg: invalid hex number') },
  { args: ['%d', '12 '], out: '12', status: 1, err: invalid('12 : invalid number') },
  { args: ['%d', ''], out: '0' },
  { args: ['%d %d', "'a", '"é'], out: '97 233' },
  { args: ['%d', "'é"], out: '195', locale: 'C' },
  { args: ['%d|%d', "'", "'ab"], out: '0|97' },
  { args: ['%d', '9223372036854775807'], out: '9223372036854775807' },
  { args: ['%d', '-9223372036854775808'], out: '-9223372036854775808' },
  { args: ['%d', '9223372036854775808'], out: '9223372036854775807', err: invalid('warning: 9223372036854775808: Numerical result out of range') },
  { args: ['%d', '-99999999999999999999'], out: '-9223372036854775808', err: invalid('warning: -99999999999999999999: Numerical result out of range') },
  { args: ['%u %u', '-1', '18446744073709551615'], out: '18446744073709551615 18446744073709551615' },
  { args: ['%x %X %o', '-1', '255', '-1'], out: 'ffffffffffffffff FF 1777777777777777777777' },
  { args: ['%u', '18446744073709551616'], out: '18446744073709551615', err: invalid('warning: 18446744073709551616: Numerical result out of range') },
  { args: ['%u', '-18446744073709551615'], out: '1' },
  { args: ['%#o %#x %#X %#x %#o', '8', '255', '255', '0', '0'], out: '010 0xff 0XFF 0 0' },
  { args: ['%+d % d %+d % d', '5', '5', '-5', '-5'], out: '+5  5 -5 -5' },
  { args: ['%05d|%-5d|%5d|%-05d|', '-42', '7', '7', '3'], out: '-0042|7    |    7|3    |' },
  { args: ['%.3d|%.0d|%5.3d|%05.3d|%.0x|', '7', '0', '-7', '7', '0'], out: '007|| -007|  007||' },
  { args: ['%#.3o|%#5x|%#05x|%+u|% u', '8', '1', '1', '5', '5'], out: '010|  0x1|0x001|5|5' },
  { args: ['%*d|%-*d|', '5', '1', '-4', '2'], out: '    1|2   |' },
  { args: ['%9999999999d|%.9999999999f|', '1', '2'], out: '||' },
  { args: ['%*d|', '4294967298'], out: ' 0|' },
  { args: ['%ld %lld %hd %jd %zd', '1', '2', '3', '4', '5'], out: '1 2 3 4 5' },
  { args: ["%'d", '1234567'], out: '1234567' },
  // Floating point, as long double.
  { args: ['%f %F', '3.14159', '2'], out: '3.141590 2.000000' },
  { args: ['%.2f %.0f %.0f %.0f %.0f', '2.675', '0.5', '1.5', '2.5', '-0.5'], out: '2.67 0 2 2 -0' },
  { args: ['%.20f', '0.1'], out: '0.10000000000000000000' },
  { args: ['%.30e', '0.1'], out: '1.000000000000000000013552527156e-01' },
  { args: ['%e %E %.0e %#.0e', '12345.678', '0.000123', '5e10', '1'], out: '1.234568e+04 1.230000E-04 5e+10 1.e+00' },
  { args: ['%g %g %g %G %g %g', '100000', '1000000', '0.0001', '1e-5', '0.00001234', '123456789'], out: '100000 1e+06 0.0001 1E-05 1.234e-05 1.23457e+08' },
  { args: ['%#g %g %.0g %.3g %#.3g', '1', '0', '15', '2.5', '3'], out: '1.00000 0 2e+01 2.5 3.00' },
  { args: ['%a %a %a %A', '1', '0.1', '0', '255'], out: '0x8p-3 0xc.ccccccccccccccdp-7 0x0p+0 0XF.FP+4' },
  { args: ['%.0a|%.0a|%.0a|%.1a|%#.0a|%.2a|%a', '0x8.8p0', '0x9.8p0', '0xf.8p0', '1.03125', '1', '1', '-0'], out: '0x8p+0|0xap+0|0x1p+4|0x8.4p-3|0x8.p-3|0x8.00p-3|-0x0p+0' },
  { args: ['%010.3f|%-10e|%+f|% f|%+.1e', '3.14159', '2', '1', '1', '-0.05'], out: '000003.142|2.000000e+00|+1.000000| 1.000000|-5.0e-02' },
  { args: ['%f|%F|%010f|%-6f|%+f|%e', 'inf', 'inf', '-inf', 'nan', 'Infinity', '-nan'], out: 'inf|INF|      -inf|nan   |+inf|-nan' },
  { args: ['%f %.1f', '0x1.8p1', "'A"], out: '3.000000 65.0' },
  { args: ['%f', '1.5x'], out: '1.500000', status: 1, err: invalid('1.5x: invalid number') },
  { args: ['%f|%f|%.3f', '', ' 2', '1e3'], out: '0.000000|2.000000|1000.000' },
  { args: ['%g', '1e4933'], out: 'inf', err: invalid('warning: 1e4933: Numerical result out of range') },
  { args: ['%g %g', '1e4932', '1e-4940'], out: '1e+4932 1e-4940', err: invalid('warning: 1e-4940: Numerical result out of range') },
  { args: ['%.3f %.10g', '123456789012345678901234567890', '1e-300'], out: '123456789012345678899921813504.000 1e-300' },
  // %b: escapes in the argument; \c ends everything.
  { args: ['%b|', 'a\\tb', '\\0101\\101\\1011', '\\x41\\u00e9'], out: 'a\tb|AAA1|Aé|' },
  { args: ['%b|', "\\'\\\"\\?\\z", 'a\\'], out: "\\'\\\"\\?\\z|a\\|" },
  { args: ['%b\\n', 'a\\cb', 'c'], out: 'a' },
  { args: ['%d%b%d', 'x', '\\c', '2'], out: '0', err: invalid('x: invalid number') },
  { args: ['%5b|%-4b|%.1b|%.b|', 'a\\n', 'b', 'xyz', 'xyz'], out: '   a\n|b   |x||' },
  { args: ['%b', '\\x'], out: '\\x', err: invalid('missing hex digit for \\x') },
  // %q: quoting for reuse as input.
  { args: ['%q ', 'a', 'a b', "it's", '', '~x', 'a~', 'a=~', '#x', 'a#'], out: "a a\\ b it\\'s '' \\~x a~ a=\\~ \\#x a# " },
  { args: ['%q ', '*', '?', '[x]', '{a,b}', '$v', '`c`', '!', '|&;<>()', 'a=b', ':@%+-_./'], out: '\\* \\? \\[x\\] \\{a\\,b\\} \\$v \\`c\\` \\! \\|\\&\\;\\<\\>\\(\\) a=b :@%+-_./ ' },
  { args: ['%q ', 'a\nb', '\t', '\x01x', "a'b\\\x7f", 'é', 'é\n'], out: "$'a\\nb' $'\\t' $'\\001x' $'a\\'b\\\\\\177' é $'é\\n' " },
  { args: ['%q %q', 'é', 'é '], out: "$'\\303\\251' $'\\303\\251 '", locale: 'C' },
  { args: ['%10q|%-6q|%.2q|', 'a b', 'x', 'a b'], out: '      a\\ b|x     |a\\|' },
  // %n, errors in the format, options.
  { args: ['%s%n|%s', 'abc', 'count', 'x'], out: 'abc|x' },
  { args: ['%s %z', 'a'], out: 'a ', status: 1, err: invalid("`%z': missing format character") },
  { args: ['a%'], out: 'a', status: 1, err: invalid("`%': missing format character") },
  { args: ['%y|%s', 'a'], out: '', status: 1, err: invalid("`y': invalid format character") },
  { args: ['%5%|'], out: '', status: 1, err: invalid("`%': invalid format character") },
  { args: ['--', '-x'], out: '-x' },
  { args: ['-'], out: '-' },
  { args: [], out: '', status: 2, err: 'printf: usage: printf [-v var] format [arguments]\n' },
  { args: ['-5'], out: '', status: 2, err: 'quirl: printf: -5: invalid option\nprintf: usage: printf [-v var] format [arguments]\n' },
  { args: ['-v'], out: '', status: 2, err: 'quirl: printf: -v: option requires an argument\nprintf: usage: printf [-v var] format [arguments]\n' },
  { args: ['-v', '1x', 'a'], out: '', status: 2, err: "quirl: printf: `1x': not a valid identifier\n" },
  { args: ['-v', 'var', '%s-%d', 'a', '1'], out: 'a-1', variable: 'var' },
  { args: ['-vvar', '%s|', 'a', 'b'], out: 'a|b|', variable: 'var' },
  { args: ['-v', 'var', 'a\\0b'], out: 'a', variable: 'var' },
  { args: ['-v', 'var', '%b', 'x\\cy'], out: 'x', variable: 'var' },
  // echo -e shares the escapes: \0nnn, no \nnn, \c, \x, \u.
  { command: 'echo', args: ['-e', 'a\\tb\\0101\\101|\\x41\\x|\\u00e9\\U0001F600|\\u|\\\'\\z'], out: "a\tbA\\101|A\\x|é😀|\\u|\\'\\z\n" },
  { command: 'echo', args: ['-e', 'a\\cb', 'c'], out: 'a' },
  { command: 'echo', args: ['-e', '\\0', '\\01', '\\0400'], out: '\0 \x01 \0\n' },
  { command: 'echo', args: ['-ne', '\\e[0m\\\\'], out: '\x1b[0m\\' },
];

function options(row: Row): RunOptions {
  return { cwd: tmpdir(), env: { PATH: process.env.PATH ?? '/usr/bin:/bin', LC_ALL: row.locale ?? 'C.UTF-8' } };
}

const BUILTINS: Readonly<Record<string, Builtin>> = { printf, echo };

async function runQuirl(row: Row): Promise<BuiltinRun> {
  const command = row.command ?? 'printf';
  const result = await runBuiltin(BUILTINS[command] as Builtin, [command, ...row.args], options(row));
  return row.variable === undefined ? result : { ...result, stdout: result.state.get(row.variable) ?? '' };
}

function expected(row: Row): BuiltinRun {
  return { stdout: row.out, stderr: row.err ?? '', status: row.status ?? 0 };
}

const label = (row: Row) => `${row.command ?? 'printf'} ${JSON.stringify(row.args)}${row.locale === undefined ? '' : ` (LC_ALL=${row.locale})`}`;
const outcome = ({ stdout, stderr, status }: BuiltinRun) => ({ stdout, stderr, status });

describe('printf builtin', () => {
  for (const row of rows) {
    test(label(row), async () => assert.deepEqual(outcome(await runQuirl(row)), expected(row)));
  }
});

describe('the table is bash', () => {
  test('has at least 60 printf rows', () => assert.ok(rows.filter((row) => row.command === undefined).length >= 60));
  for (const row of rows) {
    test(`bash ${label(row)}`, () => {
      const epilogue = row.variable === undefined ? '' : `printf %s "$${row.variable}"; `;
      assert.deepEqual(outcome(runBash([row.command ?? 'printf', ...row.args], options(row), epilogue)), expected(row));
    });
  }
});
