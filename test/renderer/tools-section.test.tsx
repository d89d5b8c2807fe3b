// @vitest-environment jsdom
// The parameters panel's Tools section as a user meets it: adding an example, a broken schema said with
// its line and column and blocking Send, a fixed result, the tool choice with what each format sends
// (required = any on messages, ANY on generate), and messages with thinking offering only auto or none.
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { Settings } from '../../shared/contract.ts';
import type { Params } from '../../shared/conversation.ts';
import type { TextFormat } from '../../shared/formats.ts';
import { TOOL_EXAMPLES } from '../../shared/tools.ts';
import { ParamsPanel } from '../../renderer/features/chat/ParamsPanel.tsx';
import { selectInvalidParam, selectTabParams } from '../../renderer/store/chat-helpers.ts';
import { fakeBridge, freshStore, ok } from './fake-bridge.ts';
import { renderWithStore } from './components/render.tsx';

afterEach(cleanup);

const SETTINGS: Settings = { theme: 'system', tabs: {}, compareColumns: [] };

function setup(format: TextFormat = 'chat', params?: Params) {
  const t = freshStore();
  t.setBridge(fakeBridge({ updateSettings: () => ok(SETTINGS) }).bridge);
  t.store.setState({ settings: SETTINGS, ...(params ? { draftParams: { [format]: params } } : {}) });
  renderWithStore(<ParamsPanel format={format} />, t.store);
  return t.store;
}

const tools = (store: ReturnType<typeof setup>, format: TextFormat = 'chat') =>
  selectTabParams(store.getState(), format).tools;
const choice = (store: ReturnType<typeof setup>, format: TextFormat = 'chat') =>
  selectTabParams(store.getState(), format).toolChoice;

function addExample(name: string) {
  fireEvent.change(screen.getByTestId('tool-add-example'), { target: { value: name } });
}

