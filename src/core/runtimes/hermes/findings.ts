// Hermes quirks that bite an author, as findings (codes `hermes-…`) placed on the SKILL.md line they come
// from. Each message says what Hermes does and how to write it instead. They are computed from the same
// emulation that gives the verdicts, so a finding never contradicts a verdict.

import type { FsView } from '../../machine/fsview';
import * as path from 'node:path';
import type { RuntimeFinding } from '../types';
import type { Severity } from '../../types';
import type { HermesRun } from './emulate';
import { CONDITION_KEYS, KNOWN_ENVIRONMENTS, platformMatches } from './gate';
import type { LoadedSkill } from './load';
import { fieldRange, fieldSpan, spanOf, WHOLE_FILE, type Span } from './position';
import { indexDescriptionFull } from './render';
import { cpLen, isStr, OutputTooLarge, PyDict, PyList, pyIter, pyRepr, pyStr, pyStrip, pyToJson, pyTruthy, type PyValue } from './pyvalue';
import { requiredVariables, prerequisites } from './readiness';
import { firstBodyLine, MAX_DESCRIPTION_LENGTH, MAX_NAME_LENGTH } from './skills-list';
import { stripsLeadingBom } from './versions';
import { q } from './words';

type Add = (code: string, severity: Severity, message: string, span?: Span) => void;

function show(v: PyValue | undefined): string {
  try {
    return q(pyRepr(v ?? null), 50);
  } catch {
    return '(a very large value)';
  }
}

/** Where the first byte that is not UTF-8 sits, as a line and column. */
function badByteSpan(skill: LoadedSkill, buf: Buffer | null, error: string): Span {
  const m = /position (\d+)/.exec(error);
  if (!m || !buf) return WHOLE_FILE;
  const prefix = new TextDecoder('utf-8', { fatal: false }).decode(buf.subarray(0, Number(m[1])));
  return spanOf(prefix, prefix.length, prefix.length);
}

function readBytes(file: string, view: FsView): Buffer | null {
  try {
    // Never open a pipe or device (a FIFO would block the read forever).
    if (!view.stat(file).isFile()) return null;
    return view.readFile(file);
  } catch {
    return null;
  }
}

/** The value as written in the file (for a "quote it" suggestion). */
function written(skill: LoadedSkill, key: string): string {
  const r = fieldRange(skill, [key], 'value');
  return r && skill.text !== null ? skill.text.slice(r[0], r[1]) : '…';
}

/** Values json.dumps cannot encode, anywhere inside `v` (a date, a set, bytes …). */
function unencodable(v: PyValue | undefined): string | null {
  try {
    pyToJson(v ?? null);
    return null;
  } catch (e) {
    return e instanceof Error ? e.message : String(e);
  }
}

