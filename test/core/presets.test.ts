import { describe, expect, it } from 'vitest';
import {
  fillPreset,
  fillTemplate,
  freeName,
  parsePresetsFile,
  PRESET_IMPORT_MAX,
  presetBody,
  presetFromRow,
  presetVariables,
  templateVariables,
  toPresetsFile,
  type Preset,
} from '../../shared/presets.ts';

const preset = (over: Partial<Preset> = {}): Preset => ({
  id: 'p1',
  name: 'Translator',
  params: { stream: true, system: 'Translate into {{language}}. Keep a {{ tone }} tone.', temperature: 0.3 },
  message: 'Translate this into {{language}}:\n',
  ...over,
});

describe('preset variables', () => {
  it('finds {{name}} and {{ name }} once each, in order, across the system prompt and the message', () => {
    expect(templateVariables('{{a}} {{ b }} {{a}}\t{{\tc_1 }}')).toEqual(['a', 'b', 'c_1']);
    expect(presetVariables(preset())).toEqual(['language', 'tone']);
    expect(presetVariables(preset({ message: 'About {{topic}} in {{language}}' }))).toEqual([
      'language',
      'tone',
      'topic',
    ]);
  });

  it('ignores what is not a variable name', () => {
    expect(templateVariables('{{1st}} {{a-b}} {{ }} {{}} {a} {{a b}} {{\na\n}}')).toEqual([]);
    expect(templateVariables(undefined)).toEqual([]);
    expect(presetVariables(preset({ params: { stream: true }, message: undefined }))).toEqual([]);
  });
});

describe('filling a preset', () => {
  it('puts every value into the system prompt and the message, every occurrence', () => {
    const r = fillPreset(preset({ message: '{{language}}? {{ language }}!' }), {
      language: 'French',
      tone: 'dry',
    });
    expect(r).toEqual({
      ok: true,
      params: { stream: true, system: 'Translate into French. Keep a dry tone.', temperature: 0.3 },
      message: 'French? French!',
    });
  });

  it('inserts values literally: no second expansion, no $ patterns', () => {
    expect(fillTemplate('{{a}} and {{b}}', { a: '{{b}}', b: '$& $1 $$' })).toBe('{{b}} and $& $1 $$');
  });

  it('names every empty variable, and a value of spaces counts as empty', () => {
    const r = fillPreset(preset(), { language: ' ', tone: '' });
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.missing).toEqual(['language', 'tone']);
    expect(r.message).toBe('Fill in {{language}} and {{tone}}: every variable needs a value.');
    const one = fillPreset(preset(), { language: 'German' });
    expect(one.ok ? '' : one.message).toBe('Fill in {{tone}}: every variable needs a value.');
  });

  it('leaves a preset without variables or a message as it is', () => {
    const plain = preset({ params: { stream: false, maxTokens: 50 }, message: undefined });
    expect(fillPreset(plain, {})).toEqual({ ok: true, params: { stream: false, maxTokens: 50 } });
  });
});

describe('stored presets', () => {
  const row = (body: string) => ({ id: 'x', name: 'Saved', body, createdAt: 1, updatedAt: 2 });

  it('reads back what presetBody wrote, tools and schema included', () => {
    const p = preset({
      description: 'For travel',
      params: {
        stream: true,
        system: 'Hi',
        tools: [{ name: 'get_time', parameters: '{"type":"object"}' }],
        toolChoice: 'required',
        output: { mode: 'schema', name: 'answer', schema: '{"type":"object"}' },
      },
    });
    const read = presetFromRow(row(presetBody(p)));
    expect(read).toEqual({ ok: true, preset: { ...p, id: 'x', name: 'Saved', createdAt: 1, updatedAt: 2 } });
  });

  it('says why a row cannot be read: a newer release, damage', () => {
    const newer = presetFromRow(row(JSON.stringify({ version: 2, params: { stream: true } })));
    expect(newer).toEqual({
      ok: false,
      reason: 'A newer version of Quartet saved it; this one cannot read it.',
    });
    expect(presetFromRow(row('{oops'))).toEqual({
      ok: false,
      reason: 'Its stored text is damaged (not JSON).',
    });
    const bad = presetFromRow(row(JSON.stringify({ version: 1, params: { temperature: 9 } })));
    expect(bad.ok ? '' : bad.reason).toContain('Temperature must be a number from 0 to 2.');
  });
});

