import { z } from 'zod';
import {
  IMAGE_COUNT,
  IMAGE_EDIT_LIMITS,
  MASK_BASE64_CHARS,
  imageCountProblem,
  imageSizeProblem,
  MAX_MESSAGE_CHARS,
  MAX_MODEL_ID_CHARS,
  MAX_IMPORT_FILE_CHARS,
  MAX_REPLY_CHARS,
  MAX_TITLE_CHARS,
  MAX_TOOL_CALLS,
  MCP_DENY_REASON_CHARS,
  MCP_STEP_LIMIT,
} from './limits.ts';
import {
  McpServerNameSchema,
  McpToolRefSchema,
  type McpCallResult,
  type McpOverview,
  type McpServerInfo,
  type McpToolRef,
} from './mcp.ts';
import type { ToolRun, ToolRunSummary } from './tool-runs.ts';
import {
  InterfaceSchema,
  KeyFamilySchema,
  KeySlotSchema,
  TEXT_FORMATS,
  TextFormatSchema,
  type Interface,
  type KeySlot,
  type TextFormat,
} from './formats.ts';
import {
  ConnectionNameSchema,
  ParamsSchema,
  type Conversation,
  type Turn,
  type Usage,
} from './conversation.ts';
import { MAX_TOOL_RESULT_CHARS, MAX_TOOLS, ToolResultSchema, type ToolDelta } from './tools.ts';
import { ToolDraftsSchema } from './tool-drafts.ts';
import {
  PRESET_FILE_MAX_CHARS,
  PresetInputSchema,
  type SavedPreset,
  type SkippedPreset,
  type UnreadablePreset,
} from './presets.ts';
import { FolderColorSchema, FolderNameSchema, type Folder } from './organise.ts';
import type { Exchange } from './exchange.ts';
import type { CommandId } from './commands.ts';
import { PriceTableSchema } from './pricing.ts';
import { ATTACHMENT_LIMITS, isSafeFileName, UNSAFE_FILE_NAME, type Attachment } from './attachments.ts';
import type { ErrorKind, Result } from './errors.ts';
import { LabStartInputSchema, type LabMeasure, type LabRecord, type LabSummary } from './speedlab.ts';
import { SPEED_LAB } from './limits.ts';
import { IMAGE_SOURCES, type ImageSettings, type ImageSource } from './gallery.ts';

/**
 * The one contract between the renderer and whichever host runs it (Electron main process or the browser
 * host). Each operation is named once with a zod schema for its input (parsed on the receiving side) and a
 * type for its output. The preload, the WebSocket bridge and the renderer's Bridge type are all derived
 * from `operations` below; nothing else lists them.
 */

// ---------- values that cross the boundary ----------

export interface ConnectionInfo {
  id: string;
  name: string;
  baseUrl: string;
  /** the built-in sandbox (the simulator started in-process); its key is built in */
  builtIn: boolean;
}

export interface KeySlotStatus {
  slot: KeySlot;
  set: boolean;
  /** last four characters, the only part of a key the renderer ever sees */
  last4?: string;
  source?: 'vault' | 'builtin';
  /** the whole key, only for the built-in sandbox: its key is public, and copied commands need it */
  publicKey?: string;
  /**
   * Set when the connection's address moved to another origin since its keys were entered: the keys are
   * not sent there until the user confirms them for this origin (confirmKeys) or enters them again.
   */
  confirmFor?: string;
}

export interface VaultInfo {
  backend: 'safeStorage' | 'keyring' | 'file' | 'memory';
  /** true when keys are merely obfuscated (Linux basic_text, plain 0600 file) */
  weak: boolean;
  /** one sentence for the settings page */
  message: string;
}

export const ThemeSchema = z.enum(['system', 'light', 'dark']);
/** The interface language: the system's, or one of the two the page is written in. */
export const LanguageSchema = z.enum(['system', 'en', 'zh-CN']);
export type Theme = z.infer<typeof ThemeSchema>;

const PartialParams = ParamsSchema.partial();

/** Per-tab memory: last model and parameters. */
export const TabMemorySchema = z.object({
  model: z.string().max(MAX_MODEL_ID_CHARS).optional(),
  /** the connection this tab's last conversation used: a new one takes it */
  connectionId: z.string().max(100).optional(),
  params: PartialParams.optional(),
});

const REPLY_LIMIT_MESSAGE = `The reply size limit is a whole number of characters from ${MAX_REPLY_CHARS.min.toLocaleString('en')} to ${MAX_REPLY_CHARS.max.toLocaleString('en')}.`;

