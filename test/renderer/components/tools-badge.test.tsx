// @vitest-environment jsdom
// The Tools section's badge says what the request carries: the functions (typed and server tools), the responses image tool (an
// entry of `tools` even with no function) and generate content's image output, and "not sent" only when
// none of them goes. Switching the image tool on changes the badge at once.
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { ToolsSection } from '../../../renderer/features/params/ToolsSection.tsx';
import type { Params } from '../../../shared/conversation.ts';
import type { TextFormat } from '../../../shared/formats.ts';
import { TOOL_EXAMPLES } from '../../../shared/tools.ts';
import { fakeBridge, freshStore } from '../fake-bridge.ts';
import { renderWithStore } from './render.tsx';

afterEach(cleanup);

const WEATHER = TOOL_EXAMPLES.find((t) => t.name === 'get_weather')!;

function Section(props: { format: TextFormat; start: Params }) {
  const [params, setParams] = useState(props.start);
  return <ToolsSection format={props.format} params={params} onChange={setParams} />;
}

function show(format: TextFormat, start: Params) {
  const t = freshStore();
  // the section lists tool servers too: none here (an unfaked operation answers with an error)
  t.setBridge(fakeBridge({}).bridge);
  renderWithStore(<Section format={format} start={start} />, t.store);
}

const badge = () => screen.getByTestId('param-tools').querySelector('legend');

describe('the Tools badge', () => {
  it('responses: the image tool alone is sent, and says so', () => {
    show('responses', { stream: true });
    expect(badge()?.textContent).toContain('not sent');
    fireEvent.click(screen.getByTestId('param-imageGeneration'));
    const sent = screen.getByTestId('tools-sent-badge');
    expect(sent.textContent).toBe('sent · image tool');
    expect(sent.getAttribute('title')).toContain('tools[image_generation]');
    expect(badge()?.textContent).not.toContain('not sent');
  });

  it('responses: functions and the image tool together', () => {
    show('responses', { stream: true, tools: [WEATHER], imageGeneration: true });
    expect(screen.getByTestId('tools-sent-badge').textContent).toBe('sent · 1 function + image tool');
  });

  it('generate: image output is what is sent', () => {
    show('generate', { stream: true, imageOutput: true });
    const sent = screen.getByTestId('tools-sent-badge');
    expect(sent.textContent).toBe('sent · image output');
    expect(sent.getAttribute('title')).toContain('responseModalities');
  });

  it('server tools switched on are sent as functions too', () => {
    show('messages', { stream: true, mcpTools: [{ server: 'local', tool: 'echo' }] });
    expect(screen.getByTestId('tools-sent-badge').textContent).toBe('sent · 1 function');
    cleanup();
    show('chat', { stream: true, tools: [WEATHER], mcpTools: [{ server: 'local', tool: 'echo' }] });
    expect(screen.getByTestId('tools-sent-badge').textContent).toBe('sent · 2 functions');
  });

  it('chat has no image making: functions only', () => {
    show('chat', { stream: true, tools: [WEATHER] });
    expect(screen.getByTestId('tools-sent-badge').textContent).toBe('sent · 1 function');
  });
});
