// Writes schemas/skill-frontmatter.schema.json from the runtimes' field tables (src/core/runtimes/<runtime>/
// fields.ts, gathered in src/core/runtimes/fields.ts): every key some runtime reads, at every depth, with each
// runtime's own words as the description — a plain `description` for YAML tools and a `markdownDescription` for
// hovers, kept in step by construction — and `examples` from the values a runtime names or fixes.
//
// The schema is also the author view's validation (src/core/skill/schema.ts, findings `type-mismatch`,
// `scalar-not-string`, `enum-invalid`, `schema-invalid`), which every skill gets whatever runtime reads it. So
// validation keywords come only from AUTHORING below: shapes that hold for every runtime reading the key (a
// name is text, `requires.bins` is a list …). A value set only one runtime fixes (Claude Code's `effort`,
// OpenClaw's `os`) is an example here, not an `enum`: that runtime's profile reports a wrong value in its own
// terms, where it applies. No `required`: Claude Code, Hermes, OpenClaw and nexo-rs take the folder name
// without `name`, and who needs a description is said by the runtimes' own findings.
//
// It also writes the runtimes the `skillAuthor.runtimes` setting offers in package.json (its items' `enum`
// and `enumDescriptions`), from the registry (src/core/runtimes/registry.ts): every runtime and `id@version`.
//
// And it writes the schema's validator, compiled ahead of time (src/core/skill/frontmatter-validator.ts): ajv's
// standalone code for exactly the options src/core/skill/schema.ts validates with, so no run compiles the
// schema (ajv's compiler took ~70 ms of every cold check, and its code a share of every bundle).
//
// Run: node scripts/gen-schema.mjs   (unit tests fail when the committed files drift from this output)
import { buildSync } from 'esbuild';
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const root = new URL('..', import.meta.url).pathname;

/** The field tables and the runtimes' names, compiled in memory from the TypeScript sources (no build needed). */
function loadTables() {
  const out = buildSync({
    stdin: {
      contents:
        "export { FIELDS_BY_RUNTIME } from './src/core/runtimes/fields'; export { RUNTIME_LABELS, runtimeSpecs, runtimeSpecDescription } from './src/core/runtimes/registry';",
      resolveDir: root,
      loader: 'ts',
    },
    bundle: true,
    write: false,
    format: 'cjs',
    platform: 'node',
    mainFields: ['module', 'main'], // jsonc-parser: its ES module build (scripts/build.mjs)
    logLevel: 'error',
  });
  const module = { exports: {} };
  new Function('module', 'exports', 'require', out.outputFiles[0].text)(module, module.exports, createRequire(import.meta.url));
  return module.exports;
}

const { FIELDS_BY_RUNTIME: tables, RUNTIME_LABELS: LABELS, runtimeSpecs, runtimeSpecDescription } = loadTables();

