// The test extension of test/conformance/vscode/run.mjs, installed as a VSIX into the code-server it starts.
//
// 1. It registers a language model provider (vendor `oracle`, one model) that answers every request with a short
//    text and writes what it was sent to `$ORACLE_OUT/request-<n>.json`: the tool names and the text of every
//    message (the skills section is in the first, the system message).
// 2. Once Copilot Chat is active and the oracle model is selectable, it opens one chat in agent mode on that model
//    (`workbench.action.chat.open`), which makes Copilot build its prompt and send it here. It does this from
//    activate() because the runner cannot give it an extensionTestsPath: that slot of the workbench URL holds the
//    Copilot Chat folder (see ../../../golden/vscode/README.md).
// Everything it does is logged to `$ORACLE_OUT/ext.log`.
'use strict';
const vscode = require('vscode');
const fs = require('fs');
const path = require('path');

const OUT = process.env.ORACLE_OUT || '';
const QUERY = process.env.ORACLE_QUERY || 'Say hello.';
const MODE = process.env.ORACLE_MODE || 'agent';
const COPILOT_ID = 'GitHub.copilot-chat';

function log(...parts) {
  if (!OUT) return;
  try {
    const line = parts.map((p) => (typeof p === 'string' ? p : JSON.stringify(p))).join(' ');
    fs.appendFileSync(path.join(OUT, 'ext.log'), `${new Date().toISOString()} ${line}\n`);
  } catch {
    // the log is a help only
  }
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

function textOf(message) {
  return (message.content || []).map((part) => (part instanceof vscode.LanguageModelTextPart ? part.value : '')).join('');
}

let requests = 0;

async function drive() {
  log('drive', vscode.version);
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    const copilot = vscode.extensions.getExtension(COPILOT_ID);
    const models = await vscode.lm.selectChatModels({ vendor: 'oracle' });
    const commands = await vscode.commands.getCommands(true);
    const ready = !!copilot && copilot.isActive && commands.includes('github.copilot.debug.extensionState') && models.length > 0;
    if (ready) break;
    await sleep(500);
  }
  // Copilot registers its tools and participants just after it activates.
  await sleep(1500);
  log('open chat', MODE);
  try {
    await vscode.commands.executeCommand('workbench.action.chat.open', { query: QUERY, mode: MODE, modelSelector: { vendor: 'oracle', id: 'oracle-model' } });
  } catch (e) {
    log('chat.open failed', String((e && e.stack) || e));
  }
}

function activate(context) {
  log('activate');
  context.subscriptions.push(
    vscode.lm.registerLanguageModelChatProvider('oracle', {
      provideLanguageModelChatInformation() {
        return [
          {
            id: 'oracle-model',
            name: 'Oracle Model',
            family: process.env.ORACLE_FAMILY || 'oracle',
            version: '1',
            maxInputTokens: 400000,
            maxOutputTokens: 8000,
            tooltip: 'oracle',
            detail: 'oracle',
            isUserSelectable: true,
            capabilities: { toolCalling: true, imageInput: false },
          },
        ];
      },
      async provideLanguageModelChatResponse(model, messages, options, progress) {
        const n = ++requests;
        const record = {
          model: model.id,
          tools: (options.tools || []).map((t) => t.name),
          messages: messages.map((m) => ({ role: m.role, text: textOf(m) })),
        };
        if (OUT) {
          const file = path.join(OUT, `request-${n}.json`);
          fs.writeFileSync(`${file}.tmp`, JSON.stringify(record));
          fs.renameSync(`${file}.tmp`, file);
        }
        log('request', n, messages.length);
        progress.report(new vscode.LanguageModelTextPart('ok'));
      },
      async provideTokenCount(_model, text) {
        return Math.ceil((typeof text === 'string' ? text : JSON.stringify(text)).length / 4);
      },
    }),
  );
  if (OUT) drive().catch((e) => log('drive failed', String((e && e.stack) || e)));
}

function deactivate() {}

module.exports = { activate, deactivate };