describe('the Tools section', () => {
  it('adds an example function, saved with the parameters, and offers each example once', () => {
    const store = setup();
    expect(tools(store)).toBeUndefined();
    addExample('get_weather');
    expect(tools(store)).toEqual([TOOL_EXAMPLES[0]]);
    expect(screen.getByTestId('tool-name')).toHaveProperty('value', 'get_weather');
    const option = screen.getByRole('option', { name: 'get_weather' }) as HTMLOptionElement;
    expect(option.disabled).toBe(true);
    expect(screen.getByText(/sent · 1 function/)).toBeTruthy();
    expect(screen.getByText(/Sent as tools: \[\{type: "function", function:/)).toBeTruthy();
  });

  it('says where a parameters schema stops being JSON, keeps it out of the request and blocks sending', () => {
    const store = setup();
    addExample('get_weather');
    const saved = tools(store);
    fireEvent.change(screen.getByTestId('tool-parameters'), {
      target: { value: '{\n  "type": "object",\n  "properties": \n}' },
    });
    expect(screen.getByTestId('tool-parameters-error').textContent).toMatch(
      /JSON Schema: not valid JSON at line 4, column 1/,
    );
    expect(tools(store)).toEqual(saved);
    expect(selectInvalidParam(store.getState(), 'chat')).toMatch(
      /^Tools: get_weather: JSON Schema: not valid JSON at line 4, column 1/,
    );
    fireEvent.change(screen.getByTestId('tool-parameters'), { target: { value: '{"type": "object"}' } });
    expect(screen.queryByTestId('tool-parameters-error')).toBeNull();
    expect(selectInvalidParam(store.getState(), 'chat')).toBeNull();
    expect(tools(store)?.[0]?.parameters).toBe('{"type": "object"}');
  });

  it('refuses a bad or repeated name, and a fixed result that is not JSON', () => {
    const store = setup();
    addExample('get_weather');
    addExample('get_time');
    const names = screen.getAllByTestId('tool-name');
    fireEvent.change(names[1]!, { target: { value: 'get weather' } });
    expect(screen.getByTestId('tool-name-error').textContent).toMatch(/letters, digits, underscores/);
    fireEvent.change(names[1]!, { target: { value: 'get_weather' } });
    expect(selectInvalidParam(store.getState(), 'chat')).toMatch(/Two functions are named get_weather/);
    fireEvent.change(names[1]!, { target: { value: 'get_clock' } });
    expect(selectInvalidParam(store.getState(), 'chat')).toBeNull();
    expect(tools(store)?.map((t) => t.name)).toEqual(['get_weather', 'get_clock']);

    const first = screen.getAllByTestId('tool-def')[0]!;
    fireEvent.click(within(first).getByTestId('tool-fixed-on'));
    expect(tools(store)?.[0]?.fixedResult).toBe('{}');
    fireEvent.change(within(first).getByTestId('tool-fixed-result'), { target: { value: '{"temp": 21' } });
    expect(within(first).getByTestId('tool-fixedResult-error').textContent).toMatch(
      /Fixed result: not valid JSON/,
    );
    expect(tools(store)?.[0]?.fixedResult).toBe('{}');
    fireEvent.change(within(first).getByTestId('tool-fixed-result'), { target: { value: '{"temp": 21}' } });
    expect(tools(store)?.[0]?.fixedResult).toBe('{"temp": 21}');
  });

  it('removes a function; removing the chosen one clears the choice', () => {
    const store = setup();
    addExample('get_weather');
    fireEvent.change(screen.getByTestId('tool-choice'), { target: { value: 'fn:get_weather' } });
    expect(choice(store)).toEqual({ name: 'get_weather' });
    fireEvent.click(screen.getByTestId('tool-remove'));
    expect(tools(store)).toBeUndefined();
    expect(choice(store)).toBeUndefined();
    expect(screen.queryByTestId('tool-choice')).toBeNull();
  });

  it('the chosen function follows a rename', () => {
    const store = setup();
    addExample('get_weather');
    fireEvent.change(screen.getByTestId('tool-choice'), { target: { value: 'fn:get_weather' } });
    fireEvent.change(screen.getByTestId('tool-name'), { target: { value: 'weather_now' } });
    expect(choice(store)).toEqual({ name: 'weather_now' });
    expect(selectInvalidParam(store.getState(), 'chat')).toBeNull();
  });

  it.each([
    ['chat', 'required', 'tool_choice: "required"'],
    ['chat', 'fn:get_weather', 'tool_choice: {"type":"function","function":{"name":"get_weather"}}'],
    ['responses', 'fn:get_weather', 'tool_choice: {"type":"function","name":"get_weather"}'],
    ['messages', 'required', 'tool_choice: {"type":"any"}'],
    ['messages', 'none', 'tool_choice: {"type":"none"}'],
    ['generate', 'required', 'toolConfig.functionCallingConfig: {"mode":"ANY"}'],
    [
      'generate',
      'fn:get_weather',
      'toolConfig.functionCallingConfig: {"mode":"ANY","allowedFunctionNames":["get_weather"]}',
    ],
  ] as const)('%s: the tool choice %s is sent as %s', (format, value, wire) => {
    const store = setup(format);
    addExample('get_weather');
    expect(screen.getByTestId('tool-choice-wire').textContent).toBe('Not sent: the service decides (auto).');
    fireEvent.change(screen.getByTestId('tool-choice'), { target: { value } });
    expect(choice(store, format)).toEqual(value.startsWith('fn:') ? { name: value.slice(3) } : value);
    expect(screen.getByTestId('tool-choice-wire').textContent).toBe(`Sent as ${wire}.`);
  });

  it('messages with extended thinking offers only auto or none, says so, and blocks sending otherwise', () => {
    const store = setup('messages', {
      stream: true,
      maxTokens: 4096,
      thinkingBudget: 1024,
      toolChoice: 'required',
    });
    addExample('get_weather');
    expect(screen.getByTestId('tool-choice-wire').textContent).toMatch(
      /with extended thinking on, Messages accepts only auto or none/,
    );
    expect(selectInvalidParam(store.getState(), 'messages')).toMatch(/^Tool choice: with extended thinking/);
    const required = screen.getByRole('option', { name: /required.*not with thinking/ }) as HTMLOptionElement;
    expect(required.disabled).toBe(true);
    fireEvent.change(screen.getByTestId('tool-choice'), { target: { value: 'auto' } });
    expect(screen.getByTestId('tool-choice-wire').textContent).toBe('Sent as tool_choice: {"type":"auto"}.');
    expect(screen.getByTestId('tool-choice-thinking').textContent).toMatch(/only auto or none/);
    expect(selectInvalidParam(store.getState(), 'messages')).toBeNull();
  });

  it('adds a blank function that starts as a valid empty object schema', () => {
    const store = setup();
    fireEvent.click(screen.getByTestId('tool-add'));
    expect(tools(store)).toEqual([
      { name: 'function_1', parameters: expect.stringContaining('"type": "object"') as unknown },
    ]);
  });
});
