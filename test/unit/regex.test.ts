import { strict as assert } from 'node:assert';
import { compileVersionRegex, DEFAULT_VERSION_REGEX } from '../../src/core/rust/regex';

/** The runtime's whole match, or a tagged failure. */
function match(pattern: string, text: string): string | null | { error: string; unsupported: boolean } {
  const c = compileVersionRegex(pattern);
  if (!c.ok) return { error: c.message, unsupported: c.unsupported === true };
  return c.regex.wholeMatch(text);
}
function rejected(pattern: string): string {
  const c = compileVersionRegex(pattern);
  assert.equal(c.ok, false, `expected Rust \`regex\` to reject ${JSON.stringify(pattern)}`);
  assert.ok(!c.ok && c.unsupported === undefined, `expected a rejection, not "unsupported", for ${JSON.stringify(pattern)}`);
  return c.ok ? '' : c.message;
}
function unsupported(pattern: string): string {
  const c = compileVersionRegex(pattern);
  assert.ok(!c.ok && c.unsupported === true, `expected "unsupported" for ${JSON.stringify(pattern)}: ${JSON.stringify(c)}`);
  return c.ok ? '' : c.message;
}

describe('version regex: the runtime default', () => {
  it('finds the first version in typical outputs', () => {
    assert.equal(match(DEFAULT_VERSION_REGEX, 'ffmpeg version 6.1.1-3ubuntu5 Copyright (c) 2000-2023'), '6.1.1');
    assert.equal(match(DEFAULT_VERSION_REGEX, 'curl 8.5.0 (x86_64-pc-linux-gnu) libcurl/8.5.0'), '8.5.0');
    assert.equal(match(DEFAULT_VERSION_REGEX, 'jq-1.7\n'), '1.7');
    assert.equal(match(DEFAULT_VERSION_REGEX, 'no version here'), null);
  });
  it('uses the WHOLE match, not a capture group: `curl (\\d+\\.\\d+)` yields `curl 8.5`', () => {
    const c = compileVersionRegex('curl (\\d+\\.\\d+)');
    assert.ok(c.ok);
    assert.equal(c.regex.hasCaptureGroups, true);
    assert.equal(c.regex.wholeMatch('curl 8.5.0 (x86_64)'), 'curl 8.5');
  });
  it('reports capture groups, named or not, and not for non-capturing groups', () => {
    const has = (p: string): boolean => {
      const c = compileVersionRegex(p);
      assert.ok(c.ok, p);
      return c.regex.hasCaptureGroups;
    };
    assert.equal(has('(\\d+)'), true);
    assert.equal(has('(?P<v>\\d+)'), true);
    assert.equal(has('(?<v>\\d+)'), true);
    assert.equal(has('(?:\\d+)'), false);
    assert.equal(has('(?i:v)\\d+'), false);
  });
  it('caches compiled patterns', () => {
    assert.equal(compileVersionRegex('cache-me \\d+'), compileVersionRegex('cache-me \\d+'));
  });
});

describe('version regex: linear time', () => {
  it('`(a+)+$` against 50,000 `a`s (matching and failing) completes quickly', () => {
    const s = 'a'.repeat(50_000);
    const t0 = performance.now();
    const hit = match('(a+)+$', s);
    const miss = match('(a+)+$', `${s}!`);
    const nested = match('(x+x+)+y', 'x'.repeat(50_000));
    const ms = performance.now() - t0;
    assert.equal(typeof hit === 'string' ? hit.length : -1, 50_000);
    assert.equal(miss, null);
    assert.equal(nested, null);
    assert.ok(ms < 1000, `took ${ms.toFixed(1)} ms`);
  });
});

