// `check --format github`: one GitHub Actions workflow command per finding, which the runner turns into an
// annotation on the file and lines of a pull request. A pure function of the entries `check --json` prints.

import type { Entry } from '../core/check/entry';
import { RUNTIME_LABELS } from '../core/runtimes/registry';
import { inBaseline } from './baseline';

/** A command's message: `%`, CR and LF escaped as the runner expects. */
export function escapeData(s: string): string {
  return s.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
}

/** A command's property value: also `:` and `,`, which would end the value. */
export function escapeProperty(s: string): string {
  return escapeData(s).replace(/:/g, '%3A').replace(/,/g, '%2C');
}

/** Control characters from skill files never reach the log raw (CR and LF are escaped before this). */
function visible(s: string): string {
  return s.replace(/[\u0000-\u0008\u000b-\u001f\u007f\u009b]/g, '\ufffd');
}

function command(severity: string): 'error' | 'warning' | 'notice' {
  return severity === 'error' ? 'error' : severity === 'warning' ? 'warning' : 'notice';
}

export function formatGithub(entries: readonly Pick<Entry, 'path' | 'diagnostics'>[]): string {
  let out = '';
  for (const e of entries) {
    // The runner wants the path from the workspace root with forward slashes.
    const file = escapeProperty(visible(e.path.replace(/\\/g, '/')));
    for (const d of e.diagnostics) {
      // With --baseline, findings already in it are not annotated again.
      if (inBaseline(d)) continue;
      const who = d.runtime && !d.message.startsWith(RUNTIME_LABELS[d.runtime]) ? `${RUNTIME_LABELS[d.runtime]}: ` : '';
      const props = [
        `file=${file}`,
        `line=${d.line}`,
        `col=${d.column}`,
        `endLine=${d.endLine}`,
        `endColumn=${d.endColumn}`,
        `title=${escapeProperty(visible(d.code))}`,
      ];
      out += `::${command(d.severity)} ${props.join(',')}::${visible(escapeData(who + d.message))}\n`;
    }
  }
  return out;
}
