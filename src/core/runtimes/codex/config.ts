// Codex's settings that change the skills listing, read from `$CODEX_HOME/config.toml` (default `~/.codex`,
// case a07) with a TOML 1.0 parser (toml-eslint-parser, as src/core/runtimes/nexo does; never by hand):
//
//   model = "…"                       the model whose context window sets the budget (case h06)
//   model_context_window = N          overrides the model's window (case h05)
//   [skills] include_instructions     false: no skills section at all (case f02)
//   [skills] max_context_tokens = N   the budget in tokens instead of 2% of the window (cases h03, h04, h07, k02)
//   [skills.bundled] enabled          false: no bundled skills and no bundled root (every case but k01–k03)
//   [[skills.config]] name|path, enabled = false   hides skills by name or by path (case b02)
//
// A missing file is the defaults. Codex itself refuses to start on a config.toml it cannot parse; the
// emulation then sends no section and says why (`error`) — its wording is ours, no case shows it.

import * as fs from 'node:fs';
import * as path from 'node:path';
import { getStaticTOMLValue, parseTOML } from 'toml-eslint-parser';

export interface SkillToggle {
  name?: string;
  /** Absolute, resolved against the config file's folder (case b02). */
  path?: string;
  enabled: boolean;
}

export interface CodexConfig {
  /** The file read, or null when there is none. */
  file: string | null;
  error: string | null;
  model: string | null;
  modelContextWindow: number | null;
  includeInstructions: boolean;
  maxContextTokens: number | null;
  bundledEnabled: boolean;
  toggles: SkillToggle[];
}

/** Larger config files are not read (our guard; no real config is near this size). */
const MAX_CONFIG_BYTES = 4 * 1024 * 1024;

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function num(v: unknown): number | null {
  if (typeof v === 'number' && Number.isFinite(v)) return v;
  if (typeof v === 'bigint') return Number(v);
  return null;
}

export function defaultConfig(): CodexConfig {
  return {
    file: null,
    error: null,
    model: null,
    modelContextWindow: null,
    includeInstructions: true,
    maxContextTokens: null,
    bundledEnabled: true,
    toggles: [],
  };
}

export function readCodexConfig(codexHome: string): CodexConfig {
  const cfg = defaultConfig();
  const file = path.join(codexHome, 'config.toml');
  let text: string;
  try {
    const st = fs.statSync(file);
    if (!st.isFile()) return cfg;
    cfg.file = file;
    if (st.size > MAX_CONFIG_BYTES) {
      cfg.error = `${file} is larger than ${MAX_CONFIG_BYTES} bytes (not read)`;
      return cfg;
    }
    text = fs.readFileSync(file, 'utf8');
  } catch {
    return cfg;
  }
  let root: unknown;
  try {
    root = getStaticTOMLValue(parseTOML(text));
  } catch (e) {
    cfg.error = `${file}: ${e instanceof Error ? e.message : String(e)}`;
    return cfg;
  }
  if (!isRecord(root)) return cfg;
  if (typeof root.model === 'string') cfg.model = root.model;
  cfg.modelContextWindow = num(root.model_context_window);
  const skills = root.skills;
  if (isRecord(skills)) {
    if (typeof skills.include_instructions === 'boolean') cfg.includeInstructions = skills.include_instructions;
    cfg.maxContextTokens = num(skills.max_context_tokens);
    if (isRecord(skills.bundled) && typeof skills.bundled.enabled === 'boolean') cfg.bundledEnabled = skills.bundled.enabled;
    if (Array.isArray(skills.config))
      for (const t of skills.config) {
        if (!isRecord(t) || typeof t.enabled !== 'boolean') continue;
        const toggle: SkillToggle = { enabled: t.enabled };
        if (typeof t.name === 'string') toggle.name = t.name;
        if (typeof t.path === 'string') toggle.path = path.resolve(path.dirname(file), t.path);
        cfg.toggles.push(toggle);
      }
  }
  return cfg;
}
