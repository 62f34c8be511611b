import http from "node:http";
import type { AddressInfo } from "node:net";
import busboy from "busboy";

/**
 * TEST DOUBLE of a remote OpenAI-compatible service, for tests and benchmarks only (the app
 * never starts it). It listens on 127.0.0.1 and speaks the real wire formats: multipart
 * POST /v1/audio/transcriptions answering verbose_json with segments, and JSON
 * POST /v1/chat/completions with a json_schema response_format answering a chat.completion
 * whose content is JSON. It cannot hear: the "transcript" is scripted Italian text spread over
 * the audio's real duration (read from the WAV header). Failures can be queued.
 */

export type RecordedRequest = {
  path: string;
  authorization: string | undefined;
  fields: Record<string, string | string[]>;
  fileName?: string;
  fileBytes?: number;
  json?: unknown;
};

export type Failure = { status: number; body?: unknown; headers?: Record<string, string> } | { hangMs: number };

export type OpenAIDouble = {
  url: string;
  /** The base URL to give the SDK (with /v1). */
  baseURL: string;
  apiKey: string;
  requests: RecordedRequest[];
  /** The next matching requests fail this way, in order. */
  failNext(path: "transcriptions" | "chat", ...failures: Failure[]): void;
  /** Failure applied to every matching request until cleared. */
  failAlways(path: "transcriptions" | "chat", failure: Failure | undefined): void;
  /** Delay added before every answer (e.g. to watch progress). */
  setLatency(ms: number): void;
  close(): Promise<void>;
};

export const DOUBLE_API_KEY = "sk-test-double";
/** The real service refuses uploads above this. */
const MAX_UPLOAD = 25 * 1024 * 1024;

export const SCRIPT = [
  "Buongiorno a tutti e grazie per essere qui.",
  "Oggi parliamo del bilancio del primo trimestre.",
  "Il fatturato è cresciuto del dieci per cento rispetto all'anno scorso.",
  "Passiamo ora al progetto del nuovo sito web.",
  "La consegna è prevista per la fine di giugno.",
  "Servono due sviluppatori in più per rispettare la scadenza.",
  "Infine discutiamo le ferie estive del gruppo.",
  "Ognuno invii le proprie date entro venerdì.",
];

/** Seconds of audio in a 16-bit PCM WAV, or an estimate for other formats. */
function wavDuration(data: Buffer): number {
  if (data.length >= 44 && data.toString("ascii", 0, 4) === "RIFF" && data.toString("ascii", 8, 12) === "WAVE") {
    let offset = 12;
    let byteRate = 32000;
    while (offset + 8 <= data.length) {
      const id = data.toString("ascii", offset, offset + 4);
      const size = data.readUInt32LE(offset + 4);
      if (id === "fmt ") byteRate = data.readUInt32LE(offset + 8 + 8);
      if (id === "data") return Math.min(size, data.length - offset - 8) / byteRate;
      offset += 8 + size + (size % 2);
    }
  }
  return data.length / 16000;
}

/** One scripted sentence per 4 s of audio, in order, the last one clipped at the end. */
export function scriptedSegments(duration: number) {
  const segments = [];
  for (let start = 0, i = 0; start < duration - 0.5; start += 4, i++) {
    const end = Math.min(duration, start + 4);
    segments.push({
      id: i,
      seek: Math.floor(start * 100),
      start: Math.round(start * 100) / 100,
      end: Math.round(end * 100) / 100,
      text: ` ${SCRIPT[i % SCRIPT.length]}`,
      tokens: [50364 + i],
      temperature: 0,
      avg_logprob: -0.2,
      compression_ratio: 1.3,
      no_speech_prob: 0.01,
    });
  }
  return segments;
}