/** Compare's image mode: its columns, each making the image its own way (one of each, in this order). */
export const COMPARE_IMAGE_KINDS = ['responses', 'generate', 'images'] as const;

export const SettingsSchema = z.object({
  theme: ThemeSchema,
  language: LanguageSchema.optional(),
  tabs: z.record(z.string().max(40), TabMemorySchema),
  /** compare columns: (format, model) pairs, each with the parameters it uses when not "same for all" */
  compareColumns: z
    .array(
      z.object({
        /** the connection the column goes through (absent: the active one) */
        connectionId: z.string().max(100).optional(),
        format: TextFormatSchema,
        model: z.string().max(MAX_MODEL_ID_CHARS),
        params: PartialParams.optional(),
      }),
    )
    .max(4),
  /** whether every compare column uses `compareParams` (true unless the user turned it off) */
  compareSameParams: z.boolean().optional(),
  /** the parameters every column uses while "same for all" is on */
  compareParams: PartialParams.optional(),
  /** Compare's image mode: each column's connection and model, and the image settings they share */
  compareImages: z
    .object({
      columns: z
        .array(
          z.object({
            kind: z.enum(COMPARE_IMAGE_KINDS),
            connectionId: z.string().max(100).optional(),
            model: z.string().max(MAX_MODEL_ID_CHARS),
          }),
        )
        .max(COMPARE_IMAGE_KINDS.length),
      params: PartialParams.optional(),
    })
    .optional(),
  images: z
    .object({
      model: z.string().max(MAX_MODEL_ID_CHARS).optional(),
      size: z.string().max(20).optional(),
      n: z.number().int().min(IMAGE_COUNT.min).max(IMAGE_COUNT.max).optional(),
      quality: z.string().max(20).optional(),
      outputFormat: z.enum(['png', 'jpeg', 'webp']).optional(),
    })
    .optional(),
  /** where the user was: reopened after a reload or a restart (the page checks the ids still exist) */
  session: z
    .object({
      tab: z.string().max(40).optional(),
      open: z.partialRecord(TextFormatSchema, z.string().max(200).nullable()).optional(),
    })
    .optional(),
  /** the largest reply kept, in characters (see MAX_REPLY_CHARS) */
  maxReplyChars: z
    .number({ error: REPLY_LIMIT_MESSAGE })
    .int(REPLY_LIMIT_MESSAGE)
    .min(MAX_REPLY_CHARS.min, REPLY_LIMIT_MESSAGE)
    .max(MAX_REPLY_CHARS.max, REPLY_LIMIT_MESSAGE)
    .optional(),
  /** the user's prices per model (shared/pricing.ts); absent until they enter one */
  prices: PriceTableSchema.optional(),
  /** the text tabs' conversation sidebar folded away (Ctrl/Cmd+Shift+S), remembered across restarts */
  sidebarCollapsed: z.boolean().optional(),
  /** functions typed in a Tools section that do not pass the checks yet, by conversation (shared/tool-drafts.ts) */
  toolDrafts: ToolDraftsSchema.optional(),
  /** how many replies with tool calls one message may lead to before Quartet stops asking (shared/mcp.ts) */
  mcpStepLimit: z.number().int().min(MCP_STEP_LIMIT.min).max(MCP_STEP_LIMIT.max).optional(),
});
export type Settings = z.infer<typeof SettingsSchema>;

export interface ConversationSummary {
  id: string;
  format: TextFormat;
  model: string;
  title: string;
  origin: 'chat' | 'compare';
  /** the comparison a Compare column's conversation belongs to */
  comparisonId?: string;
  /** kept at the top of every list */
  pinned?: true;
  /** the folder it is filed in (shared/organise.ts) */
  folderId?: string;
  /** the connection it goes through; absent: unassigned */
  connectionId?: string;
  /** the name of a connection it asks for that is not here (an import, a deleted connection) */
  wantedConnection?: string;
  turnCount: number;
  createdAt: number;
  updatedAt: number;
}

/** One comparison of the Compare view: the same prompts sent to each column's conversation. */
export interface ComparisonSummary {
  id: string;
  /** the first prompt's title */
  title: string;
  columns: ConversationSummary[];
  /** an image comparison's images from the images endpoint (its conversations hold the others) */
  images?: ImageRecord[];
  createdAt: number;
  updatedAt: number;
}

