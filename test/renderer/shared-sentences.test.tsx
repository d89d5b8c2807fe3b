// What shared/ and the host say in English and the page shows (a file that cannot be attached, a base
// address, a preset or a presets file refused, a parameter out of range, where the keys are kept) is said
// in the page's language: the English page says exactly what the host and the command line print, the
// Chinese page says every one of them in Chinese, keeping the names, sizes and paths.
import { isValidElement, type ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import {
  ATTACHMENT_LIMITS,
  fileRefusal,
  messageAttachmentsRefusal,
  refusalText,
  type AttachmentRefusal,
} from '../../shared/attachments.ts';
import { normaliseBaseUrl } from '../../shared/endpoints.ts';
import { ParamsSchema } from '../../shared/conversation.ts';
import { fillPreset, parsePresetsFile, PresetInputSchema } from '../../shared/presets.ts';
import { MAX_TOOL_RESULT_CHARS, ToolDefSchema } from '../../shared/tools.ts';
import { describeFile, inspectFile } from '../../electron/core/files/describe.ts';
import { pngHeader } from '../core/helpers/images.ts';
import { createMemoryVault } from '../../electron/vault/memory-vault.ts';
import { createPlainFileVault } from '../../electron/vault/file-vault.ts';
import { setActiveLocale } from '../../renderer/i18n/active.ts';
import { hostFileProblem, refusalMessage } from '../../renderer/i18n/file-problem-text.ts';
import { sharedProblemText } from '../../renderer/i18n/problem-text.ts';
import { missingVariablesText, presetProblemText } from '../../renderer/i18n/preset-problem-text.ts';
import {
  baseUrlProblemMessage,
  pastedEndpointNote,
} from '../../renderer/features/settings/base-url-text.tsx';
import { vaultMessage } from '../../renderer/features/settings/vault-text.tsx';

afterEach(() => setActiveLocale('en'));

const HAN = /[\u4e00-\u9fff]/;
/** An English phrase left over: three English words in a row. */
const ENGLISH = /[A-Za-z]{3,} [a-z]{2,} [a-z]{3,}/;

/** The text a React node shows. */
function textOf(node: ReactNode): string {
  const html = renderToStaticMarkup(isValidElement(node) ? node : <>{node}</>);
  return html
    .replace(/<[^>]+>/g, '')
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&amp;/g, '&');
}

function expectChinese(zh: string, english: string) {
  expect(zh, english).toMatch(HAN);
  expect(zh, english).not.toMatch(ENGLISH);
}

