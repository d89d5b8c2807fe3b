/**
 * The interface's English text, by key: one file per part of the app under en/, each with its twin
 * under zh-CN/ (a type error and test/renderer/i18n.test.ts say when a key is missing in either). A string
 * may hold {name} placeholders; an entry that depends on a number (plurals) is a function.
 */
import { common } from './en/common.ts';
import { organise } from './en/organise.ts';
import { settings } from './en/settings.ts';
import { cost } from './en/cost.ts';
import { commands } from './en/commands.ts';
import { reading } from './en/reading.ts';
import { compare } from './en/compare.ts';
import { images } from './en/images.ts';
import { imageEdit } from './en/image-edit.ts';
import { inspector } from './en/inspector.ts';
import { connections } from './en/connections.ts';
import { models } from './en/models.ts';
import { notices } from './en/notices.ts';
import { params } from './en/params.ts';
import { tools } from './en/tools.ts';
import { mcp } from './en/mcp.ts';
import { presets } from './en/presets.ts';
import { attachments } from './en/attachments.ts';
import { reply } from './en/reply.ts';
import { problems } from './en/problems.ts';
import { files } from './en/files.ts';
import { endpoints } from './en/endpoints.ts';
import { figures } from './en/figures.ts';
import { app } from './en/app.ts';
import { chat } from './en/chat.ts';
import { components } from './en/components.ts';
import { speedlab } from './en/speedlab.ts';

export const en = {
  ...common,
  ...settings,
  ...cost,
  ...commands,
  ...reading,
  ...organise,
  ...compare,
  ...images,
  ...imageEdit,
  ...inspector,
  ...models,
  ...connections,
  ...notices,
  ...params,
  ...tools,
  ...mcp,
  ...presets,
  ...attachments,
  ...reply,
  ...problems,
  ...files,
  ...endpoints,
  ...figures,
  ...app,
  ...chat,
  ...components,
  ...speedlab,
};

export type MessageKey = keyof typeof en;