export interface SearchHit {
  conversationId: string;
  turnId: string;
  format: TextFormat;
  title: string;
  /** a conversation of the Compare view opens in its format's tab, marked as from Compare */
  origin: 'chat' | 'compare';
  /** the connection its conversation goes through (absent: unassigned); search spans every connection */
  connectionId?: string;
  /** the name of a connection its conversation asks for that is not here */
  wantedConnection?: string;
  role: 'user' | 'assistant';
  /** where the match is: the message's text, or (a reply's) thought summary */
  in?: 'thoughts';
  /** text around the match, with the match between \u0001 and \u0002 markers */
  snippet: string;
  createdAt: number;
}

export interface ImageRecord {
  id: string;
  /** images generated by one request share a batch */
  batchId: string;
  prompt: string;
  model: string;
  format: 'png' | 'jpeg' | 'webp';
  requestedSize?: string;
  reportedSize?: string;
  width: number;
  height: number;
  sizeAdjusted: boolean;
  bytes: number;
  /** the quality asked for */
  quality?: string;
  /** the quality the service said it used (its reply's `quality`) */
  reportedQuality?: string;
  hasThumbnail: boolean;
  usage?: Record<string, unknown>;
  exchangeId?: string;
  createdAt: number;
  /** what made it: the images endpoint, a conversation's reply (responses, generate) or an edit */
  source: ImageSource;
  /** the conversation and turn (the reply) it came from, while they exist */
  conversationId?: string;
  messageId?: string;
  /** the gallery image it was edited from, while it exists: its lineage */
  parentId?: string;
  /** the settings it was made with */
  settings?: ImageSettings;
  /** the Compare image comparison it was made in (the images endpoint's column), while it is kept */
  comparisonId?: string;
  /** how long its request took, from sending to the image decoded (a Compare column's "to final") */
  tookMs?: number;
}

export interface ExchangeSummary {
  id: string;
  interface: Interface;
  method: 'GET' | 'POST';
  url: string;
  status?: number;
  streamed: boolean;
  totalMs?: number;
  error?: string;
  /** the kind of that error: `aborted` when the user stopped it */
  errorKind?: ErrorKind;
  startedAt: number;
}

export type CheckStatus = 'pass' | 'warn' | 'fail' | 'info';
export interface CheckResult {
  id: string;
  group: string;
  name: string;
  status: CheckStatus;
  /** what was expected and what came back, in one line */
  detail: string;
  exchangeId?: string;
}

export interface AppInfo {
  host: 'electron' | 'web';
  version: string;
  dataDir: string;
  vault: VaultInfo;
  /** notes for the user from start-up, e.g. a corrupt database that was set aside */
  notices: string[];
}

export interface SendResult {
  userTurn: Turn;
  /** the reply; status 'error' or 'partial' when the service failed or the user stopped it */
  reply: Turn;
  /** running totals of the conversation */
  totals: Usage;
}

/** `download`: one URL per image and the name to save it under (unique within the call), in order. */
export type SaveResult =
  | { kind: 'saved'; paths: string[] }
  | { kind: 'download'; urls: string[]; names: string[] }
  | { kind: 'cancelled' };

// ---------- input schemas ----------

const Id = z.string().min(1).max(100);
const RequestId = z.string().min(1).max(100);
/** Where a tool run belongs: the conversation, the reply and the call it answers. */
const ToolRunPlace = z
  .object({ conversationId: Id, replyId: Id, callId: z.string().min(1).max(200) })
  .strict();
const ModelId = z
  .string()
  .trim()
  .min(1, 'Choose a model.')
  .max(MAX_MODEL_ID_CHARS, `The model id is longer than ${MAX_MODEL_ID_CHARS} characters.`);
const Empty = z.object({}).strict();
/** Conversations picked together (the all-conversations view's selection). */
const Ids = z
  .array(Id)
  .min(1, 'Pick at least one conversation.')
  .max(10_000, 'At most 10,000 conversations at once.');

/** What a generation and an edit both ask for: the model, the prompt and the settings of the images. */
const imageRequestFields = {
  requestId: RequestId,
  model: ModelId,
  prompt: z.string().trim().min(1, 'Describe the image.').max(32_000),
  size: z
    .string()
    .max(20)
    .superRefine((size, ctx) => {
      const problem = imageSizeProblem(size);
      if (problem !== undefined) ctx.addIssue({ code: 'custom', message: problem });
    })
    .optional(),
  n: z
    .number()
    .superRefine((n, ctx) => {
      const problem = imageCountProblem(n);
      if (problem !== undefined) ctx.addIssue({ code: 'custom', message: problem });
    })
    .optional(),
  quality: z.enum(['low', 'medium', 'high', 'auto']).optional(),
  outputFormat: z.enum(['png', 'jpeg', 'webp']).optional(),
  background: z.enum(['transparent', 'opaque', 'auto']).optional(),
};

