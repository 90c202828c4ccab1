// What the conformance suite compares, and how a difference is printed: the prompt and the system-prompt
// section byte for byte, and per skill (matched by its SKILL.md path) its name, the status verdict, the
// missing lists, the prompt builder's verdict and its presence in the prompt; for the CLI, each skill's
// verdict and missing lists and the whole `--json` text.
import { createTwoFilesPatch } from 'diff';

const MISSING_KEYS = ['bins', 'anyBins', 'env', 'config', 'os'];
const MAX_DIFF_LINES = 40;

/** A unified diff of two texts, at most MAX_DIFF_LINES lines, each line's invisible characters shown. */
export function shortDiff(expected, actual) {
  const patch = createTwoFilesPatch('openclaw', 'emulation', expected, actual, '', '', { context: 2 });
  const lines = patch.split('\n').slice(3, -1);
  const shown = lines.slice(0, MAX_DIFF_LINES).map((l) =>
    l
      .replace(/\r/g, '\\r')
      .replace(/\t/g, '\\t')
      .replace(/\uFEFF/g, '\\uFEFF'),
  );
  if (lines.length > MAX_DIFF_LINES) shown.push(`… ${lines.length - MAX_DIFF_LINES} more diff lines`);
  return shown.join('\n');
}

function same(a, b) {
  return JSON.stringify(a) === JSON.stringify(b);
}

/**
 * Differences between the release's outcome (`oracle`, from oracle.mjs) and the emulation's (`emu`), each
 * `{ field, skill?, expected, actual, diff? }`. `cli`: the CLI's `{ list, check }` stdout (either may be
 * absent) with the emulation's outcome on the CLI's PATH (`cliEmu`). Also returns the per-skill tally.
 */
export function compareOutcomes({ oracle, emu, cli, cliEmu }) {
  const diffs = [];
  const skillOk = new Map();
  const mark = (key, ok) => skillOk.set(key, (skillOk.get(key) ?? true) && ok);
  if (oracle.error || emu.error) {
    // Both fail alike when the release throws the error the emulation predicts (`InvalidConfigError: <its
    // message>`, before 2026.8.1 `Error: <its message>`, then the stack) and every CLI command run fails too;
    // then nothing else is compared.
    const alike = !!oracle.error && !!emu.error && [`InvalidConfigError: ${emu.error}\n`, `Error: ${emu.error}\n`].some((p) => oracle.error.startsWith(p));
    if (!alike)
      diffs.push({
        field: 'release error',
        expected: oracle.error ? oracle.error.split('\n').slice(0, 6).join('\n') : '(the release does not fail)',
        actual: emu.error ?? '(the emulation does not fail)',
      });
    for (const [command, text] of Object.entries(cli ?? {}))
      if (alike && !text.error)
        diffs.push({ field: `cli skills ${command} --json`, expected: text.stdout.slice(0, 200), actual: '(exit 1: the config is refused)' });
    return { diffs, skills: { total: emu.skills.length, agreeing: 0 } };
  }
  if (oracle.prompt !== emu.prompt) diffs.push({ field: 'prompt', expected: oracle.prompt, actual: emu.prompt, diff: shortDiff(oracle.prompt, emu.prompt) });
  if (oracle.section !== emu.section)
    diffs.push({ field: 'system-prompt section', expected: oracle.section, actual: emu.section, diff: shortDiff(oracle.section, emu.section) });

  const emuByPath = new Map(emu.skills.map((s) => [s.filePath, s]));
  const oracleByPath = new Map(oracle.skills.map((s) => [s.filePath, s]));
  for (const o of oracle.skills) {
    const e = emuByPath.get(o.filePath);
    if (!e) {
      diffs.push({ field: 'skill', skill: o.name, expected: `loaded from ${o.filePath} (source ${o.source})`, actual: 'not loaded' });
      mark(o.filePath, false);
      continue;
    }
    const fields = [
      ['name', o.name, e.name],
      ['eligible', o.eligible, e.eligible],
      ...MISSING_KEYS.map((k) => [`missing.${k}`, o.missing[k], e.missing[k]]),
      ['runtimeEligible', o.runtimeEligible, e.runtimeEligible],
      ['inPrompt', o.inPrompt, e.inPrompt],
    ];
    for (const [field, expected, actual] of fields) {
      const ok = same(expected, actual);
      if (!ok) diffs.push({ field, skill: o.name, expected, actual });
      mark(o.filePath, ok);
    }
  }
  for (const e of emu.skills) {
    if (oracleByPath.has(e.filePath)) continue;
    diffs.push({ field: 'skill', skill: e.name, expected: 'not loaded', actual: `loaded from ${e.filePath}` });
    mark(e.filePath, false);
  }

  if (cli && cliEmu) {
    // The emulated CLI's PATH bootstrap must set the PATH the release's set (oracle.mjs reports it).
    if (oracle.cliPath !== cliEmu.cliPath)
      diffs.push({ field: 'cli PATH bootstrap (ensureOpenClawCliOnPath)', expected: oracle.cliPath, actual: cliEmu.cliPath ?? '(unset)' });
    for (const [command, text, emuText] of [
      ['list', cli.list, cliEmu.listJson],
      ['check', cli.check, cliEmu.checkJson],
    ]) {
      if (text === undefined) continue;
      if (text.error) {
        diffs.push({ field: `cli skills ${command} --json`, expected: text.error, actual: '(output)' });
        continue;
      }
      if (text.stdout === emuText) continue;
      diffs.push({ field: `cli skills ${command} --json`, expected: '', actual: '', diff: shortDiff(text.stdout, emuText) });
      if (command !== 'list') continue;
      // Per skill, so the tally says which skills the CLI disagrees on.
      let parsed;
      try {
        parsed = JSON.parse(text.stdout);
      } catch {
        continue;
      }
      const emuByName = new Map(cliEmu.skills.map((s) => [s.name, s]));
      for (const s of parsed.skills ?? []) {
        const e = emuByName.get(s.name);
        const o = oracle.skills.find((x) => x.name === s.name);
        const key = o?.filePath ?? `cli:${s.name}`;
        const ok = !!e && e.eligible === s.eligible && MISSING_KEYS.every((k) => same(s.missing?.[k] ?? [], e.missing[k]));
        if (!ok)
          diffs.push({
            field: 'cli eligible/missing',
            skill: s.name,
            expected: { eligible: s.eligible, missing: s.missing },
            actual: e ? { eligible: e.eligible, missing: e.missing } : 'not listed',
          });
        mark(key, ok);
      }
    }
  }
  const total = skillOk.size;
  const agreeing = [...skillOk.values()].filter(Boolean).length;
  return { diffs, skills: { total, agreeing } };
}

function show(value) {
  if (typeof value === 'string') return JSON.stringify(value.length > 300 ? value.slice(0, 300) + '…' : value);
  return JSON.stringify(value);
}

/** The lines printed for one case's differences. */
export function formatDiffs(title, diffs) {
  const out = [`✗ ${title}: ${diffs.length} difference${diffs.length === 1 ? '' : 's'}`];
  for (const d of diffs) {
    const where = d.skill === undefined ? d.field : `skill ${JSON.stringify(d.skill)} ${d.field}`;
    if (d.diff !== undefined) out.push(`    ${where} (--- openclaw, +++ emulation):`, ...d.diff.split('\n').map((l) => `      ${l}`));
    else out.push(`    ${where}: openclaw ${show(d.expected)}, emulation ${show(d.actual)}`);
  }
  return out.join('\n');
}
