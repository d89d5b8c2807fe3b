import type { Exchange } from './exchange.ts';
import { familyOf, type Interface, type KeyFamily } from './formats.ts';
import { CURL_KEY_VARIABLES } from './curl.ts';
import {
  BEARER_KEY_HEADER,
  GENERATE_KEY_HEADER,
  MESSAGES_KEY_HEADER,
  MESSAGES_VERSION,
  MESSAGES_VERSION_HEADER,
} from './wire.ts';

/**
 * "Copy as code": an exchange record as a Python and a Node program using each format's official client
 * library, and as plain fetch. Every snippet sets its library up as the service spec asks (§1 base address
 * per client kind, §5 how each key family carries its key, §9 the messages version header), and reads the
 * key from the same environment variables as the command line, so a snippet can be shared safely.
 */
export type CodeLanguage = 'python' | 'node' | 'fetch';
export const CODE_LANGUAGES: readonly CodeLanguage[] = ['python', 'node', 'fetch'];
export const CODE_LANGUAGE_LABELS: Record<CodeLanguage, string> = {
  python: 'Python',
  node: 'Node',
  fetch: 'fetch',
};
export type CodeSnippets = Record<CodeLanguage, string>;

export const BASE_URL_VARIABLE = 'QUARTET_BASE_URL';
export const DEFAULT_KEY_VARIABLE = 'QUARTET_API_KEY';

/** Placeholder left where the record dropped image or file data (records keep no long base64). */
export const BASE64_PLACEHOLDER = 'PASTE_BASE64_DATA_HERE';
const ELIDED = /<(\d+) base64 chars elided>/g;

/** Headers the snippets set themselves (key, version) or that the HTTP stack computes. */
const OWN_HEADERS = new Set([
  BEARER_KEY_HEADER.toLowerCase(),
  MESSAGES_KEY_HEADER,
  GENERATE_KEY_HEADER,
  MESSAGES_VERSION_HEADER,
  'content-length',
  'host',
  'content-type',
  'accept',
  'user-agent',
  'connection',
  'accept-encoding',
]);

interface Parsed {
  iface: Interface;
  family: KeyFamily;
  method: 'GET' | 'POST';
  /** The base address of the service (what QUARTET_BASE_URL holds), from the recorded URL. */
  base: string;
  /** The path after the base, without the `key` query parameter. */
  path: string;
  body: Record<string, unknown> | undefined;
  stream: boolean;
  /** generate content: the model id from the path. */
  model: string;
  /** How many base64 runs the record elided; each is now BASE64_PLACEHOLDER. */
  elided: number;
  extraHeaders: Record<string, string>;
  keyVariable: string;
}

function parse(x: Exchange): Parsed {
  const family = familyOf(x.interface);
  let url: URL;
  try {
    url = new URL(x.url);
  } catch {
    throw new Error(`This request's address "${x.url}" is not a URL, so no code can be written for it.`);
  }
  url.searchParams.delete('key');
  const prefix = x.interface === 'generate' ? '/v1beta/' : '/v1/';
  const at = url.pathname.lastIndexOf(prefix);
  const basePath = at >= 0 ? url.pathname.slice(0, at) : url.pathname.replace(/\/+$/, '');
  const base = `${url.origin}${basePath}`;
  const path = `${at >= 0 ? url.pathname.slice(at) : ''}${url.search}`;
  let elided = 0;
  let body: Record<string, unknown> | undefined;
  if (x.requestBody !== undefined && x.method !== 'GET') {
    const text = x.requestBody.replace(ELIDED, () => {
      elided += 1;
      return BASE64_PLACEHOLDER;
    });
    try {
      const value: unknown = JSON.parse(text);
      body =
        typeof value === 'object' && value !== null && !Array.isArray(value)
          ? (value as Record<string, unknown>)
          : undefined;
    } catch {
      body = undefined;
    }
    if (body === undefined) {
      throw new Error('This request was not sent with a JSON object body, so no code can be written for it.');
    }
  }
  const modelMatch = /\/models\/([^/:?]+):/.exec(url.pathname);
  const model = modelMatch?.[1] !== undefined ? decodeURIComponent(modelMatch[1]) : '';
  const stream =
    x.interface === 'generate' ? url.pathname.includes(':streamGenerateContent') : body?.['stream'] === true;
  // fromEntries defines keys, so a header named __proto__ stays a header rather than a prototype
  const extraHeaders: Record<string, string> = Object.fromEntries(
    Object.entries(x.requestHeaders).filter(([name]) => !OWN_HEADERS.has(name.toLowerCase())),
  );
  return {
    iface: x.interface,
    family,
    method: x.method,
    base,
    path,
    body,
    stream,
    model,
    elided,
    extraHeaders,
    keyVariable: CURL_KEY_VARIABLES[family],
  };
}