export const ImageGenerateInputSchema = z.object({
  ...imageRequestFields,
  /** the connection it goes through (absent: the active one, as the Images tab does) */
  connectionId: Id.optional(),
  /** a Compare image comparison's images-endpoint column: the images are kept with it */
  comparisonId: Id.optional(),
});

/** An image to edit: one of the gallery's, or a file the page uploaded (putAttachment). */
export const EditReferenceSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('gallery'), id: Id }),
  z.object({ kind: z.literal('attachment'), id: Id }),
]);
export type EditReference = z.infer<typeof EditReferenceSchema>;

export const ImageEditInputSchema = z.object({
  ...imageRequestFields,
  /** the first is the image edited (and masked); the others are references */
  references: z
    .array(EditReferenceSchema)
    .min(1, 'Choose an image to edit.')
    .max(
      IMAGE_EDIT_LIMITS.references,
      `At most ${IMAGE_EDIT_LIMITS.references} images can be edited together.`,
    ),
  /** the mask painted on the page (a PNG as base64), or an uploaded PNG */
  mask: z
    .discriminatedUnion('kind', [
      z.object({
        kind: z.literal('painted'),
        pngBase64: z
          .string()
          .min(1)
          .max(
            MASK_BASE64_CHARS,
            `The mask may be at most ${IMAGE_EDIT_LIMITS.maskBytes / (1024 * 1024)} MB.`,
          )
          .regex(/^[A-Za-z0-9+/]*={0,2}$/, 'Not base64.'),
      }),
      z.object({ kind: z.literal('attachment'), id: Id }),
    ])
    .optional(),
  inputFidelity: z.enum(['low', 'high']).optional(),
});

/** Turn text: at most 10 MB; empty only when files go with it (checked with them). */
const TurnText = z.string().max(MAX_MESSAGE_CHARS, 'The message is larger than 10 MB.');

/** A file to import, as the page read it. */
const ImportFileInput = z.object({
  content: z
    .string()
    .max(MAX_IMPORT_FILE_CHARS, `The file is larger than ${MAX_IMPORT_FILE_CHARS / 1_000_000} MB.`),
});

const AttachmentIds = z
  .array(Id)
  .max(ATTACHMENT_LIMITS.count, `A message may carry at most ${ATTACHMENT_LIMITS.count} files.`);

/** The largest file in base64: four characters per three bytes. */
const MAX_ATTACHMENT_BASE64 = Math.ceil(ATTACHMENT_LIMITS.fileBytes / 3) * 4;

// ---------- operations ----------

/** Declares an operation: its output type (phantom), then its input schema: `op<Out>()(schema)`. */
function op<O>() {
  return <I extends z.ZodType>(input: I): { input: I; output?: O } => ({ input });
}

