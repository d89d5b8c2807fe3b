/** 界面的简体中文文本：zh-CN/ 下每个文件对应 en/ 下的同名文件，键一一对应。 */
import type { MessageKey } from './messages-en.ts';
import type { Entry } from './translate.ts';
import { common } from './zh-CN/common.ts';
import { organise } from './zh-CN/organise.ts';
import { settings } from './zh-CN/settings.ts';
import { cost } from './zh-CN/cost.ts';
import { commands } from './zh-CN/commands.ts';
import { reading } from './zh-CN/reading.ts';
import { compare } from './zh-CN/compare.ts';
import { images } from './zh-CN/images.ts';
import { imageEdit } from './zh-CN/image-edit.ts';
import { inspector } from './zh-CN/inspector.ts';
import { connections } from './zh-CN/connections.ts';
import { models } from './zh-CN/models.ts';
import { notices } from './zh-CN/notices.ts';
import { params } from './zh-CN/params.ts';
import { tools } from './zh-CN/tools.ts';
import { mcp } from './zh-CN/mcp.ts';
import { presets } from './zh-CN/presets.ts';
import { attachments } from './zh-CN/attachments.ts';
import { reply } from './zh-CN/reply.ts';
import { problems } from './zh-CN/problems.ts';
import { files } from './zh-CN/files.ts';
import { endpoints } from './zh-CN/endpoints.ts';
import { figures } from './zh-CN/figures.ts';
import { app } from './zh-CN/app.ts';
import { chat } from './zh-CN/chat.ts';
import { components } from './zh-CN/components.ts';
import { speedlab } from './zh-CN/speedlab.ts';

export const zhCN: Record<MessageKey, Entry> = {
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
