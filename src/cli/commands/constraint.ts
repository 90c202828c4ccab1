// `skill-author constraint`: a version constraint in Cargo's dialect (nexo-rs's bin_versions) explained,
// and versions checked against it; --batch answers one line per line of standard input.

import { semverEngine } from '../../core/rust/semverEngine';
import { type CliRun, type Command, UsageError } from '../context';

export const constraint: Command = {
  name: 'constraint',
  options: ['help', 'batch'],
  runtimeOptions: false,
  help: `skill-author constraint REQ [VERSION…]
skill-author constraint --batch

Explains a version constraint in Cargo's dialect (the one nexo-rs uses for bin_versions) and checks
versions against it. With --batch, reads "constraint<TAB>version" lines on standard input and writes one
verdict per line: match, nomatch, invalid_constraint or invalid_version.

Exit: 0 when the constraint is valid (and, with versions, all match), 1 otherwise, 2 on usage errors.`,
  run: cmdConstraint,
};

async function cmdConstraint(r: CliRun): Promise<number> {
  const { io, values, positionals } = r;
  const { batchVerdict, describeConstraint, parseConstraint, parseVersion, satisfies } = semverEngine();
  if (values['batch']) {
    if (positionals.length) throw new UsageError('--batch reads its input from standard input; it takes no arguments');
    let pending = '';
    let out = '';
    const flush = (line: string): void => {
      const l = line.endsWith('\r') ? line.slice(0, -1) : line;
      const tab = l.indexOf('\t');
      out += `${tab < 0 ? 'invalid_constraint' : batchVerdict(l.slice(0, tab), l.slice(tab + 1))}\n`;
      if (out.length > 65536) {
        io.out(out);
        out = '';
      }
    };
    for await (const chunk of io.stdin()) {
      pending += typeof chunk === 'string' ? chunk : chunk.toString('utf8');
      let nl;
      while ((nl = pending.indexOf('\n')) >= 0) {
        flush(pending.slice(0, nl));
        pending = pending.slice(nl + 1);
      }
    }
    if (pending.length) flush(pending);
    io.out(out);
    return 0;
  }
  if (positionals.length === 0) throw new UsageError('constraint needs a requirement, e.g. skill-author constraint ">=4.0, <5"');
  const [req, ...versions] = positionals as [string, ...string[]];
  const parsed = parseConstraint(req);
  if (!parsed.ok) {
    io.out(`invalid: ${parsed.error.message}\n`);
    if (parsed.error.suggestion !== undefined) io.out(`suggestion: ${parsed.error.suggestion}\n`);
    return 1;
  }
  io.out(`constraint: ${req}\nmeaning:    ${describeConstraint(parsed.req)}\n`);
  let allMatch = true;
  for (const v of versions) {
    const version = parseVersion(v);
    const verdict = version ? (satisfies(parsed.req, version) ? 'match' : 'nomatch') : 'invalid_version';
    if (verdict !== 'match') allMatch = false;
    io.out(`${v}\t${verdict}\n`);
  }
  return allMatch ? 0 : 1;
}