export const operations = {
  getAppInfo: op<AppInfo>()(Empty),

  // connections and keys
  listConnections: op<{ connections: ConnectionInfo[]; activeId: string | null }>()(Empty),
  saveConnection: op<ConnectionInfo>()(
    z.object({
      id: Id.optional(),
      name: ConnectionNameSchema,
      baseUrl: z.string().max(2000),
    }),
  ),
  deleteConnection: op<{ activeId: string | null }>()(z.object({ id: Id })),
  activateConnection: op<ConnectionInfo>()(z.object({ id: Id })),
  getKeyStatus: op<KeySlotStatus[]>()(z.object({ connectionId: Id })),
  setKey: op<KeySlotStatus>()(
    z.object({
      connectionId: Id,
      slot: KeySlotSchema,
      key: z
        .string()
        .trim()
        .min(1, 'The key is empty.')
        .max(4096)
        .regex(/^[\x21-\x7e]+$/, 'A key is printable ASCII without spaces.'),
    }),
  ),
  clearKey: op<KeySlotStatus>()(z.object({ connectionId: Id, slot: KeySlotSchema })),
  /** the user confirms that the connection's keys may be sent to its current address */
  confirmKeys: op<KeySlotStatus[]>()(z.object({ connectionId: Id })),
  /** lists models with the slot's key; says whether the key is accepted */
  testKey: op<{ ok: boolean; message: string; modelCount?: number }>()(
    z.object({ connectionId: Id, slot: KeySlotSchema }),
  ),

  // settings
  getSettings: op<Settings>()(Empty),
  updateSettings: op<Settings>()(SettingsSchema.partial()),

  // models
  /** the models of a connection (absent: the active one) for a key family */
  listModels: op<{ models: { id: string; ownedBy?: string }[]; exchangeId: string }>()(
    z.object({ family: KeyFamilySchema, connectionId: Id.optional() }),
  ),

  // conversations
  listConversations: op<ConversationSummary[]>()(
    z.object({ format: TextFormatSchema.optional(), origin: z.enum(['chat', 'compare']).optional() }),
  ),
  /** The conversation on its current branch, or (with turnId, e.g. a search hit) on the branch holding that turn. */
  getConversation: op<Conversation>()(z.object({ id: Id, turnId: Id.optional() })),
  createConversation: op<Conversation>()(
    z.object({
      /**
       * Chosen by the page, so that a send can follow at once without waiting for this answer: the host
       * runs calls in the order they come, and the conversation exists when the next call runs. Refused
       * when taken. Absent: the host chooses.
       */
      id: z.uuid("A new conversation's id is a UUID.").optional(),
      format: TextFormatSchema,
      model: ModelId,
      title: z.string().max(MAX_TITLE_CHARS).optional(),
      params: ParamsSchema.optional(),
      origin: z.enum(['chat', 'compare']).optional(),
      /** a Compare column's conversation: the comparison it belongs to */
      comparisonId: Id.optional(),
      /** the connection its requests go through (absent: the active one) */
      connectionId: Id.optional(),
    }),
  ),
  updateConversation: op<ConversationSummary>()(
    z.object({
      id: Id,
      title: z.string().trim().min(1).max(MAX_TITLE_CHARS).optional(),
      model: ModelId.optional(),
      params: ParamsSchema.optional(),
      /** a Compare column's conversation continued in its format's tab: it moves there (never back) */
      origin: z.literal('chat').optional(),
      /** moves it to another connection; its history stays (what is bound to the old service is left out) */
      connectionId: Id.optional(),
    }),
  ),
  deleteConversation: op<{ deleted: boolean }>()(z.object({ id: Id })),
  searchConversations: op<SearchHit[]>()(
    z.object({
      query: z.string().max(500),
      format: TextFormatSchema.optional(),
      limit: z.number().int().min(1).max(200).optional(),
    }),
  ),
  /**
   * The export as text, or (for a conversation too large for one message) written by the host into the
   * data folder: then `content` is empty and `savedTo` says where the whole file is.
   */
  exportConversation: op<{ filename: string; mime: string; content: string; savedTo?: string }>()(
    z.object({
      id: Id,
      as: z.enum(['markdown', 'json']),
      /** the branch on screen (default), or every branch (JSON only) */
      branches: z.enum(['current', 'all']).optional(),
    }),
  ),
  importConversation: op<Conversation>()(ImportFileInput),

  // organising (shared/organise.ts): folders shared by the four tabs, pins, and many conversations at once
  /** Every folder, by name. */
  listFolders: op<Folder[]>()(Empty),
  /** A new folder; a name another folder has (without regard to case) is refused. */
  createFolder: op<Folder>()(z.object({ name: FolderNameSchema, color: FolderColorSchema.optional() })),
  /** Renames, recolours (null: no colour) or folds a folder. */
  updateFolder: op<Folder>()(
    z.object({
      id: Id,
      name: FolderNameSchema.optional(),
      color: FolderColorSchema.nullable().optional(),
      collapsed: z.boolean().optional(),
    }),
  ),
  /** Deletes a folder; its conversations stay, unfiled. */
  deleteFolder: op<{ deleted: boolean; unfiled: number }>()(z.object({ id: Id })),
  /** Pins or unpins, files (folderId) or unfiles (null) conversations; this is not activity (updatedAt stays). */
  organiseConversations: op<ConversationSummary[]>()(
    z.object({ ids: Ids, pinned: z.boolean().optional(), folderId: Id.nullable().optional() }),
  ),
  /** Deletes conversations with their turns, and the files only they used. */
  deleteConversations: op<{ deleted: number }>()(z.object({ ids: Ids })),
  /** One JSON file holding the conversations (every branch, their files, pin and folder); like exportConversation. */
  exportConversations: op<{ filename: string; mime: string; content: string; savedTo?: string }>()(
    z.object({ ids: Ids }),
  ),
  /**
   * Imports a conversation file or a file of many (exportConversations); each conversation of a bundle is
   * checked alone, and one that cannot be read is skipped with why.
   */
  importConversations: op<{
    imported: ConversationSummary[];
    skipped: { index: number; title: string; message: string }[];
  }>()(ImportFileInput),

  /** Every comparison of the Compare view, newest first, with its columns' conversations. */
  listComparisons: op<ComparisonSummary[]>()(Empty),
  /** Deletes a comparison's conversations. */
  deleteComparison: op<{ deleted: number }>()(z.object({ id: Id })),
  /** Shows another version of a turn: the conversation comes back on the branch through `turnId`. */
  selectBranch: op<Conversation>()(z.object({ conversationId: Id, turnId: Id })),
  /** A new conversation holding the branch on screen up to and including `turnId`. */
  forkConversation: op<Conversation>()(z.object({ conversationId: Id, turnId: Id })),
  /**
   * Rewrites an assistant reply as a new version of it (to steer the next turn). The new version has no
   * provider payload, so it goes back as plain text.
   */
  editReply: op<Conversation>()(
    z.object({
      conversationId: Id,
      turnId: Id,
      text: z
        .string()
        .trim()
        .min(1, 'The reply is empty.')
        .max(MAX_MESSAGE_CHARS, 'The reply is larger than 10 MB.'),
    }),
  ),

  // presets
  /** Every preset by name; one the host cannot read (a newer release saved it) is listed apart. */
  listPresets: op<{ presets: SavedPreset[]; unreadable: UnreadablePreset[] }>()(Empty),
  /** Creates a preset (no id) or replaces one; a name another preset has is refused. */
  savePreset: op<SavedPreset>()(PresetInputSchema),
  deletePreset: op<{ deleted: boolean }>()(z.object({ id: Id })),
  /** The presets file (all, or `ids`) as text, like exportConversation; `savedTo` when too large to send. */
  exportPresets: op<{ filename: string; mime: string; content: string; savedTo?: string }>()(
    z.object({ ids: z.array(Id).max(10_000).optional() }),
  ),
  /** Imports a presets file: each preset is checked alone; the ones skipped come back with why. */
  importPresets: op<{ imported: SavedPreset[]; skipped: SkippedPreset[] }>()(
    z.object({
      content: z
        .string()
        .max(PRESET_FILE_MAX_CHARS, `The file is larger than ${PRESET_FILE_MAX_CHARS / 1_000_000} MB.`),
    }),
  ),

  // attachments
  /** Stores a file for a message to come; the host checks its type from its bytes and its size. */
  putAttachment: op<Attachment>()(
    z.object({
      name: z
        .string()
        .trim()
        .min(1, 'The file has no name.')
        .max(255, 'The file name is longer than 255 characters.')
        .refine(isSafeFileName, UNSAFE_FILE_NAME),
      /** what the picker said; the host trusts the bytes */
      mimeType: z.string().max(100),
      dataBase64: z
        .string()
        .max(
          MAX_ATTACHMENT_BASE64,
          `A file may be at most ${ATTACHMENT_LIMITS.fileBytes / (1024 * 1024)} MB.`,
        )
        .regex(/^[A-Za-z0-9+/]*={0,2}$/, 'Not base64.'),
    }),
  ),
  /** An image from the gallery as a file for a message ("Ask about this image"). */
  attachImage: op<Attachment>()(z.object({ imageId: Id })),
  /**
   * A copy of an attached image brought within the limits of every one of `formats` (scaled down, then
   * JPEG or WebP at falling quality); the image itself when it keeps them already.
   */
  fitAttachment: op<Attachment>()(
    z.object({ id: Id, formats: z.array(TextFormatSchema).min(1).max(TEXT_FORMATS.length) }),
  ),

  // chat
  /**
   * Sends a user turn and waits for the reply; deltas arrive as `delta` events. With editTurnId the text
   * (and files, when given; else the edited turn's) become a new version of that turn, beside the old one.
   */
  sendMessage: op<SendResult>()(
    z.object({
      requestId: RequestId,
      conversationId: Id,
      text: TurnText,
      attachmentIds: AttachmentIds.optional(),
      editTurnId: Id.optional(),
      /** answers to the calls of the reply on screen, one per call (text may then be empty) */
      toolResults: z
        .array(ToolResultSchema)
        .max(MAX_TOOL_CALLS, `A message answers at most ${MAX_TOOL_CALLS} function calls.`)
        .optional(),
    }),
  ),
  /**
   * Asks again for a reply: the last one, or `turnId`'s. The old reply stays as another version (a
   * failed one without text is replaced).
   */
  regenerate: op<SendResult>()(z.object({ requestId: RequestId, conversationId: Id, turnId: Id.optional() })),
  /** Stops a running request (chat, image or check); a partial reply is kept and marked. */
  abortRequest: op<{ aborted: boolean }>()(z.object({ requestId: RequestId })),

  // images
  generateImages: op<{ images: ImageRecord[]; exchangeId: string }>()(ImageGenerateInputSchema),
  /** POST /v1/images/edits; the results join the gallery as children of the first reference when it is one */
  editImages: op<{ images: ImageRecord[]; exchangeId: string }>()(ImageEditInputSchema),
  listImages: op<{ items: ImageRecord[]; total: number }>()(
    z.object({
      offset: z.number().int().min(0).optional(),
      limit: z.number().int().min(1).max(1000).optional(),
      /** only the images of one source */
      source: z.enum(IMAGE_SOURCES).optional(),
    }),
  ),
  /** Every version of an image: the first of its lineage and every image edited from it, oldest first. */
  imageVersions: op<{ items: ImageRecord[] }>()(z.object({ id: Id })),
  deleteImage: op<{ deleted: boolean }>()(z.object({ id: Id })),
  /** Native save dialog in the desktop app; a download in the browser host. */
  saveImages: op<SaveResult>()(z.object({ ids: z.array(Id).min(1).max(100) })),
  /** The renderer makes thumbnails (the page decodes every format); the host stores them. */
  putThumbnail: op<{ ok: true }>()(
    z.object({
      id: Id,
      webpBase64: z
        .string()
        .max(2_000_000)
        .regex(/^[A-Za-z0-9+/]*={0,2}$/, 'Not base64.'),
    }),
  ),

  // inspector
  listExchanges: op<ExchangeSummary[]>()(
    z.object({ limit: z.number().int().min(1).max(500).optional(), before: z.number().optional() }),
  ),
  getExchange: op<Exchange>()(z.object({ id: Id })),
  /** Deletes every request record (replies keep working; their "inspect" then says the record is gone). */
  clearExchanges: op<{ cleared: number }>()(z.object({})),

  // connection check
  /** Runs the connection checks; each result also arrives as a `check` event as it finishes. */
  checkConnection: op<{ results: CheckResult[]; markdown: string; cause?: string }>()(
    z.object({
      requestId: RequestId,
      /** the connection to check (absent: the active one) */
      connectionId: Id.optional(),
      images: z.boolean().optional(),
      /** also send each text format a tiny image (the spec is silent on input images: information) */
      attachments: z.boolean().optional(),
      /** also make each text format call a function and answer it (the spec is silent on tools: information) */
      tools: z.boolean().optional(),
      /** the model each tab has chosen, so the check calls what the user would */
      models: z
        .object({
          chat: ModelId.optional(),
          responses: ModelId.optional(),
          messages: ModelId.optional(),
          generate: ModelId.optional(),
          image: ModelId.optional(),
        })
        .optional(),
    }),
  ),

  // the speed lab (shared/speedlab.ts): measure rows of (connection, format, model), saved runs
  /** Runs the lab (stopped by abortRequest), each finished run told as a `labRun` event; saved when it ends. */
  runSpeedLab: op<LabRecord>()(LabStartInputSchema),
  listSpeedLabs: op<LabSummary[]>()(Empty),
  getSpeedLab: op<LabRecord>()(z.object({ id: Id })),
  renameSpeedLab: op<LabSummary>()(
    z.object({ id: Id, name: z.string().trim().min(1).max(SPEED_LAB.nameChars) }),
  ),
  deleteSpeedLab: op<{ deleted: boolean }>()(z.object({ id: Id })),
  exportSpeedLab: op<{ filename: string; mime: string; content: string }>()(
    z.object({ id: Id, as: z.enum(['csv', 'json']) }),
  ),

  // tool servers (shared/mcp.ts): the page lists them, switches listed ones on and off, reloads the file and
  // calls a tool; nothing here names a command or an address, so the page can never add or start a program
  /** mcp.json's path, problems and servers; with `start`, every enabled server is started first */
  listMcpServers: op<McpOverview>()(z.object({ start: z.boolean().optional() }).strict()),
  /** Reads mcp.json again: changed and removed servers stop, failed ones may start again. */
  reloadMcpConfig: op<McpOverview>()(Empty),
  /** Switches a listed server on or off (off stops it). */
  setMcpServerEnabled: op<McpServerInfo>()(
    z.object({ name: McpServerNameSchema, enabled: z.boolean() }).strict(),
  ),
  /** Runs one tool of an enabled server; stopped by abortRequest. A failed call is a result with isError. */
  callMcpTool: op<McpCallResult>()(
    z
      .object({
        requestId: RequestId,
        server: McpServerNameSchema,
        tool: z.string().min(1).max(200),
        /** the call's arguments as the model sent them: JSON text of an object */
        arguments: z.string().max(MAX_TOOL_RESULT_CHARS, 'The arguments are larger than 2 MB.'),
        /** the reply's call this runs: the run is recorded with its conversation (the inspector shows it) */
        run: ToolRunPlace.optional(),
      })
      .strict(),
  ),
  /** The user denied a reply's call to a server tool: recorded with the reason (nothing runs). */
  denyMcpTool: op<ToolRunSummary>()(
    z
      .object({
        server: McpServerNameSchema,
        tool: z.string().min(1).max(200),
        arguments: z.string().max(MAX_TOOL_RESULT_CHARS, 'The arguments are larger than 2 MB.'),
        reason: z.string().max(MCP_DENY_REASON_CHARS),
        run: ToolRunPlace,
      })
      .strict(),
  ),
  /** The inspector's tool runs, newest first (each also arrives as a `toolRun` event as it ends). */
  listToolRuns: op<ToolRunSummary[]>()(
    z.object({ limit: z.number().int().min(1).max(500).optional(), before: z.number().optional() }).strict(),
  ),
  getToolRun: op<ToolRun>()(z.object({ id: Id }).strict()),
  /** The server tools a conversation lets run without asking (kept with it, cleared when its tools change). */
  getMcpAlways: op<McpToolRef[]>()(z.object({ conversationId: Id }).strict()),
  /** Sets that list (empty: ask again for every tool); only tools the conversation switched on are kept. */
  setMcpAlways: op<McpToolRef[]>()(
    z.object({ conversationId: Id, tools: z.array(McpToolRefSchema).max(MAX_TOOLS) }).strict(),
  ),

  // links
  /** Opens an http(s) link in the system browser (desktop) ; refused for other schemes. */
  openExternal: op<{ opened: boolean }>()(z.object({ url: z.string().max(4000) })),
} as const;