/** An analysis built from the "[mm:ss] text" lines of the prompt, shaped like the strict schema. */
function scriptedAnalysis(prompt: string) {
  const lines = [...prompt.matchAll(/^\[(\d+:\d{2}(?::\d{2})?)\] (.+)$/gm)].map((m) => ({ time: m[1], text: m[2] }));
  if (lines.length === 0) {
    // The combine request carries partial analyses as JSON: merge their topics.
    const partials = [...prompt.matchAll(/^Parte \d+:\n(.+)$/gm)].map(
      (m) => JSON.parse(m[1]) as { title: string; summary: string; topics: unknown[]; decisions?: unknown[]; actionItems?: unknown[] },
    );
    return {
      title: partials[0]?.title ?? "Riunione",
      summary: partials.map((p) => p.summary).join(" "),
      topics: partials.flatMap((p) => p.topics),
      decisions: partials.flatMap((p) => p.decisions ?? []),
      actionItems: partials.flatMap((p) => p.actionItems ?? []),
    };
  }
  const topics = [];
  for (let i = 0; i < lines.length; i += 3) {
    const group = lines.slice(i, i + 3);
    topics.push({
      name: `Argomento ${topics.length + 1}: ${group[0].text.split(" ").slice(0, 4).join(" ")}`,
      estimatedTimestamps: group.map((l) => l.time),
      keyPoints: group.map((l) => ({ point: l.text, excerpt: l.text, segmentSummary: l.text, estimatedTimestamp: l.time })),
    });
  }
  // Scripted, not understood: a line that approves or decides is a decision; one with "entro" is an
  // action, its first word the owner and "entro …" the deadline.
  const decisions = lines.filter((l) => /\b(approv|decid|delibera)/i.test(l.text)).map((l) => ({ text: l.text, timestamp: l.time }));
  const actionItems = lines
    .filter((l) => /\bentro\b/i.test(l.text))
    .map((l) => ({ task: l.text, owner: l.text.split(" ")[0], due: /\bentro\b[^.]*/i.exec(l.text)![0], timestamp: l.time }));
  return {
    title: `Riunione: ${lines[0].text.slice(0, 40)}`,
    summary: lines
      .slice(0, 3)
      .map((l) => l.text)
      .join(" "),
    topics,
    decisions,
    actionItems,
  };
}

function errorBody(status: number, message: string) {
  const type = status === 429 ? "rate_limit_exceeded" : status >= 500 ? "server_error" : "invalid_request_error";
  return { error: { message, type, param: null, code: null } };
}

/**
 * `apiKeys`: the keys it accepts (default DOUBLE_API_KEY alone); giving each client its own key
 * tells from the request log which process sent what (the multi-process test).
 */
