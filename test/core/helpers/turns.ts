import type { ProviderPayload, Turn } from '../../../shared/conversation.ts';

// Turns for building histories in tests, numbered in the order they are made.
let n = 0;

export const user = (text: string): Turn => ({
  id: `u${++n}`,
  role: 'user',
  text,
  status: 'complete',
  createdAt: n,
});

export const assistant = (text: string, raw?: ProviderPayload, extra: Partial<Turn> = {}): Turn => ({
  id: `a${++n}`,
  role: 'assistant',
  text,
  status: 'complete',
  createdAt: n,
  ...(raw ? { raw } : {}),
  ...extra,
});
