// Hermes's part of its profile (./profile.ts) that needs the emulation: the whole-root report, kept between
// runs while nothing it asked has changed (../reportMemo.ts), and Hermes's home. The profile loads this module
// when it first needs one of them, so a run that judges no skill by Hermes never loads the emulation.
import { rememberedReport } from '../reportMemo';
import type { RuntimeContext, RuntimeReport, TreeScope } from '../types';
import { evaluateHermes } from './index';

export { hermesHomeOf } from './host';

/** Hermes's report of the skills root `root`. With a cache folder (the CLI), a report whose every input is
 *  unchanged is not computed again; it is kept for any later check, so it is whole. Without one, a report asked
 *  for some files (`only`) gives theirs alone. */
export function evaluateHermesTree(root: string, ctx: RuntimeContext, only?: TreeScope): Promise<RuntimeReport> {
  return rememberedReport('hermes', root, ctx, (r, c, fsView) => evaluateHermes(r, c, { fsView }, ctx.readCache ? undefined : only));
}