describe('presets file', () => {
  it('round-trips: export then import gives the same presets, without ids', () => {
    const file = toPresetsFile([
      preset(),
      preset({ id: 'p2', name: 'Poet', description: 'Rhymes', message: undefined }),
    ]);
    expect(file.quartet).toBe('presets');
    expect(file.version).toBe(1);
    expect(JSON.stringify(file)).not.toContain('"id"');
    const r = parsePresetsFile(JSON.stringify(file));
    expect(r.ok && r.presets).toEqual(file.presets);
    expect(r.ok && r.skipped).toEqual([]);
  });

  it('skips each bad preset with its place, name and reason, and keeps the rest', () => {
    const text = JSON.stringify({
      quartet: 'presets',
      version: 1,
      presets: [
        { name: 'Good', params: { system: 'ok' } },
        { name: 'Too hot', params: { temperature: 5 } },
        'not an object',
        { params: {} },
        { name: 'No params' },
        { name: 'Good too', params: { stream: false } },
      ],
    });
    const r = parsePresetsFile(text);
    if (!r.ok) throw new Error(r.message);
    expect(r.presets.map((p) => p.name)).toEqual(['Good', 'Good too']);
    // stream defaults as a new conversation's does
    expect(r.presets[0]?.params.stream).toBe(true);
    expect(r.skipped).toEqual([
      {
        position: 2,
        name: 'Too hot',
        reason: 'params.temperature: Temperature must be a number from 0 to 2.',
      },
      { position: 3, reason: 'It is not an object.' },
      { position: 4, reason: 'name: Give the preset a name.' },
      { position: 5, name: 'No params', reason: expect.stringMatching(/^params: /) },
    ]);
  });

  it('a skipped preset names every problem it has, the first 20 of many', () => {
    const tools = Array.from({ length: 30 }, (_, i) => ({ name: `bad name ${i}`, parameters: '{}' }));
    const text = JSON.stringify({
      quartet: 'presets',
      version: 1,
      presets: [
        { name: 'hot', params: { temperature: 9, topP: 5, stream: 1 } },
        { name: 'many', params: { tools } },
      ],
    });
    const r = parsePresetsFile(text);
    if (!r.ok) throw new Error(r.message);
    expect(r.skipped[0]?.reason).toBe(
      'params.temperature: Temperature must be a number from 0 to 2; ' +
        'params.stream: Invalid input: expected boolean, received number; ' +
        'params.topP: Top P must be a number from 0 to 1.',
    );
    const many = r.skipped[1]?.reason ?? '';
    expect(many.split('; ')).toHaveLength(21);
    expect(many).toMatch(/^params\.tools\.0\.name: /);
    expect(many).toMatch(/; params\.tools\.19\.name: [^;]+; and 10 more\.$/);
  });

  it('renames clashes with stored names and within the file, without regard to case', () => {
    const text = JSON.stringify(
      toPresetsFile([
        preset({ name: 'translator' }),
        preset({ name: 'Translator' }),
        preset({ name: 'Other' }),
      ]),
    );
    const r = parsePresetsFile(text, ['Translator', 'Translator (2)']);
    expect(r.ok && r.presets.map((p) => p.name)).toEqual(['translator (3)', 'Translator (4)', 'Other']);
    const long = 'x'.repeat(100);
    expect(freeName(long, new Set([long]))).toBe(`${'x'.repeat(96)} (2)`);
  });

  it('refuses a file that is not a presets file at all, saying what it is', () => {
    const msg = (text: string) => {
      const r = parsePresetsFile(text);
      return r.ok ? 'accepted' : r.message;
    };
    expect(msg('{not json')).toMatch(/^The file is not valid JSON \(/);
    expect(msg('[]')).toBe(
      'The file is not a Quartet presets export (it should start with "quartet": "presets").',
    );
    expect(msg('{"quartet":"conversation","version":2}')).toBe(
      'This is a conversation export; import it from the conversation list instead.',
    );
    expect(msg('{"quartet":"presets","version":2,"presets":[]}')).toBe(
      'The file is from a newer Quartet (presets version 2; this one reads version 1).',
    );
    expect(msg('{"quartet":"presets","version":1,"presets":{}}')).toBe(
      'The file\'s "presets" is not a list.',
    );
  });

  it(`takes at most ${PRESET_IMPORT_MAX} presets from one file and reports the rest`, () => {
    const many = Array.from({ length: PRESET_IMPORT_MAX + 2 }, (_, i) => ({ name: `P${i}`, params: {} }));
    const r = parsePresetsFile(JSON.stringify({ quartet: 'presets', version: 1, presets: many }));
    if (!r.ok) throw new Error(r.message);
    expect(r.presets).toHaveLength(PRESET_IMPORT_MAX);
    expect(r.skipped.map((s) => s.position)).toEqual([PRESET_IMPORT_MAX + 1, PRESET_IMPORT_MAX + 2]);
  });
});
