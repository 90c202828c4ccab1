// One scan in the language server: `skillAuthor/skills` (and a non-tree runtime's index) answer from the skills
// model's analyses of the files it has read, where the walk finds them unchanged, instead of reading and
// parsing every SKILL.md again; what they answer is what a fresh scan answers. In-process: the service, the model
// and the request's feature function, with the file system's opens counted.
import { strict as assert } from 'node:assert';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { index, skills } from '../../src/server/features/custom';
import { SkillService } from '../../src/server/service';
import { SkillModel } from '../../src/server/skills';
import { DEFAULT_SETTINGS } from '../../src/shared/protocol';
import { watchFs, writeUnder } from '../utils/fs';
import { uriOf } from '../utils/lsp-client';

const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };

/** The SKILL.md files opened while `run` runs. */
async function opened<T>(run: () => Promise<T>): Promise<{ result: T; files: string[] }> {
  const { result, calls } = await watchFs('openSync', run);
  return { result, files: calls.filter((p): p is string => typeof p === 'string' && path.basename(p) === 'SKILL.md') };
}

describe('language server: one scan', function () {
  this.timeout(30_000);
  let tmp: string;
  let service: SkillService;
  let model: SkillModel;

  before(async () => {
    tmp = mkdtempSync(path.join(tmpdir(), 'sa-lsp-one-scan-'));
    writeUnder(tmp, 'skills/tools/alpha/SKILL.md', '---\nname: alpha\ndescription: The alpha skill.\nrequires:\n  bins: [sa-missing-bin]\n---\n\nUse alpha.\n');
    writeUnder(tmp, 'skills/tools/beta/SKILL.md', '---\nname: beta\ndescription: The beta skill. See [notes](references/notes.md).\n---\n\nUse beta.\n');
    writeUnder(tmp, 'skills/media/gamma/SKILL.md', '---\nname: gamma\ndescription: Use when: things break\n---\n\nBody.\n');
    service = new SkillService({ ...DEFAULT_SETTINGS }, quiet);
    service.workspace.setFolders([{ uri: uriOf(tmp), name: 'ws' }]);
    service.applyRoots();
    model = new SkillModel(service, quiet);
    await model.refresh();
    await model.whenIdle();
    assert.equal(model.size, 3);
  });

  after(() => {
    service.dispose();
    rmSync(tmp, { recursive: true, force: true });
  });

  it('skillAuthor/skills reads no SKILL.md the model holds unchanged, and answers what a fresh scan answers', async () => {
    const fresh = await opened(() => skills(service, { roots: [tmp] }, []));
    assert.equal(fresh.files.length, 3, 'without the model every file is read');
    const reused = await opened(() => skills(service, { roots: [tmp] }, [], undefined, model));
    assert.deepEqual(reused.files, []);
    assert.deepEqual(reused.result, fresh.result);
    const agentskills = await opened(() => index(service, { runtime: 'agentskills', root: tmp }, undefined, model));
    assert.deepEqual(agentskills.files, []);
    assert.match(agentskills.result.index, /beta/);
  });

  it('a file changed since the model read it is read again', async () => {
    const file = writeUnder(
      tmp,
      'skills/tools/alpha/SKILL.md',
      '---\nname: alpha-renamed\ndescription: The alpha skill, changed on disk.\n---\n\nUse alpha.\n',
    );
    const r = await opened(() => skills(service, { roots: [tmp] }, [], undefined, model));
    assert.deepEqual(r.files, [file]);
    assert.match(JSON.stringify(r.result), /alpha-renamed/);
  });
});
