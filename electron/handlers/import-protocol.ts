// What the import worker (import-worker.ts) sends the host, message by message.
import type { Conversation, Turn } from '../../shared/conversation.ts';
import type { EmbeddedFile, EntryOrganise } from '../../shared/export.ts';
import type { ToolRunFile } from '../../shared/tool-runs.ts';

/** Turns per message: taking in one message stays a short task (a turn's text may be megabytes). */
export const TURNS_PER_MESSAGE = 200;

export type ParseMessage =
  | { type: 'fail'; message: string }
  | { type: 'start'; kind: 'conversation' | 'bundle'; count: number }
  | { type: 'skip'; index: number; title: string; message: string }
  | {
      type: 'entry';
      index: number;
      head: Omit<Conversation, 'turns' | 'branches'>;
      hasBranches: boolean;
      files: EmbeddedFile[];
      organise?: EntryOrganise;
    }
  | { type: 'turns'; index: number; which: 'turns' | 'branches'; turns: Turn[] }
  /** the entry's tool runs, TURNS_PER_MESSAGE at a time (a run's result may be 100,000 characters) */
  | { type: 'toolRuns'; index: number; runs: ToolRunFile[] }
  | { type: 'done' };
