import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterEach, describe, expect, it } from 'vitest';
import { fillPreset, PRESET_FILE_MAX_CHARS, type SavedPreset } from '../../shared/presets.ts';
import { createHarness, type Harness } from '../support/app-core.ts';

let h: Harness;
afterEach(async () => {
  await h.expectNoKeyLeak();
  await h.close();
});

const translator = {
  name: 'Translator',
  description: 'Any language',
  params: {
    stream: true,
    system: 'Translate into {{language}}.',
    temperature: 0.2,
    tools: [{ name: 'get_time', parameters: '{"type":"object","properties":{}}' }],
    toolChoice: 'auto' as const,
    output: { mode: 'json' as const },
  },
  message: 'Please translate: {{text}}',
};

describe('presets', () => {
  it('saves, lists by name, updates, refuses a name taken (any case), deletes, and keeps them across a restart', async () => {
    h = await createHarness({ connect: false });
    const t = await h.call('savePreset', translator);
    expect(t).toMatchObject({ ...translator, id: expect.any(String) });
    const a = await h.call('savePreset', { name: '  alpha  ', params: { temperature: 1 } });
    expect(a.name).toBe('alpha');
    expect(a.params).toEqual({ stream: true, temperature: 1 });
    expect((await h.call('listPresets', {})).presets.map((p) => p.name)).toEqual(['alpha', 'Translator']);

    const clash = await h.fail('savePreset', { name: 'TRANSLATOR', params: {} });
    expect(clash).toMatchObject({
      kind: 'invalid-input',
      message: 'There is already a preset named “Translator”. Choose another name.',
      issues: [{ path: 'name' }],
    });
    // renaming a preset to its own name in another case is fine
    const renamed = await h.call('savePreset', { ...translator, id: t.id, name: 'translator' });
    expect(renamed).toMatchObject({ id: t.id, name: 'translator', createdAt: t.createdAt });

    expect((await h.fail('savePreset', { name: '', params: {} })).message).toBe(
      'name: Give the preset a name.',
    );
    expect((await h.fail('savePreset', { name: 'x'.repeat(101), params: {} })).message).toBe(
      'name: A preset name is at most 100 characters.',
    );
    expect((await h.fail('savePreset', { name: 'Hot', params: { temperature: 3 } })).message).toBe(
      'params.temperature: Temperature must be a number from 0 to 2.',
    );
    expect(await h.fail('savePreset', { id: 'gone', name: 'Gone', params: {} })).toMatchObject({
      kind: 'not-found',
    });

    await h.restart();
    const after = (await h.call('listPresets', {})).presets;
    expect(after.map((p) => p.name)).toEqual(['alpha', 'translator']);
    expect(after[1]).toMatchObject({ params: translator.params, message: translator.message });
    expect(await h.call('deletePreset', { id: a.id })).toEqual({ deleted: true });
    expect(await h.call('deletePreset', { id: a.id })).toEqual({ deleted: false });
    expect((await h.call('listPresets', {})).presets).toHaveLength(1);
  });

  it('exports a file that imports again, with clashing names numbered', async () => {
    h = await createHarness({ connect: false });
    await h.call('savePreset', translator);
    await h.call('savePreset', { name: 'Poet', params: { system: 'Rhyme.' } });
    const file = await h.call('exportPresets', {});
    expect(file.filename).toMatch(/^quartet-presets-\d{4}-\d{2}-\d{2}-\d{4}\.json$/);
    expect(file.mime).toBe('application/json');
    const parsed = JSON.parse(file.content) as { quartet: string; version: number; presets: unknown[] };
    expect(parsed).toMatchObject({ quartet: 'presets', version: 1 });
    expect(parsed.presets).toHaveLength(2);

    const r = await h.call('importPresets', { content: file.content });
    expect(r.skipped).toEqual([]);
    expect(r.imported.map((p) => p.name)).toEqual(['Poet (2)', 'Translator (2)']);
    const list = (await h.call('listPresets', {})).presets;
    expect(list.map((p) => p.name)).toEqual(['Poet', 'Poet (2)', 'Translator', 'Translator (2)']);
    expect(list.find((p) => p.name === 'Translator (2)')).toMatchObject({
      params: translator.params,
      message: translator.message,
      description: translator.description,
    });
    expect(new Set(list.map((p) => p.id)).size).toBe(4);

    // only the ones asked for
    const one = await h.call('exportPresets', { ids: [list[0]?.id ?? ''] });
    expect((JSON.parse(one.content) as { presets: { name: string }[] }).presets.map((p) => p.name)).toEqual([
      'Poet',
    ]);
  });

  it('imports the good presets of a file with bad ones, says why each was skipped, and refuses what is no presets file', async () => {
    h = await createHarness({ connect: false });
    const content = JSON.stringify({
      quartet: 'presets',
      version: 1,
      presets: [
        { name: 'Fine', params: { system: 'ok' } },
        { name: 'Broken schema', params: { output: { mode: 'schema', name: 'a', schema: '{' } } },
      ],
    });
    const r = await h.call('importPresets', { content });
    expect(r.imported.map((p) => p.name)).toEqual(['Fine']);
    expect(r.skipped).toHaveLength(1);
    expect(r.skipped[0]).toMatchObject({ position: 2, name: 'Broken schema' });
    expect(r.skipped[0]?.reason).toMatch(/^params\.output\.schema: /);

    expect(
      await h.fail('importPresets', { content: '{"quartet":"conversation","version":2}' }),
    ).toMatchObject({
      kind: 'invalid-input',
      message: 'This is a conversation export; import it from the conversation list instead.',
    });
    expect((await h.fail('importPresets', { content: 'x'.repeat(PRESET_FILE_MAX_CHARS + 1) })).message).toBe(
      'content: The file is larger than 20 MB.',
    );
    expect((await h.fail('exportPresets', { ids: ['nothing'] })).message).toBe(
      'There are no presets to export.',
    );
    expect((await h.call('listPresets', {})).presets).toHaveLength(1);
  });

  it('lists a preset a newer release saved apart, and leaves it untouched', async () => {
    h = await createHarness({ connect: false });
    const db = new DatabaseSync(join(h.dataDir, 'quartet.db'));
    const body = JSON.stringify({ version: 2, params: { stream: true }, future: 'field' });
    db.prepare('INSERT INTO presets (id, name, body, created_at, updated_at) VALUES (?, ?, ?, ?, ?)').run(
      'future',
      'From the future',
      body,
      1,
      1,
    );
    db.close();
    await h.call('savePreset', { name: 'Today', params: {} });
    const list = await h.call('listPresets', {});
    expect(list.presets.map((p) => p.name)).toEqual(['Today']);
    expect(list.unreadable).toEqual([
      {
        id: 'future',
        name: 'From the future',
        reason: 'A newer version of Quartet saved it; this one cannot read it.',
      },
    ]);
    // an export carries what this release can read; the newer one stays in the database as it was
    const file = await h.call('exportPresets', {});
    expect(file.content).not.toContain('From the future');
    const raw = new DatabaseSync(join(h.dataDir, 'quartet.db'), { readOnly: true });
    expect(raw.prepare('SELECT body FROM presets WHERE id = ?').get('future')).toEqual({ body });
    raw.close();
  });

  it('a filled preset starts a conversation whose request carries the filled system prompt', async () => {
    h = await createHarness();
    const saved: SavedPreset = await h.call('savePreset', {
      name: 'Lang',
      params: { system: 'Answer in {{language}}.' },
    });
    const filled = fillPreset(saved, { language: 'Welsh' });
    if (!filled.ok) throw new Error(filled.message);
    for (const format of ['chat', 'responses', 'messages', 'generate'] as const) {
      const c = await h.call('createConversation', { format, model: 'gpt-5-mini', params: filled.params });
      const sent = await h.call('sendMessage', {
        requestId: `r-${format}`,
        conversationId: c.id,
        text: 'Hello',
      });
      const exchange = await h.call('getExchange', { id: sent.reply.exchangeId ?? '' });
      const body = JSON.parse(exchange.requestBody ?? '{}') as Record<string, unknown>;
      const system = {
        chat: () => (body.messages as { role: string; content: string }[])[0],
        responses: () => body.instructions,
        messages: () => body.system,
        generate: () => body.systemInstruction,
      }[format]();
      expect(JSON.stringify(system), format).toContain('Answer in Welsh.');
      expect(exchange.requestBody, format).not.toContain('{{language}}');
    }
  });
});
