// The import graph of src/, read with TypeScript's own parser (no type-checking): which module each file
// names, and whether the import reaches the bundle (a value) or vanishes when TypeScript is stripped (a type).
// test/unit/no-cycles.test.ts and test/unit/import-direction.test.ts read the graph from here.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import * as path from 'node:path';
import * as ts from 'typescript';

export const SRC = path.resolve(__dirname, '..', '..', '..', 'src');

/** Every .ts file under `dir`. */
export function sources(dir: string = SRC, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    const p = path.join(dir, name);
    if (statSync(p).isDirectory()) sources(p, out);
    else if (p.endsWith('.ts')) out.push(p);
  }
  return out;
}

export interface Import {
  /** The module specifier as written: `'../core/engine'`, `'vscode'`. */
  specifier: string;
  /** The src/ file it names (a relative specifier resolved); undefined for a package. */
  file: string | undefined;
  /** Written so that it leaves no trace in the JavaScript: `import type`, every name marked `type`,
   *  `export type … from`, or `typeof import('…')` in a type. */
  typeOnly: boolean;
  /** The names it takes as values: `*` for a namespace or `export *`, `default`, or the exported name
   *  (before any `as`); empty for a type-only import. `import 'x'` and `require('x')` take `*`. */
  values: string[];
  /** 1-based line of the import in its file. */
  line: number;
}

function resolve(from: string, specifier: string): string | undefined {
  if (!specifier.startsWith('.')) return undefined;
  const base = path.resolve(path.dirname(from), specifier);
  return [`${base}.ts`, path.join(base, 'index.ts')].find((f) => existsSync(f));
}

/** What `file` imports: import and export declarations, `require('…')` and `import('…')` with a literal
 *  specifier (a lazy load is still a load), and `import('…')` types. A specifier computed at run time
 *  (`require(entry)`) is no edge of the graph. */
export function importsOf(file: string): Import[] {
  const text = readFileSync(file, 'utf8');
  const sf = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const out: Import[] = [];
  const add = (node: ts.Node, spec: ts.Expression | ts.LiteralTypeNode | undefined, typeOnly: boolean, values: string[]): void => {
    const lit = spec && ts.isLiteralTypeNode(spec) ? spec.literal : spec;
    if (!lit || !ts.isStringLiteral(lit)) return;
    const line = sf.getLineAndCharacterOfPosition(node.getStart(sf)).line + 1;
    out.push({ specifier: lit.text, file: resolve(file, lit.text), typeOnly, values: typeOnly ? [] : values, line });
  };
  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node)) {
      const clause = node.importClause;
      const values: string[] = [];
      if (!clause) values.push('*');
      else if (!clause.isTypeOnly) {
        if (clause.name) values.push('default');
        const bindings = clause.namedBindings;
        if (bindings && ts.isNamespaceImport(bindings)) values.push('*');
        else if (bindings) for (const e of bindings.elements) if (!e.isTypeOnly) values.push((e.propertyName ?? e.name).text);
      }
      add(node, node.moduleSpecifier, values.length === 0, values);
    } else if (ts.isExportDeclaration(node) && node.moduleSpecifier) {
      const values: string[] = [];
      if (!node.isTypeOnly) {
        const clause = node.exportClause;
        if (!clause || ts.isNamespaceExport(clause)) values.push('*');
        else for (const e of clause.elements) if (!e.isTypeOnly) values.push((e.propertyName ?? e.name).text);
      }
      add(node, node.moduleSpecifier, values.length === 0, values);
    } else if (ts.isImportEqualsDeclaration(node) && ts.isExternalModuleReference(node.moduleReference)) {
      add(node, node.moduleReference.expression, node.isTypeOnly, ['*']);
    } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument)) {
      add(node, node.argument, true, []);
    } else if (ts.isCallExpression(node) && node.arguments.length === 1) {
      const callee = node.expression;
      const lazy = callee.kind === ts.SyntaxKind.ImportKeyword || (ts.isIdentifier(callee) && callee.text === 'require');
      if (lazy) add(node, node.arguments[0], false, ['*']);
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return out;
}

/** `file` relative to src/, with forward slashes: `core/engine.ts`. */
export function rel(file: string): string {
  return path.relative(SRC, file).split(path.sep).join('/');
}
