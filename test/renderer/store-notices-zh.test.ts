// The store's own words on a Chinese page: a refused file's chip and why the message cannot go, a send
// refused before it starts, a preset applied or refused, a failed rename (the host's reason kept as it
// said it) and the auto-answer stop are Chinese; the English page keeps its words (the other store tests).
import { afterEach, describe, expect, it } from 'vitest';
import type { Settings } from '../../shared/contract.ts';
import type { Conversation } from '../../shared/conversation.ts';
import type { SavedPreset } from '../../shared/presets.ts';
import { setActiveLocale } from '../../renderer/i18n/active.ts';
import { fakeBridge, freshStore, type Impl } from './fake-bridge.ts';

const SETTINGS: Settings = { theme: 'system', tabs: {}, compareColumns: [] };
const CONVERSATION: Conversation = {
  id: 'c1',
  format: 'chat',
  model: 'gpt-5-mini',
  title: 'Hello',
  params: { stream: true },
  turns: [],
  createdAt: 1,
  updatedAt: 1,
};

let t = freshStore();
afterEach(() => {
  t = freshStore();
  setActiveLocale('en');
});

function install(impl: Impl) {
  setActiveLocale('zh-CN');
  const fake = fakeBridge(impl);
  t.setBridge(fake.bridge);
  t.store.setState({ settings: SETTINGS, loaded: { c1: CONVERSATION } });
  return fake;
}

const lastNotice = () => t.store.getState().notices.at(-1)?.message;

describe('the store’s words on a Chinese page', () => {
  it('a file Quartet does not attach: its chip and the refused send say why in Chinese', async () => {
    install({});
    await t.store
      .getState()
      .addFiles('new:chat', [new File(['MZ'], 'setup.exe', { type: 'application/x-msdownload' })]);
    const [chip] = t.store.getState().composerFiles['new:chat'] ?? [];
    expect(chip?.error).toBe(
      '无法附加“setup.exe”：Quartet 只接受图片（PNG、JPEG、WebP、GIF）、PDF 和文本文件。',
    );
    expect(await t.store.getState().send('chat', 'hi')).toBe(false);
    expect(lastNotice()).toBe(
      '未发送：无法附加“setup.exe”：Quartet 只接受图片（PNG、JPEG、WebP、GIF）、PDF 和文本文件。移除它后才能发送。',
    );
  });

  it('a send without a model, and a failed rename with the host’s reason as it said it', async () => {
    install({
      updateConversation: () => ({ ok: false, error: { kind: 'internal', message: 'disk full' } }),
    });
    expect(await t.store.getState().send('messages', 'hi')).toBe(false);
    expect(lastNotice()).toBe('请先选择模型。');
    expect(await t.store.getState().renameConversation('c1', 'New')).toBe(false);
    expect(lastNotice()).toBe('无法重命名：disk full');
  });

  it('a preset: its empty variables named, then applied to a new conversation', () => {
    install({});
    const preset: SavedPreset = {
      id: 'p1',
      name: '翻译',
      params: { stream: true, system: 'Into {{language}}, {{tone}}.' },
      createdAt: 1,
      updatedAt: 1,
    };
    t.store.setState({ presets: [preset] });
    expect(t.store.getState().applyPresetToChat('chat', 'p1', {})).toBe(
      '请填写 {{language}}、{{tone}}：每个变量都需要一个值。',
    );
    expect(t.store.getState().applyPresetToChat('chat', 'gone', {})).toBe('此预设已不存在。');
    expect(t.store.getState().applyPresetToChat('chat', 'p1', { language: 'Welsh', tone: 'dry' })).toBeNull();
    expect(lastNotice()).toBe('已将“翻译”应用到新的 Chat Completions 对话。');
  });

  it('a preset refused by the host is said in Chinese', async () => {
    install({
      savePreset: () => ({
        ok: false,
        error: {
          kind: 'invalid-input',
          message: 'There is already a preset named “翻译”. Choose another name.',
          issues: [{ path: 'name', message: 'There is already a preset named “翻译”. Choose another name.' }],
        },
      }),
    });
    expect(await t.store.getState().savePreset({ name: '翻译', params: {} })).toEqual({
      ok: false,
      message: '已有名为“翻译”的预设。请换一个名称。',
      field: 'name',
    });
  });
});