function json(value: unknown): string {
  return JSON.stringify(value, null, 2);
}

/**
 * A JavaScript object literal for a JSON value. In a literal, `"__proto__": value` sets the prototype
 * instead of making a key, so the program would silently send a body without it; the computed form
 * `["__proto__"]: value` makes an ordinary key. In pretty JSON a line that starts with `"__proto__":` is
 * always a key (a string value has its quotes and newlines escaped), so the rewrite is exact.
 */
function jsLiteral(value: unknown): string {
  return json(value).replace(/^(\s*)"__proto__":/gm, '$1["__proto__"]:');
}

/** One `key: value` of a JavaScript object literal, for a key that may be `__proto__` (see jsLiteral). */
function jsProperty(key: string, value: string): string {
  return key === '__proto__' ? `[${js(key)}]: ${value}` : `${js(key)}: ${value}`;
}

/** A JavaScript string literal (JSON's is one, and U+2028/2029 are legal in string literals since ES2019). */
function js(s: string): string {
  return JSON.stringify(s);
}

/** A Python string literal: JSON's escapes are all valid Python escapes. */
function py(s: string): string {
  return JSON.stringify(s);
}

function elidedNote(p: Parsed, comment: string): string[] {
  if (p.elided === 0) return [];
  return [
    `${comment} The recorded request carried ${p.elided === 1 ? 'an image or file' : `${p.elided} images or files`} whose base64 data`,
    `${comment} was not kept in the record. Replace ${BASE64_PLACEHOLDER} with the base64 of your own data`,
    `${comment} before running: as written, the service would reject it.`,
  ];
}

// ----- Node (official libraries) -----

function nodeEnv(p: Parsed): string[] {
  return [
    `const baseUrl = (process.env.${BASE_URL_VARIABLE} ?? ${js(p.base)}).replace(/\\/+$/, '');`,
    `const key = process.env.${p.keyVariable} ?? process.env.${DEFAULT_KEY_VARIABLE};`,
    `if (!key) throw new Error('Set ${p.keyVariable} or ${DEFAULT_KEY_VARIABLE} to your key.');`,
  ];
}

function nodeHeadersOption(p: Parsed, own: Record<string, string>): string {
  const all = { ...p.extraHeaders, ...own };
  return Object.keys(all).length === 0 ? '' : `defaultHeaders: ${jsLiteral(all).replace(/\n/g, '\n  ')}`;
}

/** The file-system module the generated Node program imports to save images (shared/ itself imports none). */
const GENERATED_FS_MODULE = 'node:fs';

