// The one object the extension's features share (the rust-analyzer `ctx.ts` habit): it owns the engine,
// the settings, the output channel and every disposable a feature registers, so deactivation is a single
// `dispose()` and no listener outlives the extension. Features reach each other's objects (the skill store,
// the runtime judge, the language client, the Skills view …) through slots their own modules declare
// (`Slot`, `get`, `peek`, `provide`): this module imports no feature, so the modules form no cycle
// (test/unit/no-cycles.test.ts).
//
// Activation must stay cheap: nothing here touches the engine until a feature asks for it. The engine
// module (and with it ajv, yaml, the schema) is loaded with a `require` inside `engine()`, which esbuild
// keeps lazy in the bundle: the module graph is initialised on first use, not when VS Code loads the file.
import * as fs from 'node:fs';
import * as vscode from 'vscode';
import type { AnalysisCache } from '../core/cache';
import type { Engine } from '../core/engine';
import { withEnvFiles } from '../core/env';
import type { ProbeLogEntry } from '../core/probe';
import { NOT_PROBED_UNTRUSTED } from '../core/runtimes/words';
import { Config, resolveSettingPath } from './config';

export type Feature = (ctx: SkillAuthorContext) => vscode.Disposable;

/**
 * A place in the context for one feature's object (the skill store, the runtime judge, the language client,
 * the Skills view …), declared by that feature's own module — so the context imports no feature and no
 * feature module imports another through it. With `create`, the object is made on first use and owned (and
 * disposed) by the context; without, the feature provides it when it registers.
 */
export class Slot<T> {
  constructor(
    readonly name: string,
    readonly create?: (ctx: SkillAuthorContext) => T,
  ) {}
}

export class SkillAuthorContext implements vscode.Disposable {
  readonly config: Config;
  private readonly subscriptions: vscode.Disposable[] = [];
  private engineInstance: Engine | undefined;
  private outputChannel: vscode.LogOutputChannel | undefined;
  private cacheInstance: AnalysisCache | undefined;
  private readonly slots = new Map<Slot<unknown>, unknown>();
  /** Objects the context created through a slot, in creation order (disposed last first). */
  private readonly owned: unknown[] = [];
  private disposed = false;
  private readonly engineReset = new vscode.EventEmitter<void>();
  /** Time the synchronous part of `activate()` took (ms). */
  activationMs = 0;
  /** Every probe the engines of this session ran or refused (bounded), newest last: the API's `probeLog()`. */
  readonly probeLog: ProbeLogEntry[] = [];

  /** Fires after the engine was dropped (trust granted, a probe/PATH/env setting changed): verdicts must be
   *  computed again; analyses stay valid. */
  readonly onDidResetEngine: vscode.Event<void> = this.engineReset.event;

  constructor(readonly extension: vscode.ExtensionContext) {
    this.config = this.track(new Config());
    this.track(this.engineReset);
    // Probing is decided when the engine is built; once the user trusts the workspace, the next use builds
    // an engine that may probe (an untrusted workspace must spawn nothing for its skills).
    this.track(vscode.workspace.onDidGrantWorkspaceTrust(() => this.resetEngine('workspace trusted')));
    this.track(
      this.config.onDidChange((e) => {
        if (['probes', 'path.extraDirs', 'envFiles'].some((k) => e.affectsConfiguration(`skillAuthor.${k}`))) this.resetEngine('settings changed');
      }),
    );
  }

  /** Drop the engine (and its probe cache); the next use builds one from the current trust and settings. */
  resetEngine(why: string): void {
    if (!this.engineInstance) return;
    this.engineInstance.dispose();
    this.engineInstance = undefined;
    this.output.info(`engine reset: ${why}`);
    this.engineReset.fire();
  }

  /** The slot's object: created now if the slot can create it and nothing is there yet. */
  get<T>(slot: Slot<T>): T {
    if (this.disposed) throw new Error('Skill Author: the extension context is disposed');
    if (this.slots.has(slot)) return this.slots.get(slot) as T;
    if (!slot.create) throw new Error(`Skill Author: no ${slot.name} is registered`);
    const value = slot.create(this);
    this.slots.set(slot, value);
    this.owned.push(value);
    return value;
  }

