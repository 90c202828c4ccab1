// The extension's settings, read through one typed class (the rust-analyzer habit): features ask
// `ctx.config.diagnostics` instead of calling `getConfiguration` with string keys, and get an event when a
// setting they use changes. Every setting here takes effect immediately; none needs a restart.
import * as vscode from 'vscode';

export const SECTION = 'skillAuthor';

export interface DiagnosticsSettings {
  /**
   * Report findings that VS Code's own `skill` validator (owner `prompts-diagnostics-provider`) already
   * reports on `skill` documents. Default false: say each fact once.
   */
  readonly showOverlapping: boolean;
  /** Quiet time after the last edit before a document is analyzed again (clamped to 0–250 ms). */
  readonly debounceMs: number;
}

/** The ceiling for live validation: a finding follows a keystroke within 250 ms. */
export const MAX_DEBOUNCE_MS = 250;
export const DEFAULT_DEBOUNCE_MS = 150;

export class Config implements vscode.Disposable {
  private current: DiagnosticsSettings;
  private readonly changed = new vscode.EventEmitter<void>();
  private readonly listener: vscode.Disposable;

  /** Fires after the settings under `skillAuthor` changed and were re-read. */
  readonly onDidChange: vscode.Event<void> = this.changed.event;

  constructor() {
    this.current = readDiagnostics();
    this.listener = vscode.workspace.onDidChangeConfiguration((e) => {
      if (!e.affectsConfiguration(SECTION)) return;
      this.current = readDiagnostics();
      this.changed.fire();
    });
  }

  get diagnostics(): DiagnosticsSettings {
    return this.current;
  }

  dispose(): void {
    this.listener.dispose();
    this.changed.dispose();
  }
}

function readDiagnostics(): DiagnosticsSettings {
  const c = vscode.workspace.getConfiguration(`${SECTION}.diagnostics`);
  const debounce = c.get<number>('debounceMs', DEFAULT_DEBOUNCE_MS);
  return {
    showOverlapping: c.get<boolean>('showOverlapping', false) === true,
    debounceMs: Number.isFinite(debounce) ? Math.min(MAX_DEBOUNCE_MS, Math.max(0, Math.round(debounce))) : DEFAULT_DEBOUNCE_MS,
  };
}