function toNode(p: Parsed): string {
  const lines: string[] = ['// Node 18+ (save as a .mjs file).', ...elidedNote(p, '//')];
  const body = p.body === undefined ? '' : `const body = ${jsLiteral(p.body)};`;
  if (p.family === 'bearer') {
    lines.push(`// npm install openai`, `import OpenAI from 'openai';`);
    // text of the program the user copies (it saves the images it gets), not an import of this module
    if (p.iface === 'images') lines.push(`import { writeFileSync } from '${GENERATED_FS_MODULE}';`);
    lines.push('', ...nodeEnv(p));
    lines.push(
      `// Chat-completions and responses clients are configured with {base_url}/v1 (spec §1).`,
      `const client = new OpenAI({ apiKey: key, baseURL: \`\${baseUrl}/v1\`${Object.keys(p.extraHeaders).length > 0 ? `, ${nodeHeadersOption(p, {})}` : ''} });`,
      '',
    );
    if (body) lines.push(body, '');
    if (p.iface === 'chat' && p.stream) {
      lines.push(
        `const stream = await client.chat.completions.create(body);`,
        `for await (const chunk of stream) process.stdout.write(chunk.choices[0]?.delta?.content ?? '');`,
        `process.stdout.write('\\n');`,
      );
    } else if (p.iface === 'chat') {
      lines.push(
        `const completion = await client.chat.completions.create(body);`,
        `console.log(completion.choices[0]?.message?.content);`,
      );
    } else if (p.iface === 'responses' && p.stream) {
      lines.push(
        `const stream = await client.responses.create(body);`,
        `for await (const event of stream) {`,
        `  if (event.type === 'response.output_text.delta') process.stdout.write(event.delta);`,
        `}`,
        `process.stdout.write('\\n');`,
      );
    } else if (p.iface === 'responses') {
      lines.push(
        `const response = await client.responses.create(body);`,
        `console.log(response.output_text);`,
      );
    } else if (p.iface === 'images') {
      lines.push(
        `const result = await client.images.generate(body);`,
        `result.data?.forEach((image, i) => {`,
        `  if (image.b64_json) {`,
        `    writeFileSync(\`image-\${i + 1}.png\`, Buffer.from(image.b64_json, 'base64'));`,
        `    console.log(\`image-\${i + 1}.png\`);`,
        `  } else console.log(image.url);`,
        `});`,
      );
    } else {
      lines.push(
        `const page = await client.models.list();`,
        `for (const model of page.data) console.log(model.id);`,
      );
    }
    return lines.join('\n');
  }
  if (p.family === 'messages') {
    lines.push(
      `// npm install @anthropic-ai/sdk`,
      `import Anthropic from '@anthropic-ai/sdk';`,
      '',
      ...nodeEnv(p),
    );
    lines.push(
      `// The messages library appends /v1/messages itself, so it gets the bare {base_url} (spec §1).`,
      `// The spec wants the key in x-api-key and version ${MESSAGES_VERSION} (§5, §9); newer releases of the`,
      `// library send the key as a Bearer header, so the headers are set here and Authorization is dropped.`,
      `const client = new Anthropic({`,
      `  apiKey: key,`,
      `  baseURL: baseUrl,`,
      `  defaultHeaders: { ${Object.entries(p.extraHeaders)
        .map(([k, v]) => `${jsProperty(k, js(v))}, `)
        .join(
          '',
        )}'${MESSAGES_KEY_HEADER}': key, '${MESSAGES_VERSION_HEADER}': ${js(MESSAGES_VERSION)}, ${BEARER_KEY_HEADER}: null },`,
      `});`,
      '',
    );
    if (body) lines.push(body, '');
    if (p.stream) {
      lines.push(
        `const stream = await client.messages.create(body);`,
        `for await (const event of stream) {`,
        `  if (event.type === 'content_block_delta' && event.delta.type === 'text_delta') process.stdout.write(event.delta.text);`,
        `}`,
        `process.stdout.write('\\n');`,
      );
    } else {
      lines.push(
        `const message = await client.messages.create(body);`,
        `console.log(message.content.filter((block) => block.type === 'text').map((block) => block.text).join(''));`,
      );
    }
    return lines.join('\n');
  }
  // generate content
  const b = p.body ?? {};
  const { contents, systemInstruction, generationConfig, ...rest } = b;
  const config: Record<string, unknown> = {
    ...(typeof generationConfig === 'object' && generationConfig !== null ? generationConfig : {}),
    ...rest,
  };
  if (systemInstruction !== undefined) config['systemInstruction'] = systemInstruction;
  lines.push(
    `// npm install @google/genai`,
    `import { GoogleGenAI } from '@google/genai';`,
    '',
    ...nodeEnv(p),
  );
  lines.push(
    `// Generate-content clients are configured with {base_url}/v1beta (spec §1); apiVersion '' keeps the`,
    `// library from appending /v1beta a second time. The spec wants the key in the query (§5) and the`,
    `// library sends it as a header, so a small fetch moves it.`,
    `const client = new GoogleGenAI({`,
    `  apiKey: key,`,
    `  httpOptions: {`,
    `    baseUrl: \`\${baseUrl}/v1beta\`,`,
    `    apiVersion: '',`,
    ...(Object.keys(p.extraHeaders).length > 0
      ? [`    headers: ${jsLiteral(p.extraHeaders).replace(/\n/g, '\n    ')},`]
      : []),
    `    fetch: (input, init) => {`,
    `      const url = new URL(input instanceof Request ? input.url : String(input));`,
    `      url.searchParams.set('key', key);`,
    `      const headers = new Headers(init?.headers ?? (input instanceof Request ? input.headers : undefined));`,
    `      headers.delete('${GENERATE_KEY_HEADER}');`,
    `      return fetch(url, { ...init, headers });`,
    `    },`,
    `  },`,
    `});`,
    '',
    `const model = ${js(p.model)};`,
    `const contents = ${jsLiteral(contents ?? [])};`,
    `const config = ${jsLiteral(config)};`,
    '',
  );
  const text = `(chunk.candidates?.[0]?.content?.parts ?? []).filter((part) => part.text && !part.thought).map((part) => part.text).join('')`;
  if (p.stream) {
    lines.push(
      `const stream = await client.models.generateContentStream({ model, contents, config });`,
      `for await (const chunk of stream) process.stdout.write(${text});`,
      `process.stdout.write('\\n');`,
    );
  } else {
    lines.push(
      `const chunk = await client.models.generateContent({ model, contents, config });`,
      `console.log(${text});`,
    );
  }
  return lines.join('\n');
}