describe('a file that cannot be attached', () => {
  const mb = 1024 * 1024;
  const image = (name: string, mimeType: string, bytes: number) => ({
    name,
    mimeType,
    kind: 'image' as const,
    bytes,
  });
  const REFUSALS: AttachmentRefusal[] = [
    fileRefusal('setup.exe', undefined, 10),
    fileRefusal('empty.txt', 'text', 0),
    fileRefusal('log.txt', 'text', 3 * mb),
    fileRefusal('huge.png', 'image', ATTACHMENT_LIMITS.fileBytes + 1),
    messageAttachmentsRefusal(
      'chat',
      Array.from({ length: ATTACHMENT_LIMITS.count + 1 }, (_, i) => image(`${i}.png`, 'image/png', 10)),
    ),
    messageAttachmentsRefusal('chat', [
      image('a.png', 'image/png', 16 * mb),
      image('b.png', 'image/png', 16 * mb),
    ]),
    messageAttachmentsRefusal('generate', [image('cat.gif', 'image/gif', 10)]),
    messageAttachmentsRefusal('messages', [image('big.jpg', 'image/jpeg', 4 * mb)]),
    messageAttachmentsRefusal('messages', [
      { ...image('wide.png', 'image/png', mb), width: 9000, height: 1000 },
    ]),
  ].filter((r): r is AttachmentRefusal => r !== undefined);

  it('every refusal is made (the cases above reach each one)', () => {
    expect(new Set(REFUSALS.map((r) => r.code)).size).toBe(9);
  });

  it('the English page says shared/’s sentence exactly', () => {
    for (const r of REFUSALS) expect(refusalMessage(r)).toBe(refusalText(r));
  });

  it('the Chinese page says each in Chinese, with the file’s name and sizes', () => {
    setActiveLocale('zh-CN');
    for (const r of REFUSALS) expectChinese(refusalMessage(r), refusalText(r));
    expect(refusalMessage(fileRefusal('log.txt', 'text', 3 * mb) as AttachmentRefusal)).toBe(
      '“log.txt”大小为 3 MB；文本文件会放入提示词，最大 2 MB。',
    );
    expect(refusalMessage(REFUSALS[4] as AttachmentRefusal)).toBe(
      '一条消息最多附带 10 个文件；这条有 11 个。',
    );
  });

  it('the host’s refusals of a file’s bytes are said in Chinese too; the English page keeps the host’s words', () => {
    const text = (name: string, type: string, content: string) => {
      const d = describeFile(name, type, new TextEncoder().encode(content));
      return 'problem' in d ? d.problem : '';
    };
    const HOST = [
      text('photo.png', 'image/png', 'not an image'),
      text('paper.pdf', 'application/pdf', 'not a pdf'),
      text('notes.txt', 'text/plain', 'a\u0000b'),
      text('tool.exe', '', 'MZ'),
      '"notes.txt" did not arrive whole (its data is not valid base64).',
      'name: The file name is longer than 255 characters.',
    ];
    for (const s of HOST) expect(hostFileProblem(s)).toBe(s);
    const notUtf8 = describeFile('latin.txt', 'text/plain', new Uint8Array([0x63, 0x61, 0x66, 0xe9]));
    HOST.push('problem' in notUtf8 ? notUtf8.problem : '');
    setActiveLocale('zh-CN');
    for (const s of HOST) expectChinese(hostFileProblem(s), s);
    expect(hostFileProblem(HOST[0] as string)).toBe(
      '“photo.png”不是 PNG、JPEG、WebP 或 GIF 图片（文件内容不符）。',
    );
    expect(hostFileProblem('Something new.')).toBe('Something new.');
  });

  it('the host’s image checks (the pixel cap, data that does not decode, a fit that failed) too', async () => {
    const problem = async (name: string, bytes: Uint8Array) => {
      const d = await inspectFile(name, 'image/png', bytes);
      return 'problem' in d ? d.problem : '';
    };
    const HOST = [
      await problem('huge.png', pngHeader(16000, 16000)),
      await problem('stub.png', pngHeader(10, 10)),
      '"big.png" could not be fitted: the image could not be brought within the limits.',
    ];
    expect(HOST[0]).toBe(
      '"huge.png" declares 16000x16000 pixels (256 megapixels); Quartet takes images of at most 64 megapixels.',
    );
    for (const s of HOST) expect(hostFileProblem(s)).toBe(s);
    setActiveLocale('zh-CN');
    for (const s of HOST) expect(hostFileProblem(s), s).toMatch(HAN);
    expect(hostFileProblem(HOST[0] as string)).toBe(
      '“huge.png”声明的尺寸为 16000x16000 像素（256 百万像素）；Quartet 只接受不超过 64 百万像素的图片。',
    );
    expect(hostFileProblem(HOST[1] as string)).toBe('无法解码“stub.png”：图片数据已损坏或不完整。');
  });
});

