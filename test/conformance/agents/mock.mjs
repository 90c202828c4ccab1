// A loopback model endpoint for one run of an agent release: plain HTTP on 127.0.0.1, a free port, every POST
// body recorded, and a minimal valid streamed reply (one text `ok`) in the dialect the path asks for:
//   POST /v1/messages            Anthropic Messages (SSE message_start … message_stop)   Claude Code
//   POST /v1/responses           OpenAI Responses (SSE response.created … .completed)   Codex
//   POST /v1/chat/completions    OpenAI Chat Completions (chunks, then [DONE])          Copilot CLI, Qwen Code
//   POST /v1beta/models/<m>:streamGenerateContent, :generateContent, :countTokens
//                                Gemini (SSE `data:` chunks of GenerateContentResponse)  Gemini CLI
// Anything else gets a small JSON answer (an empty model list, `{}`), never a redirect. The server listens on
// 127.0.0.1 only; nothing it does reaches further.
import { createServer } from 'node:http';

const MAX_BODY = 64 * 1024 * 1024;

function sse(res, events) {
  res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', connection: 'close' });
  for (const [event, data] of events) res.write(`${event ? `event: ${event}\n` : ''}data: ${typeof data === 'string' ? data : JSON.stringify(data)}\n\n`);
  res.end();
}

function json(res, status, body) {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text), connection: 'close' });
  res.end(text);
}

function anthropic(res, body) {
  const model = typeof body?.model === 'string' ? body.model : 'mock';
  const message = {
    id: 'msg_mock',
    type: 'message',
    role: 'assistant',
    model,
    content: [],
    stop_reason: null,
    stop_sequence: null,
    usage: { input_tokens: 1, output_tokens: 1, cache_creation_input_tokens: 0, cache_read_input_tokens: 0 },
  };
  if (body?.stream !== true) {
    json(res, 200, { ...message, content: [{ type: 'text', text: 'ok' }], stop_reason: 'end_turn' });
    return;
  }
  sse(res, [
    ['message_start', { type: 'message_start', message }],
    ['content_block_start', { type: 'content_block_start', index: 0, content_block: { type: 'text', text: '' } }],
    ['content_block_delta', { type: 'content_block_delta', index: 0, delta: { type: 'text_delta', text: 'ok' } }],
    ['content_block_stop', { type: 'content_block_stop', index: 0 }],
    ['message_delta', { type: 'message_delta', delta: { stop_reason: 'end_turn', stop_sequence: null }, usage: { output_tokens: 1 } }],
    ['message_stop', { type: 'message_stop' }],
  ]);
}

function responses(res, body) {
  const model = typeof body?.model === 'string' ? body.model : 'mock';
  const created = Math.floor(Date.now() / 1000);
  const item = { type: 'message', id: 'msg_mock', role: 'assistant', status: 'completed', content: [{ type: 'output_text', text: 'ok', annotations: [] }] };
  const base = { id: 'resp_mock', object: 'response', created_at: created, model, output: [] };
  const usage = {
    input_tokens: 1,
    input_tokens_details: { cached_tokens: 0 },
    output_tokens: 1,
    output_tokens_details: { reasoning_tokens: 0 },
    total_tokens: 2,
  };
  let n = 0;
  const ev = (type, rest) => [type, { type, sequence_number: n++, ...rest }];
  sse(res, [
    ev('response.created', { response: { ...base, status: 'in_progress' } }),
    ev('response.in_progress', { response: { ...base, status: 'in_progress' } }),
    ev('response.output_item.added', { output_index: 0, item: { ...item, status: 'in_progress', content: [] } }),
    ev('response.content_part.added', { output_index: 0, item_id: 'msg_mock', content_index: 0, part: { type: 'output_text', text: '', annotations: [] } }),
    ev('response.output_text.delta', { output_index: 0, item_id: 'msg_mock', content_index: 0, delta: 'ok' }),
    ev('response.output_text.done', { output_index: 0, item_id: 'msg_mock', content_index: 0, text: 'ok' }),
    ev('response.content_part.done', { output_index: 0, item_id: 'msg_mock', content_index: 0, part: item.content[0] }),
    ev('response.output_item.done', { output_index: 0, item }),
    ev('response.completed', { response: { ...base, status: 'completed', output: [item], usage } }),
  ]);
}

function chat(res, body) {
  const model = typeof body?.model === 'string' ? body.model : 'mock';
  const created = Math.floor(Date.now() / 1000);
  const chunk = (delta, finish, extra = {}) => ({
    id: 'chatcmpl-mock',
    object: 'chat.completion.chunk',
    created,
    model,
    choices: [{ index: 0, delta, finish_reason: finish }],
    ...extra,
  });
  if (body?.stream !== true) {
    json(res, 200, {
      id: 'chatcmpl-mock',
      object: 'chat.completion',
      created,
      model,
      choices: [{ index: 0, message: { role: 'assistant', content: 'ok' }, finish_reason: 'stop' }],
      usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 },
    });
    return;
  }
  sse(res, [
    [null, chunk({ role: 'assistant', content: 'ok' }, null)],
    [null, chunk({}, 'stop', { usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 } })],
    [null, '[DONE]'],
  ]);
}