// ----- plain fetch -----

/** JavaScript that takes one parsed JSON value `data` (a body or an event) to the text it carries. */
const FETCH_TEXT: Record<Interface, { whole: string; event: string }> = {
  chat: {
    whole: `data.choices?.[0]?.message?.content ?? ''`,
    event: `data.choices?.[0]?.delta?.content ?? ''`,
  },
  responses: {
    whole: `(data.output ?? []).flatMap((item) => item.content ?? []).filter((c) => c.type === 'output_text').map((c) => c.text).join('')`,
    event: `data.type === 'response.output_text.delta' ? data.delta : ''`,
  },
  messages: {
    whole: `(data.content ?? []).filter((block) => block.type === 'text').map((block) => block.text).join('')`,
    event: `data.type === 'content_block_delta' && data.delta?.type === 'text_delta' ? data.delta.text : ''`,
  },
  generate: {
    whole: `(data.candidates?.[0]?.content?.parts ?? []).filter((part) => part.text && !part.thought).map((part) => part.text).join('')`,
    event: `(data.candidates?.[0]?.content?.parts ?? []).filter((part) => part.text && !part.thought).map((part) => part.text).join('')`,
  },
  images: {
    whole: `(data.data ?? []).map((image, i) => image.url ?? \`image \${i + 1}: \${image.b64_json?.length ?? 0} base64 chars\`).join('\\n')`,
    event: `''`,
  },
  models: { whole: `(data.data ?? []).map((model) => model.id).join('\\n')`, event: `''` },
};

function toFetch(p: Parsed): string {
  const lines: string[] = [
    '// Node 18+ or a browser console: plain fetch, no library.',
    ...elidedNote(p, '//'),
  ];
  lines.push(...nodeEnv(p), '');
  const headers: string[] = [];
  if (p.method === 'POST') headers.push(`'Content-Type': 'application/json'`);
  for (const [name, value] of Object.entries(p.extraHeaders)) headers.push(jsProperty(name, js(value)));
  if (p.family === 'bearer') headers.push(`${BEARER_KEY_HEADER}: \`Bearer \${key}\``);
  if (p.family === 'messages')
    headers.push(`'${MESSAGES_KEY_HEADER}': key`, `'${MESSAGES_VERSION_HEADER}': ${js(MESSAGES_VERSION)}`);
  if (p.family === 'generate') {
    lines.push(
      `// The generate-content key goes in the query (spec §5).`,
      `const url = new URL(\`\${baseUrl}${p.path.replace(/[`\\$]/g, '\\$&')}\`);`,
      `url.searchParams.set('key', key);`,
    );
  } else {
    lines.push(`const url = \`\${baseUrl}${p.path.replace(/[`\\$]/g, '\\$&')}\`;`);
  }
  if (p.body !== undefined) lines.push(`const body = ${jsLiteral(p.body)};`);
  lines.push(
    '',
    `const response = await fetch(url, {`,
    `  method: ${js(p.method)},`,
    `  headers: { ${headers.join(', ')} },`,
    ...(p.body !== undefined ? [`  body: JSON.stringify(body),`] : []),
    `});`,
    `if (!response.ok) throw new Error(\`HTTP \${response.status}: \${await response.text()}\`);`,
  );
  const text = FETCH_TEXT[p.iface];
  if (p.stream) {
    lines.push(
      `// Server-sent events: one JSON object per "data:" line.`,
      `const decoder = new TextDecoder();`,
      `let buffer = '';`,
      `for await (const bytes of response.body) {`,
      `  buffer += decoder.decode(bytes, { stream: true });`,
      `  const lines = buffer.split(/\\r?\\n/);`,
      `  buffer = lines.pop() ?? '';`,
      `  for (const line of lines) {`,
      `    if (!line.startsWith('data:')) continue;`,
      `    const payload = line.slice(5).trim();`,
      `    if (payload === '' || payload === '[DONE]') continue;`,
      `    const data = JSON.parse(payload);`,
      `    process.stdout.write(${text.event});`,
      `  }`,
      `}`,
      `process.stdout.write('\\n');`,
    );
  } else {
    lines.push(`const data = await response.json();`, `console.log(${text.whole});`);
  }
  return lines.join('\n');
}

