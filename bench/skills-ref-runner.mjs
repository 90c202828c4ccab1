// Validates every skill folder under a root with the `skills-ref` library (0.1.5), in one process, and
// prints {count, invalid, ms}. The library has no folder walk, so this finds the folders holding a SKILL.md
// (a plain synchronous walk) and calls `validate(dir)` on each: one after another (`seq`, the way its
// README's API example reads) or all at once (`parallel`, Promise.all — its fastest use).
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { validate } from 'skills-ref';

const [root, mode = 'parallel'] = process.argv.slice(2);
const t0 = performance.now();
const dirs = [];
const walk = (d) => {
  const entries = readdirSync(d, { withFileTypes: true });
  if (entries.some((e) => e.name === 'SKILL.md')) {
    dirs.push(d);
    return;
  }
  for (const e of entries) if (e.isDirectory()) walk(join(d, e.name));
};
walk(root);
let results;
if (mode === 'seq') {
  results = [];
  for (const d of dirs) results.push(await validate(d));
} else {
  results = await Promise.all(dirs.map((d) => validate(d)));
}
const invalid = results.filter((errors) => errors.length > 0);
process.stdout.write(`${JSON.stringify({ count: dirs.length, invalid: invalid.length, firstErrors: invalid[0] ?? null, ms: performance.now() - t0 })}\n`);
