import type { RuntimeSkillVerdict } from '../types';
import type { OpenClawRun } from './emulate';
export function buildVerdicts(_run: OpenClawRun): RuntimeSkillVerdict[] {
  return [];
}