function gemini(res, path) {
  const reply = {
    candidates: [{ content: { role: 'model', parts: [{ text: 'ok' }] }, finishReason: 'STOP', index: 0 }],
    usageMetadata: { promptTokenCount: 1, candidatesTokenCount: 1, totalTokenCount: 2 },
    modelVersion: 'mock',
  };
  if (/:countTokens$/.test(path)) json(res, 200, { totalTokens: 1 });
  else if (/:streamGenerateContent$/.test(path)) sse(res, [[null, reply]]);
  else json(res, 200, reply);
}

/**
 * Starts a mock on 127.0.0.1, on `port` (0: a free one). Returns `{ port, origin, requests, waitFor, close }`: `requests` is
 * every request in arrival order (`{ method, path, body (text), json (parsed or null) }`); `waitFor(pred, ms)`
 * resolves with the first request satisfying `pred`, or null after `ms`.
 */
export async function startMock(port = 0) {
  const requests = [];
  const waiters = [];
  const server = createServer((req, res) => {
    const chunks = [];
    let size = 0;
    req.on('data', (c) => {
      size += c.length;
      if (size <= MAX_BODY) chunks.push(c);
    });
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      let parsed = null;
      try {
        parsed = body ? JSON.parse(body) : null;
      } catch {
        parsed = null;
      }
      const path = (req.url || '/').split('?')[0];
      const rec = { method: req.method, path, body, json: parsed };
      if (req.method === 'POST') {
        requests.push(rec);
        for (const w of [...waiters]) if (w.pred(rec)) w.done(rec);
      }
      try {
        if (req.method === 'POST' && /\/messages$/.test(path) && !/count_tokens/.test(path)) anthropic(res, parsed);
        else if (req.method === 'POST' && /\/messages\/count_tokens$/.test(path)) json(res, 200, { input_tokens: 1 });
        else if (req.method === 'POST' && /\/responses$/.test(path)) responses(res, parsed);
        else if (req.method === 'POST' && /\/chat\/completions$/.test(path)) chat(res, parsed);
        else if (req.method === 'POST' && /\/models\/[^/]+:(?:streamGenerateContent|generateContent|countTokens)$/.test(path)) gemini(res, path);
        else if (req.method === 'GET' && /\/models$/.test(path)) json(res, 200, { object: 'list', data: [] });
        else json(res, 404, { error: { type: 'not_found', message: `mock: no ${req.method} ${path}` } });
      } catch (e) {
        if (!res.headersSent) json(res, 500, { error: { message: String(e) } });
        else res.end();
      }
    });
  });
  server.keepAliveTimeout = 1000;
  await new Promise((resolvePromise, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', resolvePromise);
  });
  const bound = server.address().port;
  return {
    port: bound,
    origin: `http://127.0.0.1:${bound}`,
    requests,
    waitFor(pred, ms) {
      const hit = requests.find(pred);
      if (hit) return Promise.resolve(hit);
      return new Promise((resolvePromise) => {
        const w = {
          pred,
          done: (rec) => {
            clearTimeout(timer);
            waiters.splice(waiters.indexOf(w), 1);
            resolvePromise(rec);
          },
        };
        const timer = setTimeout(() => {
          waiters.splice(waiters.indexOf(w), 1);
          resolvePromise(null);
        }, ms);
        waiters.push(w);
      });
    },
    close() {
      server.closeAllConnections?.();
      return new Promise((r) => server.close(() => r()));
    },
  };
}

/**
 * A DNS answerer on 127.0.0.1:53 that says NXDOMAIN to every question, for runs in a network namespace of their
 * own (oracle.mjs), where /etc/resolv.conf names 127.0.0.1: a release's host lookups (Codex looks up
 * api.github.com and chatgpt.com at start) fail at once instead of waiting out the resolver. Returns
 * `{ questions, close }` (the names asked), or null when port 53 cannot be bound.
 */
export async function startDnsRefuser() {
  const { createSocket } = await import('node:dgram');
  const questions = [];
  const sock = createSocket('udp4');
  sock.on('message', (msg, rinfo) => {
    if (msg.length < 12) return;
    // The question: labels from offset 12 to a zero byte, then type and class.
    let i = 12;
    const labels = [];
    while (i < msg.length && msg[i] !== 0 && labels.length < 64) {
      labels.push(msg.subarray(i + 1, i + 1 + msg[i]).toString('latin1'));
      i += msg[i] + 1;
    }
    const end = Math.min(msg.length, i + 5);
    questions.push(labels.join('.'));
    const reply = Buffer.concat([msg.subarray(0, 12), msg.subarray(12, end)]);
    reply[2] = 0x81 | (msg[2] & 0x01); // QR, opcode 0, RD copied
    reply[3] = 0x83; // RA, NXDOMAIN
    reply.writeUInt16BE(1, 4); // one question
    reply.writeUInt16BE(0, 6);
    reply.writeUInt16BE(0, 8);
    reply.writeUInt16BE(0, 10);
    sock.send(reply, rinfo.port, rinfo.address);
  });
  const ok = await new Promise((resolvePromise) => {
    sock.once('error', () => resolvePromise(false));
    sock.bind(53, '127.0.0.1', () => resolvePromise(true));
  });
  if (!ok) {
    sock.close();
    return null;
  }
  return { questions, close: () => new Promise((r) => sock.close(() => r())) };
}
