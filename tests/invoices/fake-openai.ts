/**
 * A fake OpenAI-compatible chat-completions server on 127.0.0.1 (node:http), speaking the real wire format:
 * `POST /v1/chat/completions` with a JSON body, answered with `chat.completion` objects or `{ error: { message } }`.
 * Each test chooses the reply per request; every request is kept for inspection.
 */
import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

export interface ChatRequest {
  method: string;
  path: string;
  authorization: string | undefined;
  body: {
    model: string;
    temperature?: number;
    messages: { role: string; content: ({ type: 'text'; text: string } | { type: 'image_url'; image_url: { url: string } })[] }[];
    response_format?: { type: string; json_schema?: { name: string; strict?: boolean; schema: { properties: Record<string, unknown> } } };
  };
}

export type ChatReply = { status?: number; body?: string; delayMs?: number; contentType?: string };

export async function startFakeOpenAi(reply: (req: ChatRequest, n: number) => ChatReply) {
  const requests: ChatRequest[] = [];
  const sockets = new Set<Socket>();
  const server = http.createServer((req, res) => {
    let raw = '';
    req.setEncoding('utf8');
    req.on('data', (c: string) => (raw += c));
    req.on('end', () => {
      if (req.method !== 'POST' || req.url !== '/v1/chat/completions') {
        res.writeHead(404, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ error: { message: `Unknown request URL: ${req.method} ${req.url}`, type: 'invalid_request_error' } }));
        return;
      }
      const parsed: ChatRequest = {
        method: req.method,
        path: req.url,
        authorization: req.headers.authorization,
        body: JSON.parse(raw) as ChatRequest['body'],
      };
      requests.push(parsed);
      const answer = reply(parsed, requests.length);
      const send = () => {
        if (res.destroyed) return;
        res.writeHead(answer.status ?? 200, { 'content-type': answer.contentType ?? 'application/json' });
        res.end(answer.body ?? '{}');
      };
      if (answer.delayMs) setTimeout(send, answer.delayMs).unref();
      else send();
    });
  });
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    requests,
    async close() {
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** A `chat.completion` reply whose first choice's message content is `content` (and optional refusal). */
export function chatReply(content: string | null, extra: { refusal?: string; finishReason?: string } = {}): string {
  return JSON.stringify({
    id: 'chatcmpl-test',
    object: 'chat.completion',
    created: 1_790_000_000,
    model: 'test-vision',
    choices: [
      {
        index: 0,
        message: { role: 'assistant', content, ...(extra.refusal ? { refusal: extra.refusal } : {}) },
        finish_reason: extra.finishReason ?? 'stop',
      },
    ],
    usage: { prompt_tokens: 100, completion_tokens: 50, total_tokens: 150 },
  });
}

/** An OpenAI-style error body. */
export function errorReply(message: string, type = 'invalid_request_error'): string {
  return JSON.stringify({ error: { message, type, param: null, code: null } });
}
