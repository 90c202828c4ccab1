import { strict as assert } from 'node:assert';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { frontmatterSchema, knownKeysAt, schemaNodeAt, validateFrontmatter, type SchemaNode } from '../../src/core/schema';

const root = path.resolve(__dirname, '../../..');

describe('schema', () => {
  it('the committed schema is exactly what scripts/gen-schema.mjs writes (no drift)', () => {
    const generated = execFileSync(process.execPath, ['--input-type=module', '-e', `import { text } from ${JSON.stringify(path.join(root, 'scripts/gen-schema.mjs'))}; process.stdout.write(text);`], { encoding: 'utf8' });
    assert.equal(readFileSync(path.join(root, 'schemas/skill-frontmatter.schema.json'), 'utf8'), generated);
  });

  it('every property has a description and a markdownDescription', () => {
    const walk = (node: SchemaNode, at: string): void => {
      for (const [k, child] of Object.entries(node.properties ?? {})) {
        assert.ok(child.description && child.markdownDescription, `${at}.${k} lacks descriptions`);
        walk(child, `${at}.${k}`);
      }
    };
    walk(frontmatterSchema, '');
  });

  it('knows every field the runtimes read', () => {
    for (const k of ['name', 'description', 'license', 'compatibility', 'metadata', 'allowed-tools', 'requires', 'max_chars', 'prerequisites', 'platforms', 'argument-hint', 'user-invocable', 'disable-model-invocation', 'context', 'model']) {
      assert.ok(knownKeysAt([])?.includes(k), k);
    }
    assert.deepEqual(knownKeysAt(['requires']), ['bins', 'env', 'bin_versions', 'mode']);
    assert.deepEqual(knownKeysAt(['prerequisites']), ['env_vars', 'commands']);
    assert.deepEqual(knownKeysAt(['metadata', 'hermes']), ['category', 'tags', 'requires_toolsets', 'requires_tools', 'fallback_for_toolsets', 'fallback_for_tools']);
    assert.deepEqual(schemaNodeAt(['requires', 'mode'])?.enum, ['strict', 'warn', 'disable']);
    assert.ok(schemaNodeAt(['requires', 'bin_versions', 'ffmpeg'])?.oneOf);
  });

  it('validates both bin_versions forms and rejects wrong types', () => {
    assert.deepEqual(validateFrontmatter({ name: 'a', description: 'b', requires: { bin_versions: { x: '>=1', y: { constraint: '^2', regex: '\\d+' } } } }), []);
    const errs = validateFrontmatter({ name: 'a', description: 'b', requires: { bins: 'x', mode: 'loud' } });
    assert.deepEqual(errs.map((e) => [e.pointer, e.keyword]).sort(), [['/requires/bins', 'type'], ['/requires/mode', 'enum']]);
  });
});