describe('a base address in Settings', () => {
  const REFUSED = [
    '',
    'api.example.com',
    'ftp://files.example.com',
    'https://u:p@h.example',
    'https://h.example?x=1',
  ];
  const PASTED = [
    'https://api.example.com/v1/chat/completions',
    'https://h.example/v1/images/generations',
    'https://h.example/v1/models',
    'https://h.example/v1beta/models/g:generateContent?key=AIza-secret',
  ];

  it('the English page says shared/’s refusals and notes exactly', () => {
    for (const input of REFUSED) {
      const r = normaliseBaseUrl(input);
      if (r.ok) throw new Error(`accepted ${input}`);
      expect(textOf(baseUrlProblemMessage(r.problem))).toBe(r.message);
    }
    for (const input of PASTED) {
      const r = normaliseBaseUrl(input);
      if (!r.ok || !r.pasted) throw new Error(`not a pasted endpoint: ${input}`);
      expect(textOf(pastedEndpointNote(r.root, r.pasted))).toBe(r.note);
    }
  });

  it('the Chinese page says them in Chinese; what was typed and the addresses are marked not to translate', () => {
    setActiveLocale('zh-CN');
    for (const input of REFUSED) {
      const r = normaliseBaseUrl(input);
      if (!r.ok) expect(textOf(baseUrlProblemMessage(r.problem))).toMatch(HAN);
    }
    const scheme = normaliseBaseUrl('ftp://files.example.com');
    if (scheme.ok) throw new Error('accepted');
    expect(renderToStaticMarkup(<>{baseUrlProblemMessage(scheme.problem)}</>)).toBe(
      '基础地址必须以 <span translate="no">http://</span> 或 <span translate="no">https://</span> 开头，而不是 <span translate="no">ftp://</span>。',
    );
    const pasted = normaliseBaseUrl(PASTED[3] as string);
    if (!pasted.ok || !pasted.pasted) throw new Error('not pasted');
    expect(textOf(pastedEndpointNote(pasted.root, pasted.pasted))).toBe(
      '这是 Generate Content 的完整端点：Quartet 使用它的基础地址 https://h.example，并自行添加各接口的路径。查询中的密钥没有保留：密钥请在“密钥”部分设置。',
    );
  });
});

