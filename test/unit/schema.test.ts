import { strict as assert } from 'node:assert';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { FIELDS_BY_RUNTIME } from '../../src/core/runtimes/fields';
import { frontmatterSchema, knownKeysAt, schemaNodeAt, validateFrontmatter, type SchemaNode } from '../../src/core/skill/schema';

const root = path.resolve(__dirname, '../../..');

describe('schema', () => {
  it('the committed schema is exactly what scripts/gen-schema.mjs writes (no drift)', () => {
    const generated = execFileSync(
      process.execPath,
      ['--input-type=module', '-e', `import { text } from ${JSON.stringify(path.join(root, 'scripts/gen-schema.mjs'))}; process.stdout.write(text);`],
      { encoding: 'utf8' },
    );
    assert.equal(readFileSync(path.join(root, 'schemas/skill-frontmatter.schema.json'), 'utf8'), generated);
  });

  it('the committed validator is exactly ajv’s standalone code that scripts/gen-schema.mjs writes (no drift)', function () {
    this.timeout(60_000);
    const generated = execFileSync(
      process.execPath,
      [
        '--input-type=module',
        '-e',
        `import { validatorText } from ${JSON.stringify(path.join(root, 'scripts/gen-schema.mjs'))}; process.stdout.write(await validatorText());`,
      ],
      { encoding: 'utf8' },
    );
    assert.equal(readFileSync(path.join(root, 'src/core/skill/frontmatter-validator.ts'), 'utf8'), generated);
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

  it('knows every field the runtimes read, and no other (the field tables and the schema, both ways)', () => {
    // Key paths of the tables (`*` any key or item), and of the schema (properties by name, items and
    // additionalProperties as `*`, through `oneOf` branches).
    const fromTables = new Set(Object.values(FIELDS_BY_RUNTIME).flatMap((fields) => fields.map((f) => f.path.join('.'))));
    const inSchema = new Set<string>();
    const walk = (node: SchemaNode, at: string[]): void => {
      for (const [k, child] of Object.entries(node.properties ?? {})) {
        inSchema.add([...at, k].join('.'));
        walk(child, [...at, k]);
      }
      for (const branch of node.oneOf ?? []) walk(branch, at);
      for (const child of [node.items, typeof node.additionalProperties === 'object' ? node.additionalProperties : undefined]) {
        if (!child) continue;
        if (child.description) inSchema.add([...at, '*'].join('.'));
        walk(child, [...at, '*']);
      }
    };
    walk(frontmatterSchema, []);
    for (const p of fromTables) assert.ok(inSchema.has(p), `${p} is read by a runtime but not in the schema`);
    for (const p of inSchema) assert.ok(fromTables.has(p), `${p} is in the schema but no runtime reads it`);
    assert.deepEqual(knownKeysAt(['requires']), ['bins', 'env', 'bin_versions', 'mode']);
    assert.deepEqual(knownKeysAt(['prerequisites']), ['env_vars', 'commands']);
    assert.deepEqual(schemaNodeAt(['requires', 'mode'])?.enum, ['strict', 'warn', 'disable']);
    assert.ok(schemaNodeAt(['requires', 'bin_versions', 'ffmpeg'])?.oneOf);
  });

  it('imposes nothing a runtime does not: no required keys, and one runtime’s value set is an example, not a rule', () => {
    assert.equal(frontmatterSchema.required, undefined);
    assert.deepEqual(validateFrontmatter({ description: 'no name: Claude Code, Hermes, OpenClaw and nexo-rs use the folder name' }), []);
    // Hermes lower-cases platforms and matches prefixes (its profile reports a platform that matches nothing).
    assert.deepEqual(validateFrontmatter({ name: 'a', description: 'b', platforms: ['Linux', 'darwin'] }), []);
    assert.deepEqual(validateFrontmatter({ name: 'a', description: 'b', effort: 'extreme' }), []);
    assert.deepEqual((schemaNodeAt(['effort']) as { examples?: unknown[] } | undefined)?.examples, ['low', 'medium', 'high', 'xhigh', 'max']);
  });

  it('describes each key in the words of every runtime that reads it', () => {
    const desc = schemaNodeAt(['description'])?.markdownDescription ?? '';
    for (const [runtime, fields] of Object.entries(FIELDS_BY_RUNTIME)) {
      const f = fields.find((x) => x.path.join('.') === 'description');
      if (f) assert.ok(desc.includes(f.description), runtime);
    }
    assert.match(schemaNodeAt(['metadata', 'openclaw', 'os'])?.markdownDescription ?? '', /^\*\*OpenClaw:\*\* Hard platform filter/);
  });

  it('stays a reasonable size', () => {
    const bytes = readFileSync(path.join(root, 'schemas/skill-frontmatter.schema.json')).length;
    assert.ok(bytes < 100_000, `${bytes} bytes`);
  });

  it('validates both bin_versions forms and rejects wrong types', () => {
    assert.deepEqual(
      validateFrontmatter({ name: 'a', description: 'b', requires: { bin_versions: { x: '>=1', y: { constraint: '^2', regex: '\\d+' } } } }),
      [],
    );
    const errs = validateFrontmatter({ name: 'a', description: 'b', requires: { bins: 'x', mode: 'loud' } });
    assert.deepEqual(errs.map((e) => [e.pointer, e.keyword]).sort(), [
      ['/requires/bins', 'type'],
      ['/requires/mode', 'enum'],
    ]);
  });
});