const plain = (text) =>
  text
    .replace(/`/g, '')
    .replace(/\*\*/g, '')
    .replace(/\[([^\]]+)\]\([^)]+\)/g, '$1');
const stringList = { type: 'array', items: { type: 'string' } };

/** The author view's validation per key path (`*`: any key or list item): what holds whichever runtime reads
 *  the key. */
const AUTHORING = {
  name: { type: 'string', minLength: 1, maxLength: 64, pattern: '^[a-z0-9]+(-[a-z0-9]+)*$' },
  description: { type: 'string', minLength: 1, maxLength: 1024 },
  license: { type: 'string' },
  compatibility: { type: 'string', minLength: 1, maxLength: 500 },
  metadata: { type: 'object' },
  'metadata.hermes': { type: 'object' },
  'metadata.hermes.tags': stringList,
  'metadata.hermes.requires_toolsets': stringList,
  'metadata.hermes.requires_tools': stringList,
  'metadata.hermes.fallback_for_toolsets': stringList,
  'metadata.hermes.fallback_for_tools': stringList,
  'allowed-tools': { type: ['string', 'array'], items: { type: 'string' } },
  requires: { type: 'object' },
  'requires.bins': stringList,
  'requires.env': stringList,
  'requires.bin_versions': { type: 'object' },
  // Shorthand text, or the long form (its keys from the table, `constraint` required there).
  'requires.bin_versions.*': { oneOf: 'text-or-map' },
  'requires.bin_versions.*.constraint': { type: 'string' },
  'requires.bin_versions.*.command': { type: 'string' },
  'requires.bin_versions.*.regex': { type: 'string' },
  'requires.mode': { type: 'string', enum: 'table' },
  max_chars: { type: 'integer', minimum: 0 },
  prerequisites: { type: 'object' },
  'prerequisites.env_vars': stringList,
  'prerequisites.commands': stringList,
  platforms: stringList,
  version: { type: 'string' },
  author: { type: 'string' },
  'argument-hint': { type: 'string' },
  'user-invocable': { type: 'boolean' },
  'disable-model-invocation': { type: 'boolean' },
  context: { type: 'string' },
  model: { type: 'string' },
};

/** The field tables as a tree: per key path, each runtime's entry. */
function tree(tables) {
  const top = { children: new Map(), readers: [] };
  for (const [runtime, fields] of Object.entries(tables)) {
    for (const field of fields) {
      let node = top;
      for (const key of field.path) {
        if (!node.children.has(key)) node.children.set(key, { children: new Map(), readers: [] });
        node = node.children.get(key);
      }
      node.readers.push({ runtime, field });
    }
  }
  return top;
}

function words(readers) {
  const md = readers.map(({ runtime, field }) => `**${LABELS[runtime]}:** ${field.description}`).join('\n\n');
  return md ? { description: plain(md), markdownDescription: md } : {};
}

function examplesOf(readers) {
  const values = [];
  for (const { field } of readers) for (const v of [...(field.enum ?? []), ...(field.examples ?? [])]) if (!values.includes(v)) values.push(v);
  return values.length ? { examples: values } : {};
}

function schemaNode(node, path) {
  const at = path.join('.');
  const rule = AUTHORING[at] ?? {};
  const out = { ...words(node.readers) };
  const { oneOf, enum: enumRule, ...validation } = rule;
  Object.assign(out, validation);
  if (enumRule === 'table') {
    const values = node.readers.flatMap(({ field }) => field.enum ?? []);
    out.enum = [...new Set(values)];
    const def = node.readers.find(({ field }) => field.default !== undefined)?.field.default;
    if (def !== undefined) out.default = def;
  } else Object.assign(out, examplesOf(node.readers));
  const named = [...node.children.entries()].filter(([k]) => k !== '*');
  const any = node.children.get('*');
  const properties = named.length ? Object.fromEntries(named.map(([k, child]) => [k, schemaNode(child, [...path, k])])) : undefined;
  if (oneOf === 'text-or-map') {
    const required = named.filter(([, child]) => child.readers.some(({ field }) => field.required)).map(([k]) => k);
    out.oneOf = [
      { type: 'string', description: 'Shorthand: the constraint text.' },
      { type: 'object', ...(required.length ? { required } : {}), ...(properties ? { properties } : {}) },
    ];
    return out;
  }
  if (properties) out.properties = properties;
  if (any) {
    const types = node.readers.flatMap(({ field }) => field.type);
    const child = schemaNode(any, [...path, '*']);
    if (types.includes('array') || (Array.isArray(out.type) ? out.type.includes('array') : out.type === 'array'))
      out.items = { ...(out.items ?? {}), ...child };
    else out.additionalProperties = child;
  }
  return out;
}

// The top has no field of its own: its words are the title and description below.
const { properties } = schemaNode(tree(tables), []);
const schema = {
  $schema: 'http://json-schema.org/draft-07/schema#',
  $id: 'https://skill-author.dev/schemas/skill-frontmatter.schema.json',
  title: 'SKILL.md frontmatter',
  description: `YAML frontmatter of an agent skill (SKILL.md): every field ${Object.values(LABELS).join(', ')} read, each described in the words of the runtimes that read it.`,
  type: 'object',
  properties,
};

const out = new URL('../schemas/skill-frontmatter.schema.json', import.meta.url);
export const text = `${JSON.stringify(schema, null, 2)}\n`;

/** package.json with the setting's runtimes as the registry lists them. */
export function manifestText() {
  const file = new URL('../package.json', import.meta.url);
  const manifest = JSON.parse(readFileSync(file, 'utf8'));
  const items = manifest.contributes.configuration.properties['skillAuthor.runtimes'].items;
  items.enum = runtimeSpecs();
  items.enumDescriptions = items.enum.map((spec) => runtimeSpecDescription(spec));
  return `${JSON.stringify(manifest, null, 2)}\n`;
}

/** The options schema.ts validates with (the standalone code is compiled with these). */
export const AJV_OPTIONS = { allErrors: true, strict: true, strictTypes: false, allowUnionTypes: true, validateSchema: false };

/** src/core/skill/frontmatter-validator.ts: ajv's standalone validator of the schema, formatted as the
 *  repository's code is (Prettier), the schema itself imported rather than inlined a second time. */
export async function validatorText() {
  const require = createRequire(import.meta.url);
  const Ajv = require('ajv').default;
  const standalone = require('ajv/dist/standalone').default;
  const prettier = await import('prettier');
  const ajv = new Ajv({ ...AJV_OPTIONS, code: { source: true, esm: true } });
  ajv.addKeyword({ keyword: 'markdownDescription', schemaType: 'string' });
  let code = standalone(ajv, ajv.compile(schema));
  const inlined = `const schema0 = ${JSON.stringify(schema)};`;
  const runtime = 'const func0 = require("ajv/dist/runtime/ucs2length").default;';
  if (!code.includes(inlined) || !code.includes(runtime)) throw new Error('ajv standalone output changed shape: update scripts/gen-schema.mjs');
  code = code.replace('"use strict";', '').replace(inlined, '').replace(runtime, 'const func0 = ucs2length;');
  const head = [
    '// Generated by scripts/gen-schema.mjs: ajv standalone validation of schemas/skill-frontmatter.schema.json,',
    '// compiled ahead of time with the options of ./schema.ts. Do not edit; run the script.',
    '/* eslint-disable */',
    '// @ts-nocheck',
    "import ucs2length from 'ajv/dist/runtime/ucs2length';",
    "import schema0 from '../../../schemas/skill-frontmatter.schema.json';",
    '',
  ].join('\n');
  const options = (await prettier.resolveConfig(new URL('../src/core/skill/frontmatter-validator.ts', import.meta.url).pathname)) ?? {};
  return prettier.format(head + code, { ...options, parser: 'typescript' });
}

if (process.argv[1] && import.meta.url.endsWith(process.argv[1].split('/').pop())) {
  const validator = await validatorText();
  writeFileSync(new URL('../src/core/skill/frontmatter-validator.ts', import.meta.url), validator);
  console.log(`wrote src/core/skill/frontmatter-validator.ts (${validator.length} characters)`);
  writeFileSync(out, text);
  console.log(`wrote ${out.pathname} (${text.length} characters)`);
  const manifest = manifestText();
  writeFileSync(new URL('../package.json', import.meta.url), manifest);
  console.log('wrote package.json (skillAuthor.runtimes: the registry’s runtimes and versions)');
}
