import type { OpenClawRun } from './emulate';
import type { OpenClawFinding } from './types';
export function collectFindings(_run: OpenClawRun): OpenClawFinding[] {
  return [];
}
