// OpenClaw's part of its profile (./profile.ts) that needs the emulation: the whole-root report. The profile loads
// this module when OpenClaw first judges a root, so a run that judges no skill by OpenClaw never loads the
// emulation (nor JSON5, dotenv and the YAML readers it brings).
export { evaluateOpenClaw } from './index';