function fileFindings(run: HermesRun, i: number, add: Add): void {
  const skill = run.skills[i];
  if (!skill) return;
  const text = skill.text;
  if (text === null) {
    if (skill.readProblem === 'not-utf8') {
      add(
        'hermes-not-utf8',
        'error',
        `Hermes reads SKILL.md as strict UTF-8 and this file is not (${skill.readError ?? ''}). Its index entry falls back to the folder name with no description, skills_list leaves the skill out, and skill_view fails to read it. Re-save the file as UTF-8.`,
        badByteSpan(skill, readBytes(skill.found.file, run.host.fs), skill.readError ?? ''),
      );
    } else if (skill.readProblem === 'too-large') add('hermes-too-large', 'warning', `This SKILL.md is too large to check (${skill.readError ?? ''}).`);
    else
      add(
        'hermes-unreadable',
        'error',
        `Hermes cannot read this SKILL.md (${skill.readError ?? ''}): the index lists it by folder name only, skills_list leaves it out and skill_view fails.`,
      );
    return;
  }
  const fm = skill.fm;
  const fields = fm.fields;

  // ── the frontmatter itself ──
  // A leading BOM: at 306e2d23 it hides the frontmatter; from 780e0980 on `parse_frontmatter` strips it
  // (SU:142-144 at 780e0980), so it is worth knowing only for older Hermes, and the frontmatter after it is
  // checked as any other (`lead` skips it).
  const bom = text.startsWith('\uFEFF');
  const lead = bom && stripsLeadingBom(run.host.version) ? 1 : 0;
  if (lead) {
    add(
      'hermes-bom',
      'information',
      `The file starts with a byte order mark (U+FEFF). Hermes ${run.host.version} removes it before reading the frontmatter, but Hermes before 780e0980 (2026-07-17) does not and ignores the whole frontmatter (folder name, no description, no gates). Save the file as UTF-8 without BOM to be read the same everywhere.`,
      WHOLE_FILE,
    );
  }
  if (bom && !lead) {
    add(
      'hermes-bom',
      'error',
      'The file starts with a byte order mark (U+FEFF). Hermes (at this commit) does not remove it, so the file does not start with `---` and the whole frontmatter is ignored: the folder name is used, there is no description, and `platforms`, `environments`, readiness and conditions do not apply. Save the file as UTF-8 without BOM.',
      WHOLE_FILE,
    );
  } else if (fm.kind === 'none' && /^\s+---/.test(text.slice(lead))) {
    add(
      'hermes-frontmatter-not-at-start',
      'warning',
      'The frontmatter must start with `---` at the very first character of the file; Hermes sees blank space before it and ignores the whole frontmatter (folder name, no description, no gates). Remove what comes before `---`.',
      WHOLE_FILE,
    );
  } else if (fm.kind === 'unclosed') {
    add(
      'hermes-frontmatter-unclosed',
      'warning',
      'Hermes finds no closing fence: it must be a line that is exactly `---` (trailing spaces allowed) followed by a newline — `...`, `--- # comment` or a final `---` without newline do not count. Without it the file has no frontmatter at all: folder name, no description, no gates, and skills_list shows the first body line (`---`) as the description.',
      WHOLE_FILE,
    );
  } else if (fm.kind === 'none') {
    add(
      'hermes-no-frontmatter',
      'information',
      'No frontmatter: Hermes names the skill after its folder and the index shows no description (skills_list uses the first body line). Start the file with a `---` block holding `name:` and `description:`.',
      WHOLE_FILE,
    );
  } else if (fm.kind === 'not-mapping') {
    add(
      'hermes-frontmatter-not-mapping',
      'warning',
      'The frontmatter is YAML but not a mapping (a list, a plain sentence or nothing), so Hermes ignores it: the folder name is used and there is no description. Write `key: value` lines.',
      spanOf(text, lead, lead + 3),
    );
  } else if (fm.kind === 'fallback' && fm.yamlError) {
    const effects: string[] = [];
    const firstLine = text.slice(lead, text.indexOf('\n') < 0 ? text.length : text.indexOf('\n'));
    if (pyStrip(firstLine.slice(3))) effects.push(`the text after \`---\` on the first line (${q(firstLine.slice(3), 30)}) is part of the YAML`);
    for (const [k, v] of fields.entries()) {
      if (!isStr(k) || !isStr(v)) continue;
      if (/^(["']).*\1$/.test(v)) effects.push(`\`${k}\` keeps its quotes (${q(v, 40)})`);
      else if (/^\[.*\]$/.test(v)) effects.push(`\`${k}\` is the text ${q(v, 40)}, not a list`);
    }
    add(
      'hermes-yaml-fallback',
      'warning',
      `PyYAML cannot load this frontmatter (${fm.yamlError.message}), so Hermes falls back to splitting every line at its first \`:\`: values stay raw strings, list items are dropped and nested keys become top-level keys.${effects.length ? ` Here: ${effects.slice(0, 4).join('; ')}.` : ''} A value holding \`: \` must be quoted, e.g. \`description: "Use when: …"\`.`,
      spanOf(text, fm.yamlError.offset, fm.yamlError.offset + 1),
    );
  }
  if (fm.kind === 'yaml' && skill.fmHead.kind !== 'yaml' && skill.fmHead.kind !== 'fallback') {
    add(
      'hermes-frontmatter-past-4000',
      'warning',
      `The frontmatter closes after the first 4000 characters, and skills_list parses only those: there the skill is named after its folder and described by its first body line. Keep the frontmatter short (move long metadata into the body or a references/ file).`,
      WHOLE_FILE,
    );
  }

  // ── name ──
  const name = fields.get('name');
  if (name === null) {
    add(
      'hermes-name-empty',
      'warning',
      '`name:` has no value, which PyYAML reads as null: the index lists the skill as `None`, skills_list leaves it out, and skill_view cannot find it by name. Write the name, or remove the key to use the folder name.',
      fieldSpan(skill, ['name']),
    );
  } else if (name !== undefined && !isStr(name)) {
    add(
      'hermes-name-not-string',
      'warning',
      `\`name\` is ${show(name)} for PyYAML (YAML 1.1), not a string: the index prints ${q(pyStr(name))}, skills_list leaves the skill out, and skill_view cannot find it by that name. Quote it: \`name: "${written(skill, 'name')}"\`.`,
      fieldSpan(skill, ['name'], 'value'),
    );
  } else if (isStr(name) && name === '') {
    add(
      'hermes-name-empty',
      'warning',
      '`name` is empty: the index prints an entry with no name (`- : …`) on a cold start and the folder name on a warm one. Give the skill a name, or remove the key to use the folder name.',
      fieldSpan(skill, ['name']),
    );
  } else if (isStr(name) && cpLen(name) > MAX_NAME_LENGTH) {
    add(
      'hermes-name-cut',
      'information',
      `\`name\` is ${cpLen(name)} characters; skills_list cuts it to ${MAX_NAME_LENGTH} (${q(name.slice(0, MAX_NAME_LENGTH), 70)}), while the index prints it whole.`,
      fieldSpan(skill, ['name'], 'value'),
    );
  }

  // ── description ──
  const desc = fields.get('description');
  if (pyTruthy(desc) && !isStr(desc)) {
    const listLike = desc instanceof PyList || desc instanceof PyDict;
    add(
      'hermes-description-not-string',
      'warning',
      listLike
        ? `\`description\` is a ${desc instanceof PyList ? 'list' : 'mapping'}: the index prints its Python form ${show(desc)} and skills_list passes it on as structured data. Write one line of text.`
        : `\`description\` is ${show(desc)} for PyYAML (YAML 1.1), not text: the index prints ${q(pyStr(desc ?? null))} and skills_list leaves the skill out. Quote it: \`description: "${written(skill, 'description')}"\`.`,
      fieldSpan(skill, ['description'], 'value'),
    );
  } else if (desc !== undefined && !pyTruthy(desc) && !isStr(desc) && desc !== null) {
    add(
      'hermes-description-falsy',
      'warning',
      `\`description\` is ${show(desc)} for PyYAML (\`no\`/\`off\`/\`false\` are booleans in YAML 1.1): Hermes treats it as missing. Quote it if you meant the word.`,
      fieldSpan(skill, ['description'], 'value'),
    );
  } else if (!pyTruthy(desc) && (fm.kind === 'yaml' || fm.kind === 'fallback')) {
    const line = firstBodyLine(skill.fmHead.body);
    add(
      'hermes-description-missing',
      'information',
      `No description: the index shows the skill as a bare name, so the model has nothing to choose it by; skills_list uses the first body line${line ? ` (${q(line, 50)})` : ''}. Add \`description:\`.`,
      name !== undefined ? fieldSpan(skill, ['name']) : spanOf(text, lead, lead + 3),
    );
  }
  if (pyTruthy(desc)) {
    let full = '';
    try {
      full = indexDescriptionFull(desc);
    } catch {
      full = '';
    }
    if (cpLen(full) > 60) {
      add(
        'hermes-description-cut',
        'information',
        `The index shows only the first 57 characters of the description plus \`...\` (${q(`${[...full].slice(0, 57).join('')}...`, 70)}); put what the model needs to pick the skill first.`,
        fieldSpan(skill, ['description'], 'value'),
      );
    }
    if (isStr(desc) && cpLen(desc) > MAX_DESCRIPTION_LENGTH) {
      add(
        'hermes-description-over-1024',
        'information',
        `The description is ${cpLen(desc)} characters; skills_list cuts it to ${MAX_DESCRIPTION_LENGTH - 3} plus \`...\`.`,
        fieldSpan(skill, ['description'], 'value'),
      );
    }
  }

  // ── platforms ──
  const platforms = fields.get('platforms');
  let platformsCrash = false;
  if (pyTruthy(platforms) && !isStr(platforms)) {
    try {
      pyIter(platforms ?? null);
    } catch {
      platformsCrash = true;
    }
    if (platformsCrash) {
      add(
        'hermes-platforms-crash',
        'error',
        `\`platforms\` is ${show(platforms)}, not a list: Hermes's index build iterates it, raises TypeError and prints no skills index at all — for every skill in this folder. Write a list, e.g. \`platforms: [linux, macos]\`.`,
        fieldSpan(skill, ['platforms'], 'value'),
      );
    }
  }
  if (pyTruthy(platforms)) {
    const anywhere =
      ['linux', 'darwin', 'win32'].some((p) => platformMatches(platforms, { sysPlatform: p, termux: false })) ||
      platformMatches(platforms, { sysPlatform: 'linux', termux: true });
    if (!anywhere && !platformsCrash) {
      add(
        'hermes-platforms-no-match',
        'warning',
        `\`platforms\` is ${show(platforms)}, which matches none of Linux, macOS or Windows (Hermes lower-cases each value and matches it as a prefix of \`sys.platform\`, with macos → darwin and windows → win32): the skill is hidden everywhere. Use a list of \`linux\`, \`macos\`, \`windows\`.`,
        fieldSpan(skill, ['platforms'], 'value'),
      );
    }
  }

  // ── environments ──
  const envs = fields.get('environments');
  if (pyTruthy(envs)) {
    const items = envs instanceof PyList ? envs.items : [envs ?? null];
    const tags = items.map((e) => pyStrip(pyStr(e).toLowerCase()));
    const nonBlank = tags.filter(Boolean);
    if (nonBlank.length === 0) {
      add(
        'hermes-environments-blank',
        'warning',
        '`environments` holds only blank tags: Hermes hides the skill from the index and skills_list everywhere. Remove the key or name an environment (kanban, docker, s6).',
        fieldSpan(skill, ['environments'], 'value'),
      );
    }
    const unknown = nonBlank.filter((t) => !KNOWN_ENVIRONMENTS.has(t));
    if (unknown.length) {
      add(
        'hermes-environment-unknown',
        'information',
        `Hermes knows only the environments kanban, docker and s6; ${unknown.map((u) => q(u)).join(', ')} is unknown, and an unknown tag shows the skill everywhere (fail-open).`,
        fieldSpan(skill, ['environments'], 'value'),
      );
    }
    if (run.cold.own[i] === 'environment') {
      add(
        'hermes-environments-warm-start',
        'information',
        'Hidden by `environments` on this start, but Hermes serves the next start (files unchanged) from its index snapshot without re-checking environments: the skill then appears in the index with an empty description.',
        fieldSpan(skill, ['environments']),
      );
    }
  }

  // ── conditional activation ──
  const metadata = fields.get('metadata');
  const hermes = metadata instanceof PyDict ? metadata.get('hermes') : undefined;
  if (hermes instanceof PyDict) {
    for (const key of CONDITION_KEYS) {
      if (!hermes.has(key)) continue;
      const v = hermes.get(key) ?? null;
      const where = fieldSpan(skill, ['metadata', 'hermes', key], 'key');
      let iterable = true;
      try {
        pyIter(v);
      } catch {
        iterable = false;
      }
      if (!iterable) {
        add(
          'hermes-condition-crash',
          'error',
          `\`metadata.hermes.${key}\` is ${v === null ? 'empty (null)' : show(v)}, not a list: when Hermes builds its index with tool information (every real session does), iterating it raises TypeError and no skills index is printed at all. Write a list (\`${key}: [name]\`) or remove the key.`,
          where,
        );
      } else if (isStr(v)) {
        add(
          'hermes-condition-string',
          'warning',
          `\`metadata.hermes.${key}\` is the string ${q(v)}: Hermes iterates it letter by letter (${q([...v].slice(0, 3).join(', '))} …). Write a list: \`${key}: [${v}]\`.`,
          where,
        );
      }
    }
  }
  if (pyTruthy(hermes) && !(hermes instanceof PyDict)) {
    add(
      'hermes-metadata-hermes-not-mapping',
      'error',
      `\`metadata.hermes\` is ${show(hermes)}, not a mapping: conditions are ignored and skill_view fails (it calls \`.get\` on it). Make it a mapping.`,
      fieldSpan(skill, ['metadata', 'hermes']),
    );
  }

  // ── values skill_view cannot encode ──
  for (const key of ['name', 'description', 'compatibility', 'metadata']) {
    const v = fields.get(key);
    if (v === undefined || (key === 'compatibility' && !pyTruthy(v)) || (key === 'metadata' && !(v instanceof PyDict))) continue;
    const err = unencodable(v);
    if (err) {
      const isDate = /type (date|datetime) /.test(err);
      add(
        'hermes-unserializable',
        'error',
        `\`${key}\` holds a value skill_view cannot return as JSON (${err})${isDate ? ': PyYAML reads an unquoted `2025-03-14` as a date' : ''}. skill_view then fails for this skill, though the index lists it. Quote the value.`,
        fieldSpan(skill, [key], 'value'),
      );
      break;
    }
  }

  // ── readiness ──
  let vars: ReturnType<typeof requiredVariables> | null = null;
  try {
    vars = requiredVariables(fields);
  } catch {
    vars = null;
  }
  if (vars?.invalid.length) {
    add(
      'hermes-required-env-invalid',
      'warning',
      `${vars.invalid.map((n) => q(n)).join(', ')} ${vars.invalid.length > 1 ? 'are not valid variable names' : 'is not a valid variable name'} (letters, digits, \`_\`, not starting with a digit): Hermes drops ${vars.invalid.length > 1 ? 'them' : 'it'} from the required variables.`,
      fieldSpan(skill, ['required_environment_variables']),
    );
  }
  const creds = fields.get('required_credential_files');
  if (creds !== undefined && pyTruthy(creds) && !(creds instanceof PyList)) {
    add(
      'hermes-credential-files-not-list',
      'warning',
      '`required_credential_files` is not a list, so Hermes ignores it. Write a list of paths relative to HERMES_HOME.',
      fieldSpan(skill, ['required_credential_files']),
    );
  }
  const view = run.views[i];
  const rejected = view?.readiness?.rejectedFiles ?? [];
  if (rejected.length) {
    add(
      'hermes-credential-file-outside',
      'warning',
      `${rejected.map((r) => q(r)).join(', ')}: credential files must be relative paths inside HERMES_HOME; an absolute path or one leaving it is always reported missing.`,
      fieldSpan(skill, ['required_credential_files']),
    );
  }
  let commands: string[] = [];
  try {
    commands = prerequisites(fields).commands;
  } catch {
    commands = [];
  }
  if (commands.length) {
    add(
      'hermes-prerequisites-commands',
      'information',
      `\`prerequisites.commands\` (${commands.map((c) => q(c)).join(', ')}) is advisory in Hermes: nothing checks that the programs exist, and the skill is offered either way.`,
      fieldSpan(skill, ['prerequisites', 'commands']),
    );
  }
}

/** Findings for the whole run, per SKILL.md (and for folders Hermes skips); with `files`, those of these files
 *  only (each of their skills viewed). */
export function hermesFindings(run: HermesRun, files?: ReadonlySet<string>): RuntimeFinding[] {
  const out: RuntimeFinding[] = [];
  const mk = (file: string, code: string, severity: Severity, message: string, span: Span = WHOLE_FILE): void => {
    if (!files || files.has(file)) out.push({ runtime: 'hermes', file, code, severity, message, ...span });
  };
  for (const [i, skill] of run.skills.entries()) {
    if (files && !files.has(skill.found.file)) continue;
    try {
      fileFindings(run, i, (code, severity, message, span) => mk(skill.found.file, code, severity, message, span));
    } catch (e) {
      // A value too large to print (an alias bomb) must not stop the report; the verdict still stands.
      if (e instanceof OutputTooLarge) {
        mk(
          skill.found.file,
          'hermes-value-too-large',
          'error',
          'A frontmatter value expands, through YAML anchors and aliases, into more text than can be printed: Hermes prints values with str() and would take a very long time or run out of memory here. Remove the aliases.',
        );
      }
    }
  }
  // Same index name twice.
  const byName = new Map<string, number[]>();
  run.cold.build.records.forEach((r, i) => {
    if (r.name === null) return;
    byName.set(r.name, [...(byName.get(r.name) ?? []), i]);
  });
  for (const [name, idx] of byName) {
    if (idx.length < 2) continue;
    for (const i of idx) {
      const skill = run.skills[i];
      if (!skill) continue;
      const others = idx.filter((j) => j !== i).map((j) => run.ids[j] ?? '');
      const sameCategory = idx.filter((j) => run.cold.build.records[j]?.category === run.cold.build.records[i]?.category).length > 1;
      mk(
        skill.found.file,
        'hermes-duplicate-name',
        'warning',
        `Another skill is also named ${q(name)} (${others.map((o) => q(o)).join(', ')}). ${sameCategory ? 'In the same category the index keeps only the first by path; ' : ''}skills_list keeps only the first by path, and skill_view(${q(name)}) refuses to guess ("Ambiguous skill name"). Give each skill its own name.`,
        skill.text !== null ? fieldSpan(skill, ['name']) : WHOLE_FILE,
      );
    }
  }
  // Files the walk never reaches.
  for (const s of run.discovery.skipped) {
    const file = path.join(run.root, s.rel);
    mk(
      file,
      s.why === 'excluded' ? 'hermes-skill-in-excluded-folder' : 'hermes-skill-in-support-folder',
      'information',
      s.why === 'excluded'
        ? `Hermes never looks inside folders named ${q(path.basename(s.dir))}, so this SKILL.md is not a skill for it.`
        : `${q(s.dir)} is a support folder of the skill that holds it (references/, templates/, assets/ and scripts/ are not searched for skills), so this SKILL.md is not a skill for Hermes; skill_view lists it among the linked files.`,
    );
  }
  for (const n of run.discovery.notes) {
    if (n.kind === 'symlink-loop')
      mk(
        path.join(run.root, n.rel),
        'hermes-symlink-loop',
        'warning',
        'This folder is a symbolic link back into a folder above it. Hermes follows links while walking the skills folder and would walk this loop until the OS refuses the path, finding the same skills again under longer paths. Remove the link.',
      );
  }
  if (run.host.configProblem && run.host.configProblem !== 'not a file') {
    mk(
      path.join(run.host.hermesHome, 'config.yaml'),
      'hermes-config-unreadable',
      'warning',
      `Hermes cannot use config.yaml (${run.host.configProblem}), so \`skills.disabled\`, \`platform_disabled\` and \`toolsets\` are not applied.`,
    );
  }
  return out;
}
