// Validation against schemas/skill-frontmatter.schema.json by ajv's validator of it, compiled ahead of time
// (./frontmatter-validator.ts; scripts/gen-schema.mjs writes both from the runtimes' field tables). Completion
// and hover read those tables directly (src/core/assist/fieldHelp.ts).

import type { ErrorObject } from 'ajv';
import schemaJson from '../../../schemas/skill-frontmatter.schema.json';
import compiledValidator from './frontmatter-validator';

export const frontmatterSchema = schemaJson as unknown as SchemaNode;

export interface SchemaNode {
  type?: string | string[];
  description?: string;
  markdownDescription?: string;
  properties?: Record<string, SchemaNode>;
  additionalProperties?: SchemaNode | boolean;
  items?: SchemaNode;
  oneOf?: SchemaNode[];
  enum?: string[];
  default?: unknown;
  required?: string[];
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  minimum?: number;
}

/** The compiled validator: `true`, or `false` with `errors` set (ajv's calling convention). Compiled with
 *  `allErrors`, `strict`, `allowUnionTypes`, no `strictTypes`: the schema describes keys no shape is imposed
 *  on (`properties` / `items` without a `type`, so that YAML tools and hovers know them), which JSON Schema
 *  applies only to maps and lists anyway. */
const validate = compiledValidator as ((value: unknown) => boolean) & { errors?: ErrorObject[] | null };

export interface SchemaError {
  /** JSON pointer of the instance the error is about. */
  pointer: string;
  keyword: string;
  message: string;
  params: Record<string, unknown>;
  /** The schema node that failed (for descriptions in messages). */
  schemaPath: string;
}

export function validateFrontmatter(value: unknown): SchemaError[] {
  if (validate(value)) return [];
  return collapse(validate.errors ?? []).map((e) => ({
    pointer: e.instancePath,
    keyword: e.keyword,
    message: e.message ?? 'is invalid',
    params: e.params as Record<string, unknown>,
    schemaPath: e.schemaPath,
  }));
}

/** `oneOf` failures produce one error per branch plus the `oneOf` itself; keep a single, useful one. */
function collapse(errors: ErrorObject[]): ErrorObject[] {
  const oneOfPaths = new Set(errors.filter((e) => e.keyword === 'oneOf').map((e) => e.instancePath));
  return errors.filter((e) => {
    if (e.keyword === 'oneOf') return true;
    for (const p of oneOfPaths) if (e.instancePath === p && e.schemaPath.includes('/oneOf/')) return false;
    return true;
  });
}

/** The schema node describing the value at `path` (keys from the root), or undefined if none does. */
export function schemaNodeAt(path: readonly string[]): SchemaNode | undefined {
  let node: SchemaNode | undefined = frontmatterSchema;
  for (const key of path) {
    if (!node) return undefined;
    if (node.properties && Object.prototype.hasOwnProperty.call(node.properties, key)) node = node.properties[key];
    else if (/^\d+$/.test(key) && node.items) node = node.items;
    else if (node.additionalProperties && typeof node.additionalProperties === 'object') node = node.additionalProperties;
    else return undefined;
  }
  return node;
}

/** Keys the schema knows at an object path (for unknown-field checks and completions). */
export function knownKeysAt(path: readonly string[]): string[] | undefined {
  const node = schemaNodeAt(path);
  return node?.properties ? Object.keys(node.properties) : undefined;
}