describe('parameters, functions and presets refused by shared/ or the host', () => {
  const issue = (r: { success: boolean; error?: { issues: { message: string }[] } }) =>
    r.error?.issues[0]?.message ?? '';
  const PARAMS = [
    { system: 'x'.repeat(200_001) },
    { temperature: 3 },
    { maxTokens: 0 },
    { thinkingBudget: -2 },
    { topP: 2 },
    { topK: 0 },
    { stop: [''] },
    { stop: ['a', 'b', 'c', 'd', 'e'] },
    { seed: 1.5 },
    { presencePenalty: 3 },
    { frequencyPenalty: 3 },
    { reasoningEffort: 'max' },
    { reasoningSummary: 'long' },
    { thinkingLevel: 'mid' },
    { output: { mode: 'schema', name: 'a b', schema: '{}' } },
    { output: { mode: 'schema', name: 'a', schema: 5 } },
    { extraBody: 5 },
    { stream: 'yes' },
    { output: { mode: 'xml' } },
    { toolChoice: 5 },
  ].map((p) => issue(ParamsSchema.safeParse(p)));
  const TOO_LONG_RESULT = issue(
    ToolDefSchema.safeParse({
      name: 'f',
      parameters: '{}',
      fixedResult: 'x'.repeat(MAX_TOOL_RESULT_CHARS + 1),
    }),
  );

  it('every parameter’s sentence, and zod’s own where shared/ has none, is said in Chinese', () => {
    const all = [...PARAMS, TOO_LONG_RESULT];
    expect(all.filter((s) => s === '')).toEqual([]);
    for (const s of all) expect(sharedProblemText(s)).toBe(s);
    setActiveLocale('zh-CN');
    for (const s of all) expectChinese(sharedProblemText(s), s);
    expect(sharedProblemText(TOO_LONG_RESULT)).toBe('过长：最多 2,000,000 个字符');
  });

  const presetIssue = (input: unknown) => issue(PresetInputSchema.safeParse(input));
  const file = (presets: unknown) => JSON.stringify({ quartet: 'presets', version: 1, presets });
  const refused = (text: string) => {
    const r = parsePresetsFile(text);
    return r.ok ? '' : r.message;
  };
  const skipped = (presets: unknown[]) => {
    const r = parsePresetsFile(file(presets));
    return r.ok ? r.skipped.map((s) => s.reason) : [];
  };
  const PRESETS = [
    presetIssue({ name: ' ', params: {} }),
    presetIssue({ name: 'x'.repeat(101), params: {} }),
    presetIssue({ name: 'a', params: {}, description: 5 }),
    presetIssue({ name: 'a', params: {}, description: 'x'.repeat(1001) }),
    presetIssue({ name: 'a', params: {}, message: 5 }),
    presetIssue({ name: 'a', params: {}, message: 'x'.repeat(200_001) }),
    refused(JSON.stringify({ quartet: 'conversation', version: 1 })),
    refused(JSON.stringify({ hello: 1 })),
    refused(JSON.stringify({ quartet: 'presets', version: 9, presets: [] })),
    refused(JSON.stringify({ quartet: 'presets', version: 1, presets: 3 })),
    ...skipped([
      3,
      { params: {} },
      { name: 'hot', params: { temperature: 9 } },
      { name: 's', params: { stream: 1 } },
    ]),
    // the host's own words (test/handlers/presets.test.ts holds it to them)
    'There is already a preset named “Translator”. Choose another name.',
    'There are no presets to export.',
    'content: The file is larger than 20 MB.',
  ];

  it('a preset or a presets file refused: the English page keeps the host’s words, the Chinese says them', () => {
    expect(PRESETS.filter((s) => s === '')).toEqual([]);
    for (const s of PRESETS) expect(presetProblemText(s)).toBe(s);
    setActiveLocale('zh-CN');
    for (const s of PRESETS) expectChinese(presetProblemText(s), s);
    // the JSON engine's own detail stays as the engine wrote it
    const notJson = refused('{oops');
    expect(presetProblemText(notJson)).toMatch(/^文件不是有效的 JSON（.+）。$/);
    const [fixed] = skipped([
      { name: 'f', params: { tools: [{ name: 'f', parameters: '{}', fixedResult: '{' }] } },
    ]);
    expect(presetProblemText(fixed ?? '')).toMatch(
      /^字段 params\.tools\.0\.fixedResult：固定结果：不是有效的 JSON（.+）。$/,
    );
    expect(presetProblemText('params.temperature: Temperature must be a number from 0 to 2.')).toBe(
      '字段 params.temperature：温度必须是 0 到 2 之间的数。',
    );
    expect(presetProblemText('params.stream: Invalid input: expected boolean, received number.')).toBe(
      '字段 params.stream：输入无效：应为 boolean，实际为 number。',
    );
    // a preset with several problems says each one, and how many more past the first 20
    const [several] = skipped([{ name: 'hot', params: { temperature: 9, stream: 1 } }]);
    expect(presetProblemText(several ?? '')).toBe(
      '字段 params.temperature：温度必须是 0 到 2 之间的数。字段 params.stream：输入无效：应为 boolean，实际为 number。',
    );
    const [many] = skipped([
      { name: 'm', params: { tools: Array.from({ length: 25 }, () => ({ name: '-', parameters: '{}' })) } },
    ]);
    const manyZh = presetProblemText(many ?? '');
    expectChinese(manyZh, many ?? '');
    expect(manyZh.split('字段 ')).toHaveLength(21);
    expect(manyZh).toMatch(/另有 \d+ 处问题。$/);
  });

  it('the variables still empty are named as shared/ names them, and in Chinese', () => {
    const preset = { params: { stream: true, system: '{{a}} {{b}} {{c}}' } };
    for (const values of [{ a: 'x', b: 'y' }, { a: 'x' }, {}]) {
      const filled = fillPreset(preset, values);
      if (filled.ok) throw new Error('filled');
      setActiveLocale('en');
      expect(missingVariablesText(filled.missing)).toBe(filled.message);
      setActiveLocale('zh-CN');
      expect(missingVariablesText(filled.missing)).toMatch(HAN);
    }
    expect(missingVariablesText(['a', 'b'])).toBe('请填写 {{a}}、{{b}}：每个变量都需要一个值。');
  });
});

describe('where the keys are kept (Settings)', () => {
  it('the host’s sentence for each kind of vault is said in Chinese, the path kept as it is', async () => {
    const memory = (await createMemoryVault().info()).message;
    const file = (await createPlainFileVault('/home/u/.local/share/quartet/keys.plain.json').info()).message;
    const encrypted = 'Keys are encrypted with the macOS Keychain and readable only by your user account.';
    for (const m of [memory, file, encrypted]) expect(vaultMessage(m)).toBe(m);
    setActiveLocale('zh-CN');
    for (const m of [memory, file, encrypted]) expectChinese(textOf(vaultMessage(m)), m);
    expect(renderToStaticMarkup(<>{vaultMessage(file)}</>)).toContain(
      '<span translate="no">/home/u/.local/share/quartet/keys.plain.json</span>',
    );
    expect(textOf(vaultMessage(encrypted))).toBe('密钥由 macOS 钥匙串加密，只有你的用户账户可以读取。');
  });
});