export type Operations = typeof operations;
export type OperationName = keyof Operations;
export const OPERATION_NAMES = Object.keys(operations) as OperationName[];
export type OperationInput<K extends OperationName> = z.input<Operations[K]['input']>;
export type ParsedInput<K extends OperationName> = z.output<Operations[K]['input']>;
export type OperationOutput<K extends OperationName> = NonNullable<Operations[K]['output']>;

// ---------- events pushed by the host ----------

export interface HostEvents {
  /** streaming text of a running request */
  delta: { requestId: string; text?: string; thought?: string; tool?: ToolDelta };
  /**
   * a partial image of a streamed reply (the responses image tool's partial_image): shown in place of the
   * last one until the reply is done; the final image is stored and loaded by URL, never sent here
   */
  partialImage: { requestId: string; image: number; partial: number; mimeType: string; base64: string };
  /** a new exchange record is available to the inspector */
  exchange: { requestId?: string; summary: ExchangeSummary };
  /** a tool run was recorded (run, failed, stopped or denied) */
  toolRun: { summary: ToolRunSummary };
  /** one connection-check result as it finishes */
  check: { requestId: string; result: CheckResult };
  /** an image request's progress */
  imageProgress: { requestId: string; phase: 'waiting' | 'decoding' | 'saving' };
  /** a request failed and will be tried again: attempt `attempt` of at most `of`, after `delayMs` */
  retry: { requestId: string; attempt: number; of: number; delayMs: number; reason: string };
  /** a speed-lab run finished: what it measured, and how many runs the lab holds */
  labRun: { requestId: string; measure: LabMeasure; of: number };
  /** the desktop menu ran a command (shared/commands.ts); the page does it as if its shortcut was pressed */
  command: { id: CommandId };
}
export type HostEventName = keyof HostEvents;
export const HOST_EVENT_NAMES: HostEventName[] = [
  'delta',
  'partialImage',
  'exchange',
  'toolRun',
  'check',
  'imageProgress',
  'retry',
  'labRun',
  'command',
];

// ---------- the bridge, derived ----------

/** What the renderer may call. Both hosts implement exactly this. */
export type BridgeOperations = {
  [K in OperationName]: (input: OperationInput<K>) => Promise<Result<OperationOutput<K>>>;
};
export interface Bridge extends BridgeOperations {
  /** subscribe to a host event; returns the unsubscribe function */
  on<E extends HostEventName>(event: E, listener: (payload: HostEvents[E]) => void): () => void;
  /** where the page can load an image's bytes: full size or thumbnail */
  imageUrl(id: string, variant: 'full' | 'thumb'): string;
  /** where the page can load an attached file's bytes (`/media/attachment/<id>`) */
  attachmentUrl(id: string): string;
  readonly host: 'electron' | 'web';
}

/** IPC channel for an operation; the only place the naming scheme lives. */
export function channelOf(name: OperationName): string {
  return `quartet:${name}`;
}
export const EVENT_CHANNEL = 'quartet:event';

export type { Interface };
export { InterfaceSchema };