  /** The slot's object if something already made or provided it (for features that must not create it). */
  peek<T>(slot: Slot<T>): T | undefined {
    return this.slots.get(slot) as T | undefined;
  }

  /** A feature hands the context its object (it stays the feature's to dispose). */
  provide<T>(slot: Slot<T>, value: T): void {
    this.slots.set(slot, value);
  }

  /** The engine, created on first use. */
  engine(): Engine {
    if (this.disposed) throw new Error('Skill Author: the extension context is disposed');
    if (!this.engineInstance) {
      const started = performance.now();
      const { Engine: EngineClass } = require('../core/engine') as typeof import('../core/engine');
      const trusted = vscode.workspace.isTrusted;
      const settings = this.config.skills;
      const probe = trusted && settings.probes;
      const extraPath = settings.extraPath.map((d) => resolveSettingPath(d)).filter((d): d is string => d !== null);
      const env = this.environment(settings.envFiles);
      this.engineInstance = new EngineClass({
        cache: this.analysisCache(),
        probe,
        env,
        extraPath,
        notProbedReason: !trusted ? NOT_PROBED_UNTRUSTED : 'not probed: probes are off (skillAuthor.probes.enabled)',
        probeOptions: {
          timeoutMs: settings.probeTimeoutMs,
          concurrency: settings.probeConcurrency,
          onLog: (e) => this.logProbe(e),
        },
      });
      this.output.info(
        `engine ready in ${(performance.now() - started).toFixed(1)} ms (probes ${probe ? 'on' : trusted ? 'off: skillAuthor.probes.enabled' : 'off: workspace not trusted'})`,
      );
      this.output.info(`PATH used for lookups and probes: ${this.engineInstance.pathEnv.path || '(empty)'}`);
    }
    return this.engineInstance;
  }

  /**
   * Analyses kept across engines (they do not depend on trust or settings) and across sessions: snapshots
   * in the extension's global storage, validated by each file's mtime/ctime/size, so reopening a workspace
   * of thousands of skills re-reads only what changed. A corrupt or unwritable folder is said once in the
   * output channel and the cache runs in memory only.
   */
  analysisCache(): AnalysisCache {
    if (!this.cacheInstance) {
      const { AnalysisCache: CacheClass } = require('../core/cache') as typeof import('../core/cache');
      const storage = this.extension.globalStorageUri.scheme === 'file' ? this.extension.globalStorageUri.fsPath : null;
      const version = String((this.extension.extension.packageJSON as { version?: unknown }).version ?? '0');
      let salt = version;
      try {
        const st = fs.statSync(__filename);
        salt = `${version}:${st.size}:${st.mtimeMs}`;
      } catch {
        // the bundle's stat only sharpens the key
      }
      this.cacheInstance = new CacheClass({
        dir: storage ? `${storage}/analysis-cache` : null,
        salt,
        onWarning: (m) => this.output.warn(m),
      });
    }
    return this.cacheInstance;
  }

  /** The extension host's environment plus the names from `skillAuthor.envFiles` (values never logged). */
  private environment(envFiles: readonly string[]): NodeJS.ProcessEnv {
    const files = envFiles.map((f) => resolveSettingPath(f)).filter((f): f is string => f !== null);
    return withEnvFiles(process.env, files, this.output, { stat: (f) => fs.statSync(f), text: (f) => fs.readFileSync(f, 'utf8') });
  }

  private logProbe(e: ProbeLogEntry): void {
    this.probeLog.push(e);
    if (this.probeLog.length > 1000) this.probeLog.splice(0, this.probeLog.length - 1000);
    const exit = e.exitCode === null ? '' : ` exit ${e.exitCode}`;
    this.output.info(
      `probe ${e.bin} → ${e.resolvedPath} ${JSON.stringify(e.command)}: ${e.outcome}${exit} in ${e.durationMs.toFixed(0)} ms, ${e.bytes} byte(s)`,
    );
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
    for (const value of this.owned.splice(0).reverse()) (value as Partial<vscode.Disposable>).dispose?.();
    this.slots.clear();
    this.engineInstance?.dispose();
    this.engineInstance = undefined;
    this.outputChannel?.dispose();
    this.outputChannel = undefined;
  }
}

// Moved to src/core/env.ts (the language server reads `envFiles` too); re-exported for existing callers.
