// How a plugin.toml is coloured: each piece of the text with its token type, from toml-eslint-parser's tokens.
import { strict as assert } from 'node:assert';
import { manifestTokens } from '../../src/core/assist/manifestTokens';

const classify = (text: string): Array<[string, string]> => manifestTokens(text).map((t) => [text.slice(t.start, t.end), t.type]);

describe('plugin.toml: semantic tokens', () => {
  it('tells headers, keys, values, comments and `=` apart, dotted and quoted keys, arrays and inline tables included', () => {
    const text =
      '# notes\n[plugin]\nid = "notes" # the id\nversion = \'1.0.0\'\n\n[capabilities]\ntools = ["a", "b"]\n\n[[mcp_servers.x]]\n"quoted key".sub = { on = true, n = [1, 2.5] }\nwhen = 2021-01-01\n';
    assert.deepEqual(classify(text), [
      ['# notes', 'comment'],
      ['plugin', 'namespace'],
      ['id', 'property'],
      ['=', 'operator'],
      ['"notes"', 'string'],
      ['# the id', 'comment'],
      ['version', 'property'],
      ['=', 'operator'],
      ["'1.0.0'", 'string'],
      ['capabilities', 'namespace'],
      ['tools', 'property'],
      ['=', 'operator'],
      ['"a"', 'string'],
      ['"b"', 'string'],
      ['mcp_servers', 'namespace'],
      ['x', 'namespace'],
      ['"quoted key"', 'property'],
      ['sub', 'property'],
      ['=', 'operator'],
      ['on', 'property'],
      ['=', 'operator'],
      ['true', 'keyword'],
      ['n', 'property'],
      ['=', 'operator'],
      ['1', 'number'],
      ['2.5', 'number'],
      ['when', 'property'],
      ['=', 'operator'],
      ['2021-01-01', 'number'],
    ]);
  });

  it('splits a multi-line string at its line breaks, and colours a broken text up to the line of its error', () => {
    assert.deepEqual(classify('d = """\none\ntwo"""\n'), [
      ['d', 'property'],
      ['=', 'operator'],
      ['"""', 'string'],
      ['one', 'string'],
      ['two"""', 'string'],
    ]);
    assert.deepEqual(classify('[plugin]\nid = "x"\nversion = "1\n[transport]\n'), [
      ['plugin', 'namespace'],
      ['id', 'property'],
      ['=', 'operator'],
      ['"x"', 'string'],
    ]);
    assert.deepEqual(classify('\u0000\u0001 binary'), []);
  });
});