export async function startOpenAIDouble(options: { apiKeys?: string[] } = {}): Promise<OpenAIDouble> {
  const accepted = new Set((options.apiKeys ?? [DOUBLE_API_KEY]).map((key) => `Bearer ${key}`));
  const requests: RecordedRequest[] = [];
  const queued: Record<string, Failure[]> = { transcriptions: [], chat: [] };
  const always: Record<string, Failure | undefined> = {};
  let latency = 0;
  const sockets = new Set<import("node:net").Socket>();

  const send = (res: http.ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
    const text = JSON.stringify(body);
    res.writeHead(status, { "Content-Type": "application/json", "Content-Length": Buffer.byteLength(text), ...headers });
    res.end(text);
  };

  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://127.0.0.1");
    const kind = url.pathname === "/v1/audio/transcriptions" ? "transcriptions" : url.pathname === "/v1/chat/completions" ? "chat" : undefined;
    const record: RecordedRequest = { path: url.pathname, authorization: req.headers.authorization, fields: {} };
    const finish = async (answer: () => void) => {
      requests.push(record);
      if (!accepted.has(req.headers.authorization ?? "")) return send(res, 401, errorBody(401, "Incorrect API key provided."));
      const failure = (kind && queued[kind].shift()) ?? (kind ? always[kind] : undefined);
      if (failure && "hangMs" in failure) {
        await new Promise((r) => setTimeout(r, failure.hangMs));
        if (res.destroyed) return;
      } else if (failure) {
        return send(res, failure.status, failure.body ?? errorBody(failure.status, `Errore simulato ${failure.status}`), failure.headers);
      }
      if (latency) await new Promise((r) => setTimeout(r, latency));
      if (!res.destroyed) answer();
    };

    if (req.method !== "POST" || !kind) {
      req.resume();
      return send(res, 404, errorBody(404, `Unknown request URL: ${req.method} ${url.pathname}`));
    }

    if (kind === "transcriptions") {
      let parser: busboy.Busboy;
      try {
        parser = busboy({ headers: req.headers });
      } catch {
        return send(res, 400, errorBody(400, "Could not parse multipart form"));
      }
      const chunks: Buffer[] = [];
      let size = 0;
      parser.on("field", (name, value) => {
        const prev = record.fields[name];
        record.fields[name] = prev === undefined ? value : ([] as string[]).concat(prev, value);
      });
      parser.on("file", (_name, stream, info) => {
        record.fileName = info.filename;
        stream.on("data", (c: Buffer) => {
          size += c.length;
          if (size <= MAX_UPLOAD) chunks.push(c);
        });
      });
      parser.on("close", () => {
        record.fileBytes = size;
        void finish(() => {
          if (size > MAX_UPLOAD) return send(res, 413, errorBody(413, `Maximum content size limit (${MAX_UPLOAD}) exceeded (${size} bytes read)`));
          if (!record.fileName) return send(res, 400, errorBody(400, "No file was provided"));
          if (!record.fields.model) return send(res, 400, errorBody(400, "you must provide a model parameter"));
          const duration = wavDuration(Buffer.concat(chunks));
          // A diarizing model ("…diarize…") labels the speakers: A and B taking turns.
          const diarize = String(record.fields.model).includes("diarize");
          const segments = scriptedSegments(duration).map((s, i) => (diarize ? { ...s, speaker: i % 3 === 2 ? "A" : i % 2 === 0 ? "A" : "B" } : s));
          const text = segments.map((s) => s.text.trim()).join(" ");
          if (record.fields.response_format === "verbose_json") {
            send(res, 200, { task: "transcribe", language: "italian", duration, text, segments });
          } else {
            send(res, 200, { text });
          }
        });
      });
      parser.on("error", () => send(res, 400, errorBody(400, "Could not parse multipart form")));
      req.pipe(parser);
      return;
    }

    let raw = "";
    req.setEncoding("utf8");
    req.on("data", (d: string) => (raw += d));
    req.on("end", () => {
      let body: {
        model?: string;
        messages?: { role: string; content: string }[];
        response_format?: { type: string; json_schema?: { schema?: unknown } };
      };
      try {
        body = JSON.parse(raw);
      } catch {
        return void finish(() => send(res, 400, errorBody(400, "We could not parse the JSON body of your request.")));
      }
      record.json = body;
      void finish(() => {
        if (!body.model || !Array.isArray(body.messages)) return send(res, 400, errorBody(400, "Missing required parameter: 'messages'."));
        if (body.response_format?.type === "json_schema" && !body.response_format.json_schema?.schema) {
          return send(res, 400, errorBody(400, "Missing required parameter: 'response_format.json_schema'."));
        }
        const prompt = body.messages
          .filter((m) => m.role === "user")
          .map((m) => m.content)
          .join("\n");
        const content = JSON.stringify(scriptedAnalysis(prompt));
        send(res, 200, {
          id: `chatcmpl-${Date.now()}`,
          object: "chat.completion",
          created: Math.floor(Date.now() / 1000),
          model: body.model,
          choices: [{ index: 0, message: { role: "assistant", content, refusal: null }, logprobs: null, finish_reason: "stop" }],
          usage: {
            prompt_tokens: Math.ceil(prompt.length / 4),
            completion_tokens: Math.ceil(content.length / 4),
            total_tokens: Math.ceil((prompt.length + content.length) / 4),
          },
        });
      });
    });
  });
  server.on("connection", (socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}`;
  return {
    url,
    baseURL: `${url}/v1`,
    apiKey: DOUBLE_API_KEY,
    requests,
    failNext: (kind, ...failures) => queued[kind].push(...failures),
    failAlways: (kind, failure) => {
      always[kind] = failure;
    },
    setLatency: (ms) => {
      latency = ms;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}

// `node --import tsx tests/support/openai-double.ts` runs it alone (for the e2e or by hand).
if (process.argv[1] && import.meta.url.endsWith(process.argv[1].split("/").pop()!)) {
  startOpenAIDouble().then((d) => console.log(`Test double OpenAI in ascolto su ${d.baseURL} (chiave ${d.apiKey})`));
}
