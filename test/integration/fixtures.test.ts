// The fixture workspace is the repo's own folder (test/fixtures/workspace): a run must leave every byte of it
// as it found it. Root-level hooks (outside any `describe`), so they wrap every run, --grep included: the
// first takes a copy of every file before any test runs, the last (after every other root hook) compares,
// puts back any file a test changed or deleted, and fails the run naming them. Files a test created and
// left behind are named too (not deleted: they may be someone's new fixture).
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { fixturePath } from '../utils/vscode';

const snapshot = new Map<string, Buffer>();

function filesUnder(dir: string, out: string[] = []): string[] {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    if (entry.isDirectory()) filesUnder(p, out);
    else if (entry.isFile()) out.push(p);
  }
  return out;
}

before(() => {
  for (const file of filesUnder(fixturePath())) snapshot.set(file, fs.readFileSync(file));
  assert.ok(snapshot.has(fixturePath('skills', 'edit-me', 'SKILL.md')), 'the fixture workspace was read');
});

after(() => {
  const now = new Set(filesUnder(fixturePath()));
  const rel = (f: string): string => path.relative(fixturePath(), f);
  const problems: string[] = [];
  for (const [file, bytes] of snapshot) {
    if (!now.has(file)) {
      problems.push(`deleted: ${rel(file)} (restored)`);
    } else if (!fs.readFileSync(file).equals(bytes)) {
      problems.push(`changed: ${rel(file)} (restored)`);
    } else {
      continue;
    }
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, bytes);
  }
  for (const file of now) if (!snapshot.has(file)) problems.push(`left behind: ${rel(file)}`);
  assert.deepEqual(problems, [], `the tests left the fixture workspace changed:\n  ${problems.join('\n  ')}`);
});
