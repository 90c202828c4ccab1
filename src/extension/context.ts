// The one object the extension's features share (the rust-analyzer `ctx.ts` habit): it owns the settings,
// the output channel and every disposable a feature registers, so deactivation is a single `dispose()` and
// no listener outlives the extension. Features reach each other's objects (the skills mirror, the language
// client, the Skills view …) through slots their own modules declare (`Slot`, `get`, `peek`, `provide`):
// this module imports no feature, so the modules form no cycle (test/unit/no-cycles.test.ts).
//
// The extension holds no engine: analysis, probes and judgement run in the language server's process.
import * as vscode from 'vscode';
import type { ProbeLogEntry } from '../core/machine/probe';
import { Config } from './config';

export type Feature = (ctx: SkillAuthorContext) => vscode.Disposable;

/**
 * A place in the context for one feature's object (the skills mirror, the language client,
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
  private outputChannel: vscode.LogOutputChannel | undefined;
  private readonly slots = new Map<Slot<unknown>, unknown>();
  /** Objects the context created through a slot, in creation order (disposed last first). */
  private readonly owned: unknown[] = [];
  private disposed = false;
  /** Time the synchronous part of `activate()` took (ms). */
  activationMs = 0;
  /** Every probe the language server ran or refused in this session (bounded), newest last, as it reported
   *  them: the API's `probeLog()`. */
  readonly probeLog: ProbeLogEntry[] = [];

  constructor(readonly extension: vscode.ExtensionContext) {
    this.config = this.track(new Config());
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
    this.outputChannel?.dispose();
    this.outputChannel = undefined;
  }
}