describe('version regex: what Rust `regex` rejects', () => {
  it('look-around, with a message naming the engine', () => {
    for (const p of ['(?=a)', '(?!a)', '(?<=a)b', '(?<!a)b', '\\d+(?=\\.)']) {
      assert.match(rejected(p), /look-around is not supported by the runtime's regex engine \(Rust `regex`\)/);
    }
  });
  it('backreferences and octal escapes', () => {
    assert.match(rejected('(a)\\1'), /backreferences are not supported/);
    assert.match(rejected('\\0'), /backreferences/);
  });
  it('syntax RE2 would silently read another way', () => {
    rejected('a{,5}'); // RE2: the literal text "a{,5}"
    rejected('x{y}');
    rejected('{2}');
    rejected('\\Q.\\E'); // RE2: a quoted literal
    rejected('\\p{^Greek}'); // RE2: negation
    rejected('\\e');
    rejected('\\é');
    rejected('\\C');
    rejected('\\pX');
  });
  it('malformed patterns', () => {
    for (const p of [
      '(',
      'a)',
      '(?)',
      '(?i)*',
      '*a',
      '+',
      'a|*',
      'a{3,2}',
      'a{2',
      '[a',
      '[z-a]',
      '[\\d-z]',
      '[\\b]',
      '(?q)',
      '(?i-i)',
      '(?--i)',
      '(?i-)',
      '\\x{D800}',
      '\\x{110000}',
      '\\xZZ',
      '(?P<>a)',
      '(?P<1a>a)',
      '(?P<v>a)(?P<v>b)',
      '\\',
    ]) {
      rejected(p);
    }
  });
});

describe('version regex: Rust semantics on top of RE2', () => {
  it('`\\d` is Unicode (Nd), as in Rust: the leftmost match may be non-ASCII digits', () => {
    assert.equal(match('\\d+\\.\\d+', 'version ١.٢ (build 3.4.5)'), '١.٢');
    assert.equal(match('(?-u:\\d)+\\.\\d+', 'version ١.٢ (build 3.4.5)'), '3.4');
  });
  it('`\\s` is White_Space and `\\w` is Unicode', () => {
    assert.equal(match('v\\s\\d', 'v\u00a01'), 'v\u00a01');
    assert.equal(match('v\\s\\d', 'v\u00851'), 'v\u00851');
    assert.equal(match('\\w+', 'héllo'), 'héllo');
    assert.equal(match('\\D+', 'ab1'), 'ab');
    assert.equal(match('[\\S]+', 'ab c'), 'ab');
    assert.equal(match('[a\\W]+', 'a-a b'), 'a-a ');
  });
  it('`$` is end of text (not before a final newline) unless `(?m)`', () => {
    assert.equal(match('1\\.2$', '1.2\n'), null);
    assert.equal(match('(?m)1\\.2$', '1.2\n'), '1.2');
  });
  it('`.` excludes `\\n` unless `(?s)`; `(?R)` also excludes `\\r`', () => {
    assert.equal(match('a.b', 'a\nb'), null);
    assert.equal(match('(?s)a.b', 'a\nb'), 'a\nb');
    assert.equal(match('(?R)a.b', 'a\rb'), null);
  });
  it('repetition of a repetition (an error in RE2) works', () => {
    assert.equal(match('a**', 'aaa'), 'aaa');
    assert.equal(match('a{2}{2}', 'aaaaa'), 'aaaa');
    assert.equal(match('\\d+?+', '123'), '123');
  });
  it('verbose mode, with spaces and comments, also in classes and counted repetitions', () => {
    assert.equal(match('(?x) \\d+ \\. \\d+  # major.minor', 'v 10.20'), '10.20');
    assert.equal(match('(?x)[ 0-9 ]{ 1 , 3 }', 'v1234'), '123');
    assert.equal(match('(?x: a b ) c', 'ab c'), 'ab c');
    assert.equal(match('a{1, 2}', 'aaa'), 'aa'); // Rust trims spaces around decimals even without `x`
  });
  it('Rust-only escapes and property spellings', () => {
    assert.equal(match('\\u{41}\\u0042\\U00000043\\x44', 'xABCD'), 'ABCD');
    assert.equal(match('\\p{Greek}+', 'aαβ'), 'αβ');
    assert.equal(match('\\p{greek}+', 'aαβ'), 'αβ');
    assert.equal(match('\\p{IsGreek}+', 'aαβ'), 'αβ');
    assert.equal(match('\\p{Letter}+', '1ab2'), 'ab');
    assert.equal(match('\\p{Decimal_Number}+', 'a12'), '12');
    assert.equal(match('\\p{gc=Nd}+', 'a12'), '12');
    assert.equal(match('\\p{sc:Greek}', 'aα'), 'α');
    assert.equal(match('\\pN+', 'a12'), '12');
    assert.equal(match('\\p{Sc}', 'costs $5'), '$');
    assert.equal(match('[[:digit:]]+\\.[[:digit:]]+', 'v1.22'), '1.22');
    assert.equal(match('\\%\\_\\ \\#', '%_ #'), '%_ #');
  });
  it('flags and their scope', () => {
    assert.equal(match('(?i)version \\d+', 'VERSION 7'), 'VERSION 7');
    assert.equal(match('(?i:v)ersion', 'Version'), 'Version');
    assert.equal(match('(?i:v)ersion', 'VERSION'), null);
    assert.equal(match('(?:(?i)a)A', 'aa'), null);
    assert.equal(match('(?:(?i)a)A', 'AA'), 'AA');
  });
  it('class edge cases read the Rust way', () => {
    assert.equal(match('[]a]+', 'x]a]'), ']a]');
    assert.equal(match('[-a]+', 'x-a'), '-a');
    assert.equal(match('[a-]+', 'x-a'), '-a');
    assert.equal(match('[^]a]+', ']]bc'), 'bc');
  });
});

describe('version regex: what this tool cannot evaluate (reported, not guessed)', () => {
  it('class set operations and nested classes', () => {
    unsupported('[a-z&&[^aeiou]]');
    unsupported('[a--b]');
    unsupported('[a~~b]');
    unsupported('[a[bc]]');
  });
  it('regex >= 1.10 word boundaries, CRLF anchors, big repetitions, unknown properties', () => {
    unsupported('\\<v');
    unsupported('v\\>');
    unsupported('\\b{start}v');
    unsupported('(?mR)^v');
    unsupported('a{1001}');
    unsupported('\\p{Alpha}');
    unsupported('\\p{scx=Grek}');
    unsupported('(?-u:\\W)');
  });
  it('translation is visible for debugging', () => {
    const c = compileVersionRegex('\\d+');
    assert.ok(c.ok);
    assert.equal(c.regex.engineSource, '\\p{Nd}+');
  });
});