// ----- Python (official libraries) -----

function pyEnv(p: Parsed): string[] {
  return [
    `BASE_URL = os.environ.get(${py(BASE_URL_VARIABLE)}, ${py(p.base)}).rstrip("/")`,
    `KEY = os.environ.get(${py(p.keyVariable)}) or os.environ[${py(DEFAULT_KEY_VARIABLE)}]`,
  ];
}

/**
 * The body as `json.loads` of a raw JSON string: the exact bytes that are sent, and no Python literal
 * conversion to get wrong (true/null). JSON never holds three quotes in a row nor ends in a backslash,
 * so a raw triple-quoted string is always safe.
 */
function pyBody(value: unknown, name = 'body'): string {
  return `${name} = json.loads(r"""\n${json(value)}\n""")`;
}

function pyDict(headers: Record<string, string>): string {
  return `{${Object.entries(headers)
    .map(([k, v]) => `${py(k)}: ${v}`)
    .join(', ')}}`;
}

function toPython(p: Parsed): string {
  const lines: string[] = ['# Python 3.9+', ...elidedNote(p, '#')];
  const extra = Object.fromEntries(Object.entries(p.extraHeaders).map(([k, v]) => [k, py(v)]));
  if (p.family === 'bearer') {
    lines.push(
      `# pip install openai`,
      `import json`,
      `import os`,
      ``,
      `from openai import OpenAI`,
      ``,
      ...pyEnv(p),
    );
    lines.push(
      `# Chat-completions and responses clients are configured with {base_url}/v1 (spec §1).`,
      `client = OpenAI(api_key=KEY, base_url=f"{BASE_URL}/v1"${Object.keys(extra).length > 0 ? `, default_headers=${pyDict(extra)}` : ''})`,
      '',
    );
    if (p.body !== undefined) lines.push(pyBody(p.body), '');
    if (p.iface === 'chat' && p.stream) {
      lines.push(
        `for chunk in client.chat.completions.create(**body):`,
        `    if chunk.choices and chunk.choices[0].delta.content:`,
        `        print(chunk.choices[0].delta.content, end="", flush=True)`,
        `print()`,
      );
    } else if (p.iface === 'chat') {
      lines.push(
        `completion = client.chat.completions.create(**body)`,
        `print(completion.choices[0].message.content)`,
      );
    } else if (p.iface === 'responses' && p.stream) {
      lines.push(
        `for event in client.responses.create(**body):`,
        `    if event.type == "response.output_text.delta":`,
        `        print(event.delta, end="", flush=True)`,
        `print()`,
      );
    } else if (p.iface === 'responses') {
      lines.push(`response = client.responses.create(**body)`, `print(response.output_text)`);
    } else if (p.iface === 'images') {
      lines.splice(lines.indexOf('import json'), 0, 'import base64');
      lines.push(
        `result = client.images.generate(**body)`,
        `for i, image in enumerate(result.data or [], start=1):`,
        `    if image.b64_json:`,
        `        with open(f"image-{i}.png", "wb") as f:`,
        `            f.write(base64.b64decode(image.b64_json))`,
        `        print(f"image-{i}.png")`,
        `    else:`,
        `        print(image.url)`,
      );
    } else {
      lines.push(`for model in client.models.list():`, `    print(model.id)`);
    }
    return lines.join('\n');
  }
  if (p.family === 'messages') {
    lines.push(
      `# pip install anthropic`,
      `import json`,
      `import os`,
      ``,
      `from anthropic import Anthropic`,
      ``,
      ...pyEnv(p),
    );
    lines.push(
      `# The messages library appends /v1/messages itself, so it gets the bare {base_url} (spec §1);`,
      `# the key goes in x-api-key with version ${MESSAGES_VERSION} (spec §5, §9).`,
      `client = Anthropic(`,
      `    api_key=KEY,`,
      `    base_url=BASE_URL,`,
      `    default_headers=${pyDict({ ...extra, [MESSAGES_KEY_HEADER]: 'KEY', [MESSAGES_VERSION_HEADER]: py(MESSAGES_VERSION) })},`,
      `)`,
      '',
    );
    if (p.body !== undefined) lines.push(pyBody(p.body), '');
    if (p.stream) {
      lines.push(
        `for event in client.messages.create(**body):`,
        `    if event.type == "content_block_delta" and event.delta.type == "text_delta":`,
        `        print(event.delta.text, end="", flush=True)`,
        `print()`,
      );
    } else {
      lines.push(
        `message = client.messages.create(**body)`,
        `print("".join(block.text for block in message.content if block.type == "text"))`,
      );
    }
    return lines.join('\n');
  }
  const b = p.body ?? {};
  const { contents, systemInstruction, generationConfig, ...rest } = b;
  const config: Record<string, unknown> = {
    ...(typeof generationConfig === 'object' && generationConfig !== null ? generationConfig : {}),
    ...rest,
  };
  if (systemInstruction !== undefined) config['systemInstruction'] = systemInstruction;
  lines.push(
    `# pip install google-genai`,
    `import json`,
    `import os`,
    ``,
    `from google import genai`,
    `from google.genai import types`,
    ``,
    ...pyEnv(p),
    ``,
    ``,
    `def key_in_query(request):`,
    `    # The spec wants the generate-content key in the query (§5); the library sends it as a header.`,
    `    request.headers.pop("${GENERATE_KEY_HEADER}", None)`,
    `    request.url = request.url.copy_merge_params({"key": KEY})`,
    ``,
    ``,
    `# Generate-content clients are configured with {base_url}/v1beta (spec §1); api_version="" keeps the`,
    `# library from appending /v1beta a second time.`,
    `client = genai.Client(`,
    `    api_key=KEY,`,
    `    http_options=types.HttpOptions(`,
    `        base_url=f"{BASE_URL}/v1beta",`,
    `        api_version="",`,
    ...(Object.keys(extra).length > 0 ? [`        headers=${pyDict(extra)},`] : []),
    `        client_args={"event_hooks": {"request": [key_in_query]}},`,
    `    ),`,
    `)`,
    '',
    `model = ${py(p.model)}`,
    pyBody(contents ?? [], 'contents'),
    pyBody(config, 'config'),
    '',
  );
  lines.push(
    '',
    `def text_of(chunk):`,
    `    content = chunk.candidates[0].content if chunk.candidates else None`,
    `    return "".join(part.text for part in (content.parts if content and content.parts else []) if part.text and not part.thought)`,
    '',
    '',
  );
  const text = `text_of(chunk)`;
  if (p.stream) {
    lines.push(
      `for chunk in client.models.generate_content_stream(model=model, contents=contents, config=config):`,
      `    print(${text}, end="", flush=True)`,
      `print()`,
    );
  } else {
    lines.push(
      `chunk = client.models.generate_content(model=model, contents=contents, config=config)`,
      `print(${text})`,
    );
  }
  return lines.join('\n');
}

/** Python, Node and fetch snippets for one exchange record. Throws an Error a user can read when the record cannot be turned into code. */
export function toCode(exchange: Exchange): CodeSnippets {
  const p = parse(exchange);
  return { python: toPython(p), node: toNode(p), fetch: toFetch(p) };
}
