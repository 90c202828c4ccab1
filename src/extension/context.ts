// The one object the extension's features share (the rust-analyzer `ctx.ts` habit): it owns the engine,
// the settings, the output channel and every disposable a feature registers, so deactivation is a single
// `dispose()` and no listener outlives the extension.
//
// Activation must stay cheap: nothing here touches the engine until a feature asks for it. The engine
// module (and with it ajv, yaml, the schema) is loaded with a `require` inside `engine()`, which esbuild
// keeps lazy in the bundle: the module graph is initialised on first use, not when VS Code loads the file.
import * as vscode from 'vscode';
import type { Engine } from '../core/engine';
import { Config } from './config';

export type Feature = (ctx: SkillAuthorContext) => vscode.Disposable;

export class SkillAuthorContext implements vscode.Disposable {
  readonly config: Config;
  private readonly subscriptions: vscode.Disposable[] = [];
  private engineInstance: Engine | undefined;
  private outputChannel: vscode.LogOutputChannel | undefined;
  private disposed = false;

  constructor(readonly extension: vscode.ExtensionContext) {
    this.config = this.track(new Config());
    // Probing is decided when the engine is built; once the user trusts the workspace, the next use builds
    // an engine that may probe (an untrusted workspace must spawn nothing for its skills).
    this.track(
      vscode.workspace.onDidGrantWorkspaceTrust(() => {
        this.engineInstance?.dispose();
        this.engineInstance = undefined;
      }),
    );
  }

  /** The engine, created on first use. */
  engine(): Engine {
    if (this.disposed) throw new Error('Skill Author: the extension context is disposed');
    if (!this.engineInstance) {
      const started = performance.now();
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      const { Engine: EngineClass } = require('../core/engine') as typeof import('../core/engine');
      const trusted = vscode.workspace.isTrusted;
      this.engineInstance = new EngineClass({
        probe: trusted,
        ...(trusted ? {} : { notProbedReason: 'not probed: workspace not trusted' }),
      });
      this.output.info(`engine ready in ${(performance.now() - started).toFixed(1)} ms (probes ${trusted ? 'on' : 'off: workspace not trusted'})`);
    }
    return this.engineInstance;
  }

  /** The "Skill Author" output channel, created on first use. */
  get output(): vscode.LogOutputChannel {
    if (!this.outputChannel) {
      this.outputChannel = vscode.window.createOutputChannel('Skill Author', { log: true });
    }
    return this.outputChannel;
  }

  /** Registers a feature; the context owns what it returns. */
  register(feature: Feature): void {
    this.track(feature(this));
  }

  /** Takes ownership of a disposable and returns it. */
  track<T extends vscode.Disposable>(disposable: T): T {
    if (this.disposed) {
      disposable.dispose();
    } else {
      this.subscriptions.push(disposable);
    }
    return disposable;
  }

  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    // Last registered, first disposed: features go before the config and channel they use.
    for (const d of this.subscriptions.splice(0).reverse()) {
      try {
        d.dispose();
      } catch (err) {
        console.error('Skill Author: dispose failed', err);
      }
    }
    this.engineInstance?.dispose();
    this.engineInstance = undefined;
    this.outputChannel?.dispose();
    this.outputChannel = undefined;
  }
}
