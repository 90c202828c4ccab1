// The schema (the shapes every runtime agrees on) walked the way quick fixes need it (through `oneOf`
// branches, e.g. the long form of a `bin_versions` entry), and the lists whose items name binaries or
// environment variables. Completion and hover read the runtimes' field tables instead (./fieldHelp.ts).

import { frontmatterSchema, type SchemaNode } from '../skill/schema';

/** The schema node describing the value at `path` (keys from the root; list indices as digits). */
export function schemaAt(path: readonly string[]): SchemaNode | undefined {
  let node: SchemaNode | undefined = frontmatterSchema;
  for (const key of path) {
    if (!node) return undefined;
    node = childSchema(node, key);
  }
  return node;
}

function childSchema(node: SchemaNode, key: string): SchemaNode | undefined {
  const props = propertiesOf(node);
  if (props && Object.prototype.hasOwnProperty.call(props, key)) return props[key];
  if (/^\d+$/.test(key)) {
    const items = node.items ?? node.oneOf?.find((b) => b.items)?.items;
    if (items) return items;
  }
  if (node.additionalProperties && typeof node.additionalProperties === 'object') return node.additionalProperties;
  return undefined;
}

/** The keys a map at this schema node has (merging `oneOf` branches), or undefined for a non-map. */
export function propertiesOf(node: SchemaNode): Record<string, SchemaNode> | undefined {
  return node.properties ?? node.oneOf?.find((b) => b.properties)?.properties;
}

export function typesOf(node: SchemaNode): string[] {
  const own = node.type === undefined ? [] : Array.isArray(node.type) ? node.type : [node.type];
  return [...own, ...(node.oneOf ?? []).flatMap(typesOf)];
}

export function pointerPath(pointer: string): string[] {
  if (!pointer) return [];
  return pointer
    .slice(1)
    .split('/')
    .map((p) => p.replace(/~1/g, '/').replace(/~0/g, '~'));
}

export const BIN_LISTS: ReadonlySet<string> = new Set(['requires/bins', 'prerequisites/commands']);
export const ENV_LISTS: ReadonlySet<string> = new Set(['requires/env', 'prerequisites/env_vars']);
/** Lists completion fills with binaries / variable names: those above and OpenClaw's and Hermes's own. */
export const BIN_COMPLETION = new Set([...BIN_LISTS, 'metadata/openclaw/requires/bins', 'metadata/openclaw/requires/anyBins']);
export const ENV_COMPLETION = new Set([...ENV_LISTS, 'metadata/openclaw/requires/env', 'required_environment_variables']);
export const joined = (path: readonly string[]): string => path.join('/');
